import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { paths } from '../../../config/paths';
import { addFeatureTexts } from '../../../lib/feature-texts';
import helpEn from '../locales/en.json';
import helpUk from '../locales/uk.json';
import { HELP_SHOTS, type HelpShot } from '../help-shots';
import './help.css';

// The guide's texts come with the page, not in the locale files every page downloads first (they
// were a third of the landing page's growth past its 150 KB budget); added under `help.` in both
// languages (lib/feature-texts.ts).
addFeatureTexts('help', { en: helpEn, uk: helpUk });

type Topic = { id: string; shot?: HelpShot };

const TEACHER_TOPICS: Topic[] = [
  { id: 'groups', shot: 'teacher-groups' },
  { id: 'tasks', shot: 'teacher-tasks' },
  { id: 'answerKeys' },
  { id: 'review', shot: 'teacher-review' },
  { id: 'gradebook', shot: 'teacher-gradebook' },
];
const STUDENT_TOPICS: Topic[] = [
  { id: 'joining' },
  { id: 'answering', shot: 'student-arena' },
  { id: 'points', shot: 'student-leaderboard' },
];

/** A screenshot of the real app in the reader's language, made by the e2e suite (e2e/help-shots.spec.ts). */
function Shot({ name }: { name: HelpShot }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage?.startsWith('en') ? 'en' : 'uk';
  const { width, height } = HELP_SHOTS[name];
  return (
    <figure className="help__shot">
      <img src={`/help/${lang}/${name}.jpg`} width={width} height={height} loading="lazy" alt={t(`help.shots.${name}`)} />
      <figcaption>{t(`help.shots.${name}`)}</figcaption>
    </figure>
  );
}

function Topics({ area, topics }: { area: 'teacher' | 'student'; topics: Topic[] }) {
  const { t } = useTranslation();
  return topics.map((topic) => (
    <section key={topic.id} className="help__topic" aria-labelledby={`help-${area}-${topic.id}`}>
      <h3 id={`help-${area}-${topic.id}`}>{t(`help.${area}.${topic.id}.title`)}</h3>
      <p>{t(`help.${area}.${topic.id}.text`)}</p>
      {topic.shot ? <Shot name={topic.shot} /> : null}
    </section>
  ));
}

/**
 * /help: a short guide for the three people who use Math Club: the teacher, the student and the
 * school's IT person (who is sent on to the README that came with the installation). Public, so a
 * student can read how to join before they have an account.
 */
export function HelpPage() {
  const { t } = useTranslation();
  return (
    <article className="help">
      <PageTitle>{t('help.title')}</PageTitle>
      <p className="help__intro">{t('help.intro')}</p>
      <nav aria-label={t('help.contents')} className="help__contents">
        <a href="#help-teachers">{t('help.teachers')}</a>
        <a href="#help-students">{t('help.students')}</a>
        <a href="#help-it">{t('help.it.title')}</a>
      </nav>
      <section id="help-teachers" aria-labelledby="help-teachers-title">
        <h2 id="help-teachers-title">{t('help.teachers')}</h2>
        <Topics area="teacher" topics={TEACHER_TOPICS} />
      </section>
      <section id="help-students" aria-labelledby="help-students-title">
        <h2 id="help-students-title">{t('help.students')}</h2>
        <Topics area="student" topics={STUDENT_TOPICS} />
      </section>
      <section id="help-it" aria-labelledby="help-it-title">
        <h2 id="help-it-title">{t('help.it.title')}</h2>
        <p>{t('help.it.text')}</p>
        <ul>
          <li>{t('help.it.readme')}</li>
          <li>
            <a href="/api/docs">{t('help.it.apiDocs')}</a>
          </li>
          <li>{t('help.it.health')}</li>
        </ul>
        <p>
          <Link to={paths.home}>{t('help.backHome')}</Link>
        </p>
      </section>
    </article>
  );
}
