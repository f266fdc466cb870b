import { DEFAULT_GRADE, DEFAULT_GRADE_LETTER, GRADE_LETTERS, GRADE_MAX, GRADE_MIN, SELF_SELECTABLE_ROLES, type SelfSelectableRole } from '@mathclub/shared';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField';
import { ApiRequestError } from '../../../lib/api-client';
import { useSignUp } from '../api/sign-up';
import { validateSignUp, type SignUpValues } from './sign-up-validation';

const initialValues: SignUpValues = {
  login: '',
  password: '',
  confirmPassword: '',
  name: '',
  role: '',
  grade: DEFAULT_GRADE,
  gradeLetter: DEFAULT_GRADE_LETTER,
};

/** Sign-up form (SEED.md §2, §4, §5). */
export function SignUpForm({ onSignedUp, onLogin }: { onSignedUp: () => void; onLogin: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<SignUpValues>(initialValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useSignUp();
  const isStudent = values.role === 'student';

  const set = <K extends keyof SignUpValues>(key: K, value: SignUpValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  function changeRole(role: SelfSelectableRole | '') {
    setValues((v) =>
      role === 'student'
        ? { ...v, role, grade: v.grade ?? DEFAULT_GRADE, gradeLetter: v.gradeLetter ?? DEFAULT_GRADE_LETTER }
        : { ...v, role, grade: null, gradeLetter: null },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const { payload, errors: found } = validateSignUp(values);
    setErrors(found);
    if (!payload) return;
    mutation.mutate(payload, {
      onSuccess: onSignedUp,
      onError: (error) => {
        if (error instanceof ApiRequestError && Object.keys(error.validationErrors).length > 0) {
          setErrors(error.validationErrors);
        } else {
          console.error('Sign-up failed', error);
          setFailure(t('auth.error.createUserFailed'));
        }
      },
    });
  }

  const roleOptions = SELF_SELECTABLE_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }));
  const letterOptions = GRADE_LETTERS.map((letter) => ({ value: letter, label: letter }));

  return (
    <form className="form form--narrow" onSubmit={submit} noValidate aria-busy={mutation.isPending}>
      <FormField id="signup-login" label={t('auth.signup.login')} error={errors.login}>
        {(field) => (
          <InputText id="signup-login" name="login" autoComplete="username" value={values.login} onChange={(e) => set('login', e.target.value)} {...field} />
        )}
      </FormField>
      <FormField id="signup-password" label={t('auth.signup.password')} error={errors.password} hint={t('auth.signup.passwordHint')}>
        {(field) => (
          <Password
            inputId="signup-password"
            name="password"
            autoComplete="new-password"
            value={values.password}
            onChange={(e) => set('password', e.target.value)}
            toggleMask
            feedback={false}
            {...field}
          />
        )}
      </FormField>
      <FormField id="signup-confirm-password" label={t('auth.signup.confirmPassword')} error={errors.confirmPassword}>
        {(field) => (
          <Password
            inputId="signup-confirm-password"
            name="confirmPassword"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={(e) => set('confirmPassword', e.target.value)}
            toggleMask
            feedback={false}
            {...field}
          />
        )}
      </FormField>
      <FormField id="signup-name" label={t('auth.signup.name')} error={errors.name}>
        {(field) => <InputText id="signup-name" name="name" autoComplete="name" value={values.name} onChange={(e) => set('name', e.target.value)} {...field} />}
      </FormField>
      <FormField id="signup-role" label={t('auth.signup.role')} error={errors.role}>
        {(field) => (
          <Dropdown
            inputId="signup-role"
            value={values.role || null}
            options={roleOptions}
            onChange={(e) => changeRole((e.value as SelfSelectableRole | null) ?? '')}
            placeholder={t('auth.signup.rolePlaceholder')}
            {...field}
          />
        )}
      </FormField>
      {isStudent ? (
        <div className="field-row">
          <FormField id="signup-grade" label={t('auth.signup.grade')} error={errors.grade}>
            {(field) => (
              <InputNumber
                inputId="signup-grade"
                value={values.grade}
                onValueChange={(e) => set('grade', e.value ?? null)}
                showButtons
                min={GRADE_MIN}
                max={GRADE_MAX}
                useGrouping={false}
                incrementButtonClassName="grade-button"
                decrementButtonClassName="grade-button"
                {...field}
              />
            )}
          </FormField>
          <FormField id="signup-grade-letter" label={t('auth.signup.gradeLetter')} error={errors.gradeLetter}>
            {(field) => (
              <Dropdown
                inputId="signup-grade-letter"
                value={values.gradeLetter}
                options={letterOptions}
                onChange={(e) => set('gradeLetter', (e.value as string | null) ?? null)}
                placeholder={t('auth.signup.gradeLetterPlaceholder')}
                scrollHeight="14rem"
                {...field}
              />
            )}
          </FormField>
        </div>
      ) : null}
      <div aria-live="assertive" className="form__alert">
        {failure ? <Message severity="error" text={failure} className="form__message" /> : null}
      </div>
      <Button type="submit" label={t('auth.signup.submit')} icon="pi pi-user-plus" loading={mutation.isPending} className="form__submit" />
      <p className="form__switch">
        {t('auth.signup.haveAccount')} <Button type="button" label={t('auth.signup.toLogin')} link onClick={onLogin} className="link-button" />
      </p>
    </form>
  );
}
