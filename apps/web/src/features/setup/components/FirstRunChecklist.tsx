import '../setup-texts';
import type { SetupChecklist } from '@mathclub/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../../components/Icon';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useSetupChecklist } from '../api/get-setup-checklist';
import './first-run-checklist.css';

const STEPS: { key: keyof SetupChecklist; to: string }[] = [
  { key: 'passwordChanged', to: paths.teacher.profile },
  { key: 'groupCreated', to: paths.teacher.groups },
  { key: 'classBroughtIn', to: paths.teacher.groups },
  { key: 'taskPosted', to: paths.teacher.tasks },
];

const dismissedKey = (userId: number) => `mathclub.checklistDismissed.${userId}`;
const foldedKey = (userId: number) => `mathclub.checklistFolded.${userId}`;

/**
 * The owner's first-run checklist on the teacher's home page (issue 26; only there, and folding to
 * its title line since issue 49, so it never pushes the queue's buttons below the fold): change the
 * initial password, create a group, bring the class in, post the first task. Each step ticks
 * itself off from the school's data and links to the page where it is done; the list can be
 * hidden for good (per account, in this browser).
 */
export function FirstRunChecklist() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(() => (user ? localStorage.getItem(dismissedKey(user.id)) === '1' : true));
  const [folded, setFolded] = useState(() => (user ? localStorage.getItem(foldedKey(user.id)) === '1' : false));
  const show = Boolean(user?.owner) && !dismissed;
  const checklist = useSetupChecklist(pathname, show);
  if (!show || !user || !checklist.data) return null;
  const data = checklist.data;
  const done = STEPS.filter((s) => data[s.key]).length;
  const dismiss = () => {
    localStorage.setItem(dismissedKey(user.id), '1');
    setDismissed(true);
  };
  return (
    <section className="first-run" aria-labelledby="first-run-title">
      <details
        open={!folded}
        onToggle={(e) => {
          const isFolded = !e.currentTarget.open;
          localStorage.setItem(foldedKey(user.id), isFolded ? '1' : '0');
          setFolded(isFolded);
        }}
      >
        <summary className="first-run__header">
          <h2 id="first-run-title" className="first-run__title">
            {done === STEPS.length ? t('setup.allDone') : t('setup.title')}
          </h2>
          <span className="first-run__progress">{t('setup.progress', { done, total: STEPS.length })}</span>
        </summary>
        <ol className="first-run__steps">
          {STEPS.map((step) => {
            const isDone = data[step.key];
            return (
              <li key={step.key} className={isDone ? 'first-run__step first-run__step--done' : 'first-run__step'}>
                <Icon name={isDone ? 'check-circle' : 'arrow-right'} className="first-run__icon" />
                <span className="visually-hidden">{isDone ? t('setup.done') : t('setup.toDo')}: </span>
                {isDone || pathname === step.to ? (
                  <span className="first-run__label">{t(`setup.steps.${step.key}`)}</span>
                ) : (
                  <Link to={step.to} className="first-run__label">
                    {t(`setup.steps.${step.key}`)}
                  </Link>
                )}
                {!isDone ? <span className="first-run__hint">{t(`setup.hints.${step.key}`)}</span> : null}
              </li>
            );
          })}
        </ol>
        <button type="button" className="button button--text button--small first-run__dismiss" onClick={dismiss}>
          {t('setup.dismiss')}
        </button>
      </details>
    </section>
  );
}
