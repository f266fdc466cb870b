import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/AuthCard';
import { paths } from '../../../config/paths';
import { roleHome, setSession } from '../../../lib/session';
import { login } from '../api/login';
import { SignUpForm, type SignedUp } from './SignUpForm';

/**
 * /signup: welcome header above the form; success goes to /login with a notice. Through a join
 * link (`?code=`) the account lands in that group; when the group activates such sign-ups at once,
 * the student is signed straight in and lands in their arena (PRODUCT.md §13).
 */
export function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const joinCode = params.get('code')?.trim() || undefined;

  async function signedUp({ user, login: loginName, password }: SignedUp) {
    if (user.activated) {
      try {
        const signedIn = setSession(await login({ login: loginName, password }));
        return void navigate(roleHome(signedIn?.role), { replace: true });
      } catch {
        // Fall through to the sign-in page, which says what went wrong.
      }
    }
    void navigate(paths.login, { state: { signedUp: true, joined: user.groups[0]?.name } });
  }

  return (
    <AuthCard title={t('auth.signup.welcome')} subtitle={t('auth.signup.subtitle')}>
      {joinCode ? <Message severity="info" text={t('join.signUpWithCode', { code: joinCode })} className="auth-card__notice" /> : null}
      <SignUpForm
        joinCode={joinCode}
        onSignedUp={(result) => void signedUp(result)}
        onLogin={() => void navigate(joinCode ? `${paths.login}?next=${encodeURIComponent(`${paths.join}?code=${encodeURIComponent(joinCode)}`)}` : paths.login)}
      />
    </AuthCard>
  );
}
