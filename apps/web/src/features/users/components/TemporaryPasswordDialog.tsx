import { setTemporaryPasswordSchema, type User } from '@mathclub/shared';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorProps, FieldError } from '../../../components/FieldError';
import { ApiRequestError } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/form-errors';
import { useSetUserPassword } from '../api/set-user-password';

/** A teacher sets a temporary password for a student who forgot theirs. */
export function TemporaryPasswordDialog({ user, onClose, onDone }: { user: User | null; onClose: () => void; onDone: (user: User) => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useSetUserPassword();

  function close() {
    setPassword('');
    setError(undefined);
    setFailure(null);
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!user) return;
    setFailure(null);
    const parsed = setTemporaryPasswordSchema.safeParse({ password });
    setError(fieldErrors(parsed.error).password);
    if (!parsed.success) return;
    mutation.mutate(
      { id: user.id, password: parsed.data.password },
      {
        onSuccess: () => {
          onDone(user);
          close();
        },
        onError: (e) => {
          if (e instanceof ApiRequestError && e.validationErrors.password) setError(e.validationErrors.password);
          else setFailure(e instanceof ApiRequestError && e.status < 500 ? e.message : t('students.tempPassword.failed'));
        },
      },
    );
  }

  return (
    <Dialog
      header={user ? t('students.tempPassword.title', { name: user.name }) : ''}
      visible={user !== null}
      onHide={close}
      style={{ width: '28rem' }}
      breakpoints={{ '640px': '95vw' }}
      modal
    >
      <form onSubmit={submit} noValidate className="form">
        <p>{t('students.tempPassword.intro')}</p>
        <div className="field">
          <label htmlFor="temp-password">{t('students.tempPassword.label')}</label>
          <Password
            inputId="temp-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            toggleMask
            feedback={false}
            autoComplete="new-password"
            invalid={Boolean(error)}
            {...errorProps('temp-password', error)}
          />
          <FieldError fieldId="temp-password" messageKey={error} />
        </div>
        {failure ? <Message severity="error" text={failure} /> : null}
        <div className="dialog-actions">
          <Button type="button" label={t('common.cancel')} severity="secondary" text onClick={close} />
          <Button type="submit" label={t('students.tempPassword.submit')} icon="pi pi-key" loading={mutation.isPending} />
        </div>
      </form>
    </Dialog>
  );
}
