/**
 * The legal texts are shown in both languages on one page whatever the interface language
 * (SEED.md §2), so they live here as content rather than in the interface string files.
 */
export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export const LAST_UPDATED = '2025-08-22';
export const PRIVACY_CONTACT = 'privacy@mathclub.school';

export const TERMS: Record<'uk' | 'en', LegalSection[]> = {
  uk: [
    { heading: '1. Загальні положення', paragraphs: ['Математичний клуб — це навчальна платформа школи, де вчителі публікують математичні завдання, а учні надсилають розв\'язки. Користуючись платформою, ви погоджуєтеся з цими умовами.'] },
    { heading: '2. Облікові записи', paragraphs: ['Кожен користувач створює власний обліковий запис і відповідає за збереження свого пароля. Нові облікові записи активує вчитель. Не передавайте свій пароль іншим людям.'] },
    { heading: '3. Правила поведінки', paragraphs: ['Надсилайте лише власні розв\'язки. Заборонено публікувати образливі, незаконні чи чужі матеріали. Вчитель може деактивувати обліковий запис у разі порушення правил.'] },
    { heading: '4. Вміст', paragraphs: ['Завдання належать їхнім авторам-учителям. Надсилаючи розв\'язок чи зображення, ви дозволяєте школі зберігати й показувати його вчителям вашої групи для перевірки.'] },
    { heading: '5. Зміни умов', paragraphs: ['Школа може оновлювати ці умови. Дата останнього оновлення вказана на цій сторінці.'] },
  ],
  en: [
    { heading: '1. General', paragraphs: ['Math Club is a school learning platform where teachers post math tasks and students send solutions. By using the platform you agree to these terms.'] },
    { heading: '2. Accounts', paragraphs: ['Every user creates their own account and is responsible for keeping their password safe. A teacher activates new accounts. Do not share your password with anyone.'] },
    { heading: '3. Conduct', paragraphs: ['Send only your own solutions. Offensive, unlawful or copied material is not allowed. A teacher may deactivate an account that breaks these rules.'] },
    { heading: '4. Content', paragraphs: ['Tasks belong to the teachers who wrote them. By sending a solution or an image you allow the school to store it and show it to the teachers of your group for review.'] },
    { heading: '5. Changes', paragraphs: ['The school may update these terms. The date of the last update is shown on this page.'] },
  ],
};

export const PRIVACY: Record<'uk' | 'en', LegalSection[]> = {
  uk: [
    { heading: '1. Які дані ми збираємо', paragraphs: ['Логін, ім\'я, роль, клас і літеру класу, обрані групи, надіслані розв\'язки та зображення, а також дати їх надсилання й перевірки. Пароль зберігається лише у вигляді захищеного хешу.'] },
    { heading: '2. Навіщо', paragraphs: ['Дані потрібні лише для роботи клубу: показувати завдання вашої групи, перевіряти розв\'язки, нараховувати бали й формувати рейтинги.'] },
    { heading: '3. Зображення', paragraphs: ['З фотографій видаляються всі метадані (зокрема геолокація). Зображення доступні лише за тимчасовими посиланнями користувачам, які мають право їх бачити.'] },
    { heading: '4. Хто бачить дані', paragraphs: ['Вчителі бачать дані учнів своїх груп. Учні бачать лише власні розв\'язки та рейтинг своєї групи. Ми не передаємо дані третім особам і не показуємо рекламу.'] },
    { heading: '5. Ваші права', paragraphs: ['Ви можете попросити виправити чи видалити свої дані. Локальне сховище браузера використовується лише для входу та вибору мови.'] },
  ],
  en: [
    { heading: '1. What we collect', paragraphs: ['Login, name, role, grade and grade letter, chosen groups, the solutions and images you send, and when they were sent and reviewed. Passwords are stored only as a secure hash.'] },
    { heading: '2. Why', paragraphs: ['The data is used only to run the club: to show your group\'s tasks, review solutions, award points and build leaderboards.'] },
    { heading: '3. Images', paragraphs: ['All metadata (including location) is removed from photos. Images are available only through expiring links to users allowed to see them.'] },
    { heading: '4. Who sees your data', paragraphs: ['Teachers see the data of students in their groups. Students see only their own solutions and their group\'s leaderboard. We do not share data with third parties and show no advertising.'] },
    { heading: '5. Your rights', paragraphs: ['You may ask for your data to be corrected or deleted. The browser\'s local storage is used only for signing in and for the language choice.'] },
  ],
};
