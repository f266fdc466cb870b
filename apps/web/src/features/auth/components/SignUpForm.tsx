import { DEFAULT_GRADE, DEFAULT_GRADE_LETTER, GRADE_LETTERS, GRADE_MAX, GRADE_MIN, SELF_SELECTABLE_ROLES, type SelfSelectableRole, type User } from '@mathclub/shared';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField';
import { checkJoinCode, JoinCodeField } from '../../../components/JoinCodeField';
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

/** What a finished sign-up hands back: the account, and the credentials to sign straight in when it is active. */
export interface SignedUp {
  user: User;
  login: string;
  password: string;
}

/**
 * Sign-up form (SEED.md §2, §4, §5). With a join code (a join link, PRODUCT.md §13) it signs up a
 * student into that group: the role is fixed to student and the code goes with the form.
 */
export function SignUpForm({ onSignedUp, onLogin, joinCode }: { onSignedUp: (result: SignedUp) => void; onLogin: () => void; joinCode?: string }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<SignUpValues>(joinCode ? { ...initialValues, role: 'student' } : initialValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A join code (issue 49): carried by a join link, or typed by a student who was given one.
  const [code, setCode] = useState(joinCode ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useSignUp();
  const isStudent = values.role === 'student';

  const set = <K extends keyof SignUpValues>(key: K, value: SignUpValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  function changeGrade(grade: number | null) {
    set('grade', grade);
    const outOfRange = grade !== null && (grade < GRADE_MIN || grade > GRADE_MAX);
    setErrors(({ grade: _previous, ...rest }) => (outOfRange ? { ...rest, grade: 'auth.error.gradeRange' } : rest));
  }

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
    const check = checkJoinCode(code);
    const withCode = payload?.role === 'student' && check.state !== 'empty';
    if (withCode && check.state !== 'ok') found.joinCode = 'joinCode.error.checkIt';
    setErrors(found);
    if (!payload || found.joinCode) return;
    mutation.mutate(withCode ? { ...payload, joinCode: check.code } : payload, {
      onSuccess: (user) => onSignedUp({ user, login: payload.login, password: payload.password }),
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

  const roleOptions = SELF_SELECTABLE_ROLES.filter((role) => !joinCode || role === 'student').map((role) => ({ value: role, label: t(`roles.${role}`) }));
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
                onValueChange={(e) => changeGrade(e.value ?? null)}
                showButtons
                // No min/max: PrimeReact would silently clamp a typed 13 to 12 on blur; the range
                // is told instead, as soon as the number is typed (issue 26).
                aria-valuemin={GRADE_MIN}
                aria-valuemax={GRADE_MAX}
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
      {isStudent ? (
        <JoinCodeField
          id="signup-join-code"
          value={code}
          onChange={(next) => {
            setCode(next);
            setErrors(({ joinCode: _previous, ...rest }) => rest);
          }}
          error={errors.joinCode}
          optional={!joinCode}
          label={joinCode ? t('joinCode.codeLabel') : t('join.codeOptionalLabel')}
        />
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
