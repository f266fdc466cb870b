import { DEFAULT_GRADE, DEFAULT_GRADE_LETTER, GRADE_LETTERS, GRADE_MAX, GRADE_MIN, SELF_SELECTABLE_ROLES, type SelfSelectableRole } from '@mathclub/shared';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorProps, FieldError } from '../../../components/FieldError';
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
      <div className="field">
        <label htmlFor="signup-login">{t('auth.signup.login')}</label>
        <InputText
          id="signup-login"
          name="login"
          autoComplete="username"
          value={values.login}
          onChange={(e) => set('login', e.target.value)}
          invalid={Boolean(errors.login)}
          {...errorProps('signup-login', errors.login)}
        />
        <FieldError fieldId="signup-login" messageKey={errors.login} />
      </div>
      <div className="field">
        <label htmlFor="signup-password">{t('auth.signup.password')}</label>
        <Password
          inputId="signup-password"
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => set('password', e.target.value)}
          toggleMask
          feedback={false}
          invalid={Boolean(errors.password)}
          {...(errors.password ? errorProps('signup-password', errors.password) : { 'aria-describedby': 'signup-password-hint' })}
        />
        {errors.password ? (
          <FieldError fieldId="signup-password" messageKey={errors.password} />
        ) : (
          <small id="signup-password-hint" className="field-hint">
            {t('auth.signup.passwordHint')}
          </small>
        )}
      </div>
      <div className="field">
        <label htmlFor="signup-confirm-password">{t('auth.signup.confirmPassword')}</label>
        <Password
          inputId="signup-confirm-password"
          name="confirmPassword"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(e) => set('confirmPassword', e.target.value)}
          toggleMask
          feedback={false}
          invalid={Boolean(errors.confirmPassword)}
          {...errorProps('signup-confirm-password', errors.confirmPassword)}
        />
        <FieldError fieldId="signup-confirm-password" messageKey={errors.confirmPassword} />
      </div>
      <div className="field">
        <label htmlFor="signup-name">{t('auth.signup.name')}</label>
        <InputText
          id="signup-name"
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          invalid={Boolean(errors.name)}
          {...errorProps('signup-name', errors.name)}
        />
        <FieldError fieldId="signup-name" messageKey={errors.name} />
      </div>
      <div className="field">
        <label htmlFor="signup-role">{t('auth.signup.role')}</label>
        <Dropdown
          inputId="signup-role"
          value={values.role || null}
          options={roleOptions}
          onChange={(e) => changeRole((e.value as SelfSelectableRole | null) ?? '')}
          placeholder={t('auth.signup.rolePlaceholder')}
          invalid={Boolean(errors.role)}
        />
        <FieldError fieldId="signup-role" messageKey={errors.role} />
      </div>
      {isStudent ? (
        <div className="field-row">
          <div className="field">
            <label htmlFor="signup-grade">{t('auth.signup.grade')}</label>
            <InputNumber
              inputId="signup-grade"
              value={values.grade}
              onValueChange={(e) => set('grade', e.value ?? null)}
              showButtons
              min={GRADE_MIN}
              max={GRADE_MAX}
              useGrouping={false}
              invalid={Boolean(errors.grade)}
              incrementButtonClassName="grade-button"
              decrementButtonClassName="grade-button"
            />
            <FieldError fieldId="signup-grade" messageKey={errors.grade} />
          </div>
          <div className="field">
            <label htmlFor="signup-grade-letter">{t('auth.signup.gradeLetter')}</label>
            <Dropdown
              inputId="signup-grade-letter"
              value={values.gradeLetter}
              options={letterOptions}
              onChange={(e) => set('gradeLetter', (e.value as string | null) ?? null)}
              placeholder={t('auth.signup.gradeLetterPlaceholder')}
              invalid={Boolean(errors.gradeLetter)}
              scrollHeight="14rem"
            />
            <FieldError fieldId="signup-grade-letter" messageKey={errors.gradeLetter} />
          </div>
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
