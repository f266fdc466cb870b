import { FALLBACK_LANGUAGE, LANGUAGES, type ErrorCode, type Language } from '@mathclub/shared';

/** Messages beyond the one-per-code defaults. */
type ExtraKey =
  | 'GROUP_NOT_EMPTY.students'
  | 'GROUP_NOT_EMPTY.tasks'
  | 'NOT_FOUND.route'
  | 'INVALID_JSON'
  | 'INVALID_MULTIPART'
  | 'ROSTER_INVALID'
  | 'SOLUTION_EXISTS.newer'
  | 'FORBIDDEN.teacherAccount'
  | 'FORBIDDEN.otherGroupStudent'
  | 'FORBIDDEN.owner';
export type MessageKey = ErrorCode | ExtraKey;

/** Every message a client can receive from the server, in each language (fallback uk). */
export const MESSAGES: Record<Language, Record<MessageKey, string>> = {
  en: {
    VALIDATION_FAILED: 'Some fields are not filled in correctly',
    UNAUTHORIZED: 'Please sign in again',
    INVALID_CREDENTIALS: 'Wrong login or password',
    ACCOUNT_INACTIVE: 'Your account is waiting for activation by a teacher',
    ACCOUNT_DEACTIVATED: 'A teacher has turned your account off. Ask your teacher to turn it back on',
    FORBIDDEN: 'You are not allowed to do this',
    NOT_FOUND: 'Not found',
    LOGIN_TAKEN: 'This login is already taken',
    GROUP_NAME_TAKEN: 'A group with this name already exists',
    GROUP_NOT_EMPTY: 'The group cannot be deleted while it is in use',
    CANNOT_DEACTIVATE_SELF: 'You cannot deactivate your own account',
    OWNER_TARGET_INVALID: 'Ownership can only be handed to another active teacher',
    SOLUTION_EXISTS: 'You have already sent a solution to this task. You can try again if the teacher marks it incorrect',
    TASK_CLOSED: 'This task is closed: it no longer accepts solutions',
    TASK_HAS_SOLUTIONS: 'This task already has solutions, so it cannot move to another group. Duplicate it to that group instead',
    SNIPPET_LIMIT: 'You already have 100 saved comments, the most there can be. Delete one you no longer use to save a new one',
    WRONG_PASSWORD: 'The current password is wrong',
    UNSUPPORTED_IMAGE: 'This file is not a supported image (JPEG, PNG, WebP, GIF, HEIC, AVIF)',
    IMAGE_TOO_LARGE: 'The image is larger than 5 MB',
    IMAGE_TOO_MANY_PIXELS: 'The image has too many pixels',
    PAYLOAD_TOO_LARGE: 'The request is too large',
    UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported',
    RATE_LIMITED: 'Too many attempts. Please wait a few minutes and try again',
    SERVICE_UNAVAILABLE: 'The service is temporarily unavailable',
    DISK_FULL: "The server's disk is full, so nothing can be saved right now and this was not stored. Please tell the school's administrator and try again later",
    INTERNAL: 'Something went wrong on our side. Please try again later',
    'GROUP_NOT_EMPTY.students': 'The group cannot be deleted: students still belong to it',
    'GROUP_NOT_EMPTY.tasks': 'The group cannot be deleted: it still has tasks',
    'NOT_FOUND.route': 'There is no such API endpoint',
    INVALID_JSON: 'The request body is not valid JSON',
    INVALID_MULTIPART: 'The upload is not a valid form. Please try again',
    ROSTER_INVALID: 'The class list has problems, so nobody was imported. Fix the lines listed and upload it again',
    'SOLUTION_EXISTS.newer': 'The student has sent a newer solution to this task: review that one instead',
    'FORBIDDEN.teacherAccount': "Only the school's owner can manage teacher accounts",
    'FORBIDDEN.otherGroupStudent': "This student belongs to another teacher's group: only its teachers or the school's owner can change them",
    'FORBIDDEN.owner': "Nobody can deactivate or rename the school's owner",
  },
  uk: {
    VALIDATION_FAILED: 'Деякі поля заповнено неправильно',
    UNAUTHORIZED: 'Будь ласка, увійдіть знову',
    INVALID_CREDENTIALS: 'Неправильний логін або пароль',
    ACCOUNT_INACTIVE: 'Ваш обліковий запис чекає на активацію вчителем',
    ACCOUNT_DEACTIVATED: 'Учитель вимкнув ваш обліковий запис. Попросіть учителя увімкнути його знову',
    FORBIDDEN: 'У вас немає прав на цю дію',
    NOT_FOUND: 'Не знайдено',
    LOGIN_TAKEN: 'Цей логін уже зайнятий',
    GROUP_NAME_TAKEN: 'Група з такою назвою вже існує',
    GROUP_NOT_EMPTY: 'Групу не можна видалити, поки вона використовується',
    CANNOT_DEACTIVATE_SELF: 'Ви не можете деактивувати власний обліковий запис',
    OWNER_TARGET_INVALID: 'Передати права власника можна лише іншому активному вчителеві',
    SOLUTION_EXISTS: 'Твій розв’язок цієї задачі вже надіслано. Спробувати знову можна, якщо вчитель позначить його неправильним',
    TASK_CLOSED: 'Ця задача закрита: розв’язки більше не приймаються',
    TASK_HAS_SOLUTIONS: 'До цієї задачі вже є розв’язки, тому її не можна перенести до іншої групи. Натомість скопіюйте її до тієї групи',
    SNIPPET_LIMIT: 'У вас уже 100 збережених коментарів — це найбільша кількість. Видаліть той, яким більше не користуєтеся, щоб зберегти новий',
    WRONG_PASSWORD: 'Поточний пароль неправильний',
    UNSUPPORTED_IMAGE: 'Цей файл не є підтримуваним зображенням (JPEG, PNG, WebP, GIF, HEIC, AVIF)',
    IMAGE_TOO_LARGE: 'Зображення більше за 5 МБ',
    IMAGE_TOO_MANY_PIXELS: 'Зображення має забагато пікселів',
    PAYLOAD_TOO_LARGE: 'Запит завеликий',
    UNSUPPORTED_MEDIA_TYPE: 'Цей тип вмісту не підтримується',
    RATE_LIMITED: 'Забагато спроб. Зачекайте кілька хвилин і спробуйте знову',
    SERVICE_UNAVAILABLE: 'Сервіс тимчасово недоступний',
    DISK_FULL: 'Диск сервера заповнений, тож зараз нічого не можна зберегти, і це не збережено. Повідомте адміністратора школи та спробуйте пізніше',
    INTERNAL: 'Щось пішло не так на нашому боці. Спробуйте пізніше',
    'GROUP_NOT_EMPTY.students': 'Групу не можна видалити: у ній ще є учні',
    'GROUP_NOT_EMPTY.tasks': 'Групу не можна видалити: у ній ще є задачі',
    'NOT_FOUND.route': 'Такого API-запиту не існує',
    INVALID_JSON: 'Тіло запиту не є коректним JSON',
    INVALID_MULTIPART: 'Завантаження не є коректною формою. Спробуйте ще раз',
    ROSTER_INVALID: 'У списку класу є помилки, тому нікого не імпортовано. Виправте вказані рядки й завантажте його знову',
    'SOLUTION_EXISTS.newer': 'Учень уже надіслав новіший розв’язок цієї задачі: перевірте його',
    'FORBIDDEN.teacherAccount': 'Облікові записи вчителів може змінювати лише власник школи',
    'FORBIDDEN.otherGroupStudent': 'Цей учень у групі іншого вчителя: змінювати його можуть лише її вчителі або власник школи',
    'FORBIDDEN.owner': 'Ніхто не може деактивувати чи перейменувати власника школи',
  },
};

/** Picks en or uk from an Accept-Language header by quality; anything else falls back to uk. */
export function pickLanguage(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return FALLBACK_LANGUAGE;
  let best: { lang: Language; q: number } | undefined;
  for (const part of value.split(',').slice(0, 20)) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0] as Language;
    if (!(LANGUAGES as readonly string[]).includes(primary)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { lang: primary, q };
  }
  return best?.lang ?? FALLBACK_LANGUAGE;
}

/** The message for `key` in the request's language. */
export function translate(key: MessageKey, language: Language): string {
  return MESSAGES[language][key] ?? MESSAGES[FALLBACK_LANGUAGE][key] ?? key;
}
