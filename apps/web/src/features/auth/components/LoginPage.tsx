import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../../../components/AuthCard';
import { InlineMessage } from '../../../components/InlineMessage';
import { paths } from '../../../config/paths';
import { roleHome } from '../../../lib/session';
import { LoginForm } from './LoginForm';

/** /login: welcome header above the form; a notice after a successful sign-up. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const signedUp = (location.state as { signedUp?: boolean } | null)?.signedUp === true;
  return (
    <AuthCard title={t('auth.login.welcome')} subtitle={t('auth.login.subtitle')}>
      {signedUp ? <InlineMessage severity="success" text={t('auth.login.signedUp')} className="auth-card__notice" /> : null}
      <LoginForm onSignedIn={(user) => void navigate(roleHome(user?.role), { replace: true })} onSignUp={() => void navigate(paths.signup)} />
    </AuthCard>
  );
}
