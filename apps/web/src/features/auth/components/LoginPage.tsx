import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../../../components/AuthCard';
import { InlineMessage } from '../../../components/InlineMessage';
import { paths } from '../../../config/paths';
import { joinReturnPath } from '../../../lib/join-return';
import { roleHome } from '../../../lib/session';
import { forgetSignedOutReason, lastSignedOutReason, type SignedOutReason } from '../../../lib/unauthorized';
import { LoginForm } from './LoginForm';

/**
 * /login: welcome header above the form; a notice after a successful sign-up. Signing in from a
 * join link (`?next=/join?code=…`) goes back to it so the student lands in the group.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // The notice is read once from the navigation that brought us here and the history entry is then
  // cleared of it: a reload of /login must not say "your account has been created" again.
  const [state] = useState(() => location.state as { signedUp?: boolean; joined?: string; signedOut?: SignedOutReason } | null);
  const signedUp = state?.signedUp === true;
  // Said by the navigation that brought us here, or kept from the 401 that ended the session when
  // the route guard's own redirect got here first.
  const signedOut = state?.signedOut ?? lastSignedOutReason();
  useEffect(() => {
    if (location.state !== null) void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location.state, location.pathname, location.search, navigate]);
  return (
    <AuthCard title={t('auth.login.welcome')} subtitle={t('auth.login.subtitle')}>
      {signedOut === 'deactivated' ? <InlineMessage severity="warn" text={t('auth.login.deactivated')} className="auth-card__notice" /> : null}
      {signedUp ? (
        <InlineMessage severity="success" text={state?.joined ? t('join.signedUpWaiting', { group: state.joined }) : t('auth.login.signedUp')} className="auth-card__notice" />
      ) : null}
      <LoginForm
        onSignedIn={(user) => {
          forgetSignedOutReason();
          const next = user?.role === 'student' ? joinReturnPath(location.search) : null;
          void navigate(next ?? roleHome(user?.role), { replace: true });
        }}
        onSignUp={() => void navigate(paths.signup)}
      />
    </AuthCard>
  );
}
