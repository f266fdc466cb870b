import { SIGN_IN_WARNING_HOURS, type User } from '@mathclub/shared';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { useSignInWarnings } from '../api/get-sign-in-warnings';

/**
 * Tells the teacher which accounts saw many failed sign-ins lately: someone may be guessing a
 * password. Nobody is locked out by it (docs/security.md), so this is the teacher's cue to talk
 * to the student or change their own password. Shows nothing when there is nothing to tell.
 */
export function SignInWarningsNotice({ users }: { users: User[] }) {
  const { t } = useTranslation();
  const warnings = useSignInWarnings();
  const byId = new Map(users.map((u) => [u.id, u]));
  const rows = (warnings.data ?? []).flatMap((w) => {
    const user = byId.get(w.userId);
    return user ? [{ user, count: w.failedSignIns }] : [];
  });
  if (rows.length === 0) return null;
  const content = (
    <div className="sign-in-warnings">
      <strong className="sign-in-warnings__title">{t('students.signInWarnings.title', { hours: SIGN_IN_WARNING_HOURS })}</strong>
      <ul className="sign-in-warnings__list">
        {rows.map(({ user, count }) => (
          <li key={user.id}>
            <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {user.name} ({user.login}): {t('students.signInWarnings.count', { count })}
          </li>
        ))}
      </ul>
      <span>{t('students.signInWarnings.hint')}</span>
    </div>
  );
  return <Message severity="warn" content={content} className="page__message" role="status" />;
}
