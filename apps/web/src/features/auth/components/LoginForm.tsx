import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField';
import { Icon } from '../../../components/Icon';
import { InlineMessage } from '../../../components/InlineMessage';
import { PasswordInput } from '../../../components/PasswordInput';
import { ApiRequestError } from '../../../lib/api-error';
import { fieldErrors } from '../../../lib/form-errors';
import { clearSession, setSession } from '../../../lib/session';
import type { AuthenticatedUser } from '@mathclub/shared';
import { loadLoginContract, useLogin } from '../api/login';

/**
 * Login form (SEED.md §2): validation on submit, server message for 401/403. Plain controls styled
 * like PrimeReact's: the login page is a first page for many, and loads no UI library. The
 * inputs are uncontrolled: the page is prerendered, and what someone types before the app has
 * hydrated it stays in the fields and is what gets submitted (boot.js holds an early submit).
 */
export function LoginForm({ onSignedIn, onSignUp }: { onSignedIn: (user: AuthenticatedUser | null) => void; onSignUp: () => void }) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useLogin();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const form = new FormData(event.currentTarget);
    const values = { login: String(form.get('login') ?? ''), password: String(form.get('password') ?? '') };
    const [{ loginRequestSchema }] = await loadLoginContract();
    const parsed = loginRequestSchema.safeParse(values);
    const found = fieldErrors(parsed.error);
    setErrors(found);
    if (!parsed.success) return;
    mutation.mutate(parsed.data, {
      onSuccess: (token) => onSignedIn(setSession(token)),
      onError: (error) => {
        clearSession();
        if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) {
          setFailure(error.message);
        } else if (error instanceof ApiRequestError && error.status === 429) {
          setFailure(t('auth.error.tooManyAttempts'));
        } else {
          setFailure(t('auth.error.loginFailed', { defaultValue: 'Login failed (unknown error)' }));
        }
      },
    });
  }

  return (
    // method="post": should the browser ever send this form itself, the password stays out of the address.
    <form
      method="post"
      className="form form--narrow"
      onSubmit={(e) => void submit(e)}
      onFocus={() => void loadLoginContract()}
      noValidate
      aria-busy={mutation.isPending}
    >
      <FormField id="login-login" label={t('auth.login.login')} error={errors.login}>
        {({ invalid, ...aria }) => (
          <input
            id="login-login"
            name="login"
            autoComplete="username"
            className={invalid ? 'text-input text-input--invalid' : 'text-input'}
            {...aria}
          />
        )}
      </FormField>
      <FormField id="login-password" label={t('auth.login.password')} error={errors.password}>
        {(field) => (
          <PasswordInput
            id="login-password"
            name="password"
            autoComplete="current-password"
            {...field}
          />
        )}
      </FormField>
      <div aria-live="assertive" className="form__alert">
        {failure ? <InlineMessage severity="error" text={failure} className="form__message" /> : null}
      </div>
      <button type="submit" className="button form__submit" disabled={mutation.isPending}>
        <Icon name={mutation.isPending ? 'spinner' : 'sign-in'} className={mutation.isPending ? 'button__loading-icon' : undefined} />
        <span>{t('auth.login.submit')}</span>
      </button>
      <p className="form__switch">
        {t('auth.login.noAccount')}{' '}
        <button type="button" className="button button--outlined button--small" onClick={onSignUp}>
          {t('auth.login.toSignup')}
        </button>
      </p>
    </form>
  );
}
