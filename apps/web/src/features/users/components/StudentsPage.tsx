import type { User } from '@mathclub/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { Message } from 'primereact/message';
import { Panel } from 'primereact/panel';
import { Toast } from 'primereact/toast';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { ApiRequestError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { usersQueryOptions, useUsers } from '../api/get-users';
import { useTransferOwnership } from '../api/transfer-ownership';
import { useUpdateUser } from '../api/update-user';
import { accountActions, actorOf } from './account-actions';
import { SignInWarningsNotice } from './SignInWarningsNotice';
import { TemporaryPasswordDialog } from './TemporaryPasswordDialog';
import { UsersTable } from './UsersTable';

/**
 * Teacher's Students page: accounts waiting for activation and activated accounts. The owner is
 * marked and may hand ownership on; teacher accounts are offered only to the owner (PRODUCT.md §16).
 */
export function StudentsPage() {
  const { t } = useTranslation();
  const { user: me } = useSession();
  const toast = useRef<Toast>(null);
  const queryClient = useQueryClient();
  const users = useUsers();
  const update = useUpdateUser();
  const transfer = useTransferOwnership();
  const [busyUserId, setBusyUserId] = useState<number | null>(null);
  const [reloadFailed, setReloadFailed] = useState(false);
  const [passwordFor, setPasswordFor] = useState<User | null>(null);
  // Waiting accounts ticked for activation at once (issue 49).
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [bulkBusy, setBulkBusy] = useState(false);

  const all = users.data ?? [];
  const waiting = all.filter((u) => !u.activated);
  const activated = all.filter((u) => u.activated);
  const actor = actorOf(me, all);

  async function reload() {
    try {
      await queryClient.fetchQuery({ ...usersQueryOptions(), staleTime: 0 });
    } catch {
      setReloadFailed(true);
    }
  }

  function showError(error: unknown, fallbackKey: string) {
    toast.current?.show({
      severity: 'error',
      summary: t('common.errorTitle'),
      detail: error instanceof ApiRequestError && error.status < 500 ? error.message : t(fallbackKey),
      life: 5000,
    });
  }

  function askMakeOwner(user: User) {
    confirmDialog({
      header: t('students.confirmOwnerTitle'),
      message: t('students.confirmOwner', { name: user.name }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('students.makeOwner'),
      rejectLabel: t('common.cancel'),
      defaultFocus: 'reject',
      accept: () => {
        setBusyUserId(user.id);
        setReloadFailed(false);
        transfer.mutate(user.id, {
          onSuccess: async () => {
            toast.current?.show({ severity: 'success', summary: t('common.success'), detail: t('students.ownerDone', { name: user.name }), life: 3000 });
            await reload();
          },
          onError: (error) => showError(error, 'students.ownerFailed'),
          onSettled: () => setBusyUserId(null),
        });
      },
    });
  }

  function toggle(user: User) {
    setBusyUserId(user.id);
    setReloadFailed(false);
    update.mutate(
      { ...user, activated: !user.activated },
      {
        onSuccess: async (saved) => {
          toast.current?.show({
            severity: 'success',
            summary: t('common.success'),
            detail: t(saved.activated ? 'students.activatedToast' : 'students.deactivatedToast', { name: saved.name }),
            life: 2000,
          });
          await reload();
        },
        onError: (error) => showError(error, 'students.updateFailed'),
        onSettled: () => setBusyUserId(null),
      },
    );
  }

  const selectable = waiting.filter((u) => accountActions(actor, u).toggle && !accountActions(actor, u).toggleDisabled);
  const chosen = selectable.filter((u) => selected.has(u.id));
  const allChosen = selectable.length > 0 && chosen.length === selectable.length;

  function select(user: User, on: boolean) {
    setSelected((now) => {
      const next = new Set(now);
      if (on) next.add(user.id);
      else next.delete(user.id);
      return next;
    });
  }

  /** Activates every ticked account; says how many were, and how many could not be. */
  async function activateChosen() {
    if (chosen.length === 0) return;
    setBulkBusy(true);
    setReloadFailed(false);
    const results = await Promise.allSettled(chosen.map((u) => update.mutateAsync({ ...u, activated: true })));
    const done = results.filter((r) => r.status === 'fulfilled').length;
    const failed = results.length - done;
    if (done > 0) toast.current?.show({ severity: 'success', summary: t('common.success'), detail: t('students.bulk.done', { count: done }), life: 3000 });
    if (failed > 0) toast.current?.show({ severity: 'error', summary: t('common.errorTitle'), detail: t('students.bulk.failed', { count: failed }), life: 6000 });
    setSelected(new Set());
    await reload();
    setBulkBusy(false);
  }

  const table = (list: User[], emptyKey: string, caption: string, bulk = false) => (
    <UsersTable
      users={list}
      loading={users.isPending}
      emptyText={t(emptyKey)}
      busyUserId={busyUserId}
      caption={caption}
      actions={(user) => accountActions(actor, user)}
      ownerView={actor?.owner ?? false}
      onToggle={toggle}
      onSetPassword={setPasswordFor}
      onMakeOwner={askMakeOwner}
      {...(bulk ? { selected, onSelect: select } : {})}
    />
  );

  return (
    <section className="page">
      <Toast ref={toast} position="top-right" />
      <ConfirmDialog />
      <PageTitle>{t('students.title')}</PageTitle>
      {users.isError ? <Message severity="error" text={t('students.loadFailed')} className="page__message" /> : null}
      {reloadFailed ? <Message severity="error" text={t('students.reloadFailed')} className="page__message" /> : null}
      <SignInWarningsNotice users={all} />
      <Panel header={`${t('students.waiting')} (${waiting.length})`} toggleable className="page__panel">
        {selectable.length > 0 ? (
          <div className="users-bulk">
            <label className="users-bulk__all">
              <input
                type="checkbox"
                checked={allChosen}
                onChange={(e) => setSelected(e.target.checked ? new Set(selectable.map((u) => u.id)) : new Set())}
              />
              {t('students.bulk.selectAll')}
            </label>
            <Button
              type="button"
              icon="pi pi-check"
              severity="success"
              size="small"
              label={t('students.bulk.activate', { count: chosen.length })}
              disabled={chosen.length === 0}
              loading={bulkBusy}
              onClick={() => void activateChosen()}
            />
          </div>
        ) : null}
        {table(waiting, 'students.emptyWaiting', t('students.waiting'), true)}
      </Panel>
      <Panel header={`${t('students.activated')} (${activated.length})`} toggleable className="page__panel">
        {table(activated, 'students.emptyActivated', t('students.activated'))}
      </Panel>
      <TemporaryPasswordDialog
        user={passwordFor}
        onClose={() => setPasswordFor(null)}
        onDone={(u) =>
          toast.current?.show({ severity: 'success', summary: t('common.success'), detail: t('students.tempPassword.done', { name: u.name }), life: 3000 })
        }
      />
    </section>
  );
}
