import { changeOwnPasswordSchema } from '@mathclub/shared';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField';
import { ApiRequestError } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/form-errors';
import { useChangeOwnPassword } from '../api/change-password';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** A signed-in user changes their own password (PRODUCT.md §2). */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const mutation = useChangeOwnPassword();

  function submit(event: FormEvent) {
    event.preventDefault();
    setOutcome(null);
    const parsed = changeOwnPasswordSchema.safeParse(values);
    const found = fieldErrors(parsed.error);
    if (values.confirmPassword === '') found.confirmPassword = 'auth.error.confirmPasswordRequired';
    else if (values.newPassword !== values.confirmPassword) found.confirmPassword = 'auth.error.passwordsNoMatch';
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    mutation.mutate(parsed.data, {
      onSuccess: () => {
        setValues(empty);
        setOutcome({ ok: true, text: t('password.changed') });
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && Object.keys(error.validationErrors).length > 0) {
          setErrors(error.validationErrors);
        } else if (error instanceof ApiRequestError && error.code === 'WRONG_PASSWORD') {
          setErrors({ currentPassword: 'password.error.currentWrong' });
        } else {
          setOutcome({ ok: false, text: error instanceof ApiRequestError && error.status < 500 ? error.message : t('password.error.failed') });
        }
      },
    });
  }

  const field = (key: keyof typeof empty, labelKey: string, autoComplete: string) => {
    const id = `password-${key}`;
    return (
      <FormField id={id} label={t(labelKey)} error={errors[key]}>
        {(control) => (
          <Password
            inputId={id}
            value={values[key]}
            onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
            toggleMask
            feedback={false}
            autoComplete={autoComplete}
            {...control}
          />
        )}
      </FormField>
    );
  };

  return (
    <form className="form form--narrow" onSubmit={submit} noValidate aria-labelledby="change-password-title" inert={mutation.isPending}>
      <h3 id="change-password-title" className="form__title">
        {t('password.title')}
      </h3>
      {field('currentPassword', 'password.current', 'current-password')}
      {field('newPassword', 'password.new', 'new-password')}
      {field('confirmPassword', 'password.confirm', 'new-password')}
      {outcome ? <Message severity={outcome.ok ? 'success' : 'error'} text={outcome.text} className="form__message" /> : null}
      <Button type="submit" label={t('password.submit')} icon="pi pi-lock" loading={mutation.isPending} severity="secondary" className="form__submit" />
    </form>
  );
}
