import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthCard } from '../../../components/AuthCard';
import { paths } from '../../../config/paths';
import { SignUpForm } from './SignUpForm';

/** /signup: welcome header above the form; success goes to /login with a notice. */
export function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthCard title={t('auth.signup.welcome')} subtitle={t('auth.signup.subtitle')}>
      <SignUpForm onSignedUp={() => void navigate(paths.login, { state: { signedUp: true } })} onLogin={() => void navigate(paths.login)} />
    </AuthCard>
  );
}
