import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/AuthCard';
import { checkJoinCode, JoinCodeField } from '../../../components/JoinCodeField';
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

  // The group the student is in now: a code moves them out of it, so they are asked first (issue 49).
  const current = user?.groups[0];
  const [confirming, setConfirming] = useState<string | null>(null);

  function joinWith(typed: string) {
    setConfirming(null);
    join.mutate(typed, {
      onError: (failure) => {
        if (failure instanceof ApiRequestError && failure.validationErrors.code) setError(failure.validationErrors.code);
        else if (failure instanceof ApiRequestError && failure.status === 429) setError('joinCode.error.tooMany');
        else setError('joinCode.error.failed');
      },
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const check = checkJoinCode(code);
    if (check.state === 'empty') return setError('joinCode.error.required');
    if (check.state !== 'ok') return setError('joinCode.error.checkIt');
    setError(undefined);
    if (current) setConfirming(check.code);
    else joinWith(check.code);
  }

  if (!user) {
    const check = checkJoinCode(code);
    // A code is carried on only once it looks right; a half-typed one is pointed out instead.
    const go = (to: (typed: string) => string) => {
      if (check.state !== 'ok') return setError(check.state === 'empty' ? 'joinCode.error.required' : 'joinCode.error.checkIt');
      void navigate(to(check.code));
    };
    return (
      <AuthCard title={t('join.title')} subtitle={t('join.signedOut')}>
        <form className="form form--narrow" onSubmit={(e) => { e.preventDefault(); go((typed) => `${paths.signup}?code=${encodeURIComponent(typed)}`); }} noValidate>
          <JoinCodeField id="join-code" value={code} onChange={(next) => { setCode(next); setError(undefined); }} error={error} />
          <Button type="submit" icon="pi pi-user-plus" label={t('join.signUp')} />
          <Button
            type="button"
            icon="pi pi-sign-in"
            severity="secondary"
            outlined
            label={t('join.signIn')}
            onClick={() => go((typed) => `${paths.login}?next=${encodeURIComponent(joinPath(typed))}`)}
          />
        </form>
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
          {current ? <p className="join-page__current">{t('join.move.current', { group: current.name })}</p> : null}
          <JoinCodeField id="join-code" value={code} onChange={(next) => { setCode(next); setError(undefined); }} error={error} />
          <Button type="submit" icon="pi pi-users" label={t('join.submit')} loading={join.isPending} className="form__submit" />
        </form>
      )}
      {current ? (
        <Dialog
          header={t('join.move.title')}
          visible={confirming !== null}
          onHide={() => setConfirming(null)}
          className="join-page__confirm"
          modal
          closeIcon="pi pi-times"
          footer={
            <div className="join-page__confirm-actions">
              <Button type="button" label={t('join.move.stay', { group: current.name })} severity="secondary" outlined onClick={() => setConfirming(null)} autoFocus />
              <Button type="button" icon="pi pi-arrow-right" label={t('join.move.confirm')} onClick={() => confirming && joinWith(confirming)} />
            </div>
          }
        >
          <p>{t('join.move.text', { group: current.name })}</p>
        </Dialog>
      ) : null}
    </AuthCard>
  );
}
