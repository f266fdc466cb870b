import { normalizeJoinCode } from '@mathclub/shared';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/AuthCard';
import { FormField } from '../../../components/FormField';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-error';
import { isTeacher, useSession } from '../../../lib/session';
import { useJoinGroup } from '../api/join-group';
import './join.css';

/** Where the join link sends someone who is not signed in, and brings them back to. */
export const joinPath = (code: string) => `${paths.join}?code=${encodeURIComponent(code)}`;

/**
 * /join?code=…: where a join link or QR code lands (PRODUCT.md §13). A signed-in student joins
 * with one press; someone signed out is offered sign-up (which carries the code, so the new
 * account lands in the group) or sign-in (which comes back here); a teacher is told codes are
 * for students.
 */
export function JoinPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { user } = useSession();
  const [code, setCode] = useState(() => params.get('code') ?? '');
  const [error, setError] = useState<string | undefined>();
  const join = useJoinGroup();
  const joined = join.data?.user.groups[0];

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = normalizeJoinCode(code);
    if (!typed) return setError('joinCode.error.required');
    setError(undefined);
    join.mutate(typed, {
      onError: (failure) => {
        if (failure instanceof ApiRequestError && failure.validationErrors.code) setError(failure.validationErrors.code);
        else if (failure instanceof ApiRequestError && failure.status === 429) setError('joinCode.error.tooMany');
        else setError('joinCode.error.failed');
      },
    });
  }

  if (!user) {
    const typed = normalizeJoinCode(code);
    return (
      <AuthCard title={t('join.title')} subtitle={t('join.signedOut')}>
        <div className="form form--narrow">
          {typed ? <p className="join-page__code" data-testid="join-page-code">{typed}</p> : null}
          <Button type="button" icon="pi pi-user-plus" label={t('join.signUp')} onClick={() => void navigate(`${paths.signup}?code=${encodeURIComponent(typed)}`)} />
          <Button
            type="button"
            icon="pi pi-sign-in"
            severity="secondary"
            outlined
            label={t('join.signIn')}
            onClick={() => void navigate(`${paths.login}?next=${encodeURIComponent(joinPath(typed))}`)}
          />
        </div>
      </AuthCard>
    );
  }

  if (isTeacher(user.role)) {
    return (
      <AuthCard title={t('join.title')}>
        <Message severity="info" text={t('join.teacher')} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('join.title')} subtitle={joined ? undefined : t('join.student')}>
      {joined ? (
        <div className="form form--narrow" role="status">
          <Message severity="success" text={t('join.joined', { group: joined.name })} />
          <Button type="button" icon="pi pi-arrow-right" label={t('join.toTasks')} onClick={() => void navigate(paths.student.root)} />
        </div>
      ) : (
        <form className="form form--narrow" onSubmit={submit} noValidate>
          <FormField id="join-code" label={t('join.codeLabel')} error={error}>
            {(control) => (
              <InputText id="join-code" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" autoCapitalize="characters" spellCheck={false} {...control} />
            )}
          </FormField>
          <Button type="submit" icon="pi pi-users" label={t('join.submit')} loading={join.isPending} className="form__submit" />
        </form>
      )}
    </AuthCard>
  );
}
