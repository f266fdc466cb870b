import { groupNameSchema, type GroupSummary } from '@mathclub/shared';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Toast } from 'primereact/toast';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField';
import { PageTitle } from '../../../components/PageTitle';
import { ApiRequestError } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/form-errors';
import { useCreateGroup } from '../api/create-group';
import { useDeleteGroup } from '../api/delete-group';
import { useGroups } from '../api/get-groups';
import { useRenameGroup } from '../api/rename-group';
import { JoinCodePanel } from './JoinCodePanel';

/** Maps a failed save to a field message (validation, name taken) or a general one. */
function nameError(error: unknown): { field?: string; general?: string } {
  if (error instanceof ApiRequestError) {
    if (error.validationErrors.name) return { field: error.validationErrors.name };
    if (error.code === 'GROUP_NAME_TAKEN') return { field: 'groups.error.nameTaken' };
    if (error.status < 500) return { general: error.message };
  }
  return { general: 'groups.error.saveFailed' };
}

/** Teacher's Groups page: list with counts, create, rename, delete with confirmation. */
export function GroupsPage() {
  const { t, i18n } = useTranslation();
  const toast = useRef<Toast>(null);
  const groups = useGroups();
  const create = useCreateGroup();
  const rename = useRenameGroup();
  const remove = useDeleteGroup();
  const [newName, setNewName] = useState('');
  const [createError, setCreateError] = useState<string | undefined>();
  const [editing, setEditing] = useState<GroupSummary | null>(null);
  const [editName, setEditName] = useState('');
  const [editError, setEditError] = useState<string | undefined>();
  const [showingCode, setShowingCode] = useState<GroupSummary | null>(null);

  const notify = (severity: 'success' | 'error', detail: string) =>
    toast.current?.show({ severity, summary: t(severity === 'success' ? 'common.success' : 'common.errorTitle'), detail, life: severity === 'success' ? 2000 : 6000 });

  function submitNew(event: FormEvent) {
    event.preventDefault();
    const parsed = groupNameSchema.safeParse({ name: newName });
    setCreateError(fieldErrors(parsed.error).name);
    if (!parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: () => {
        notify('success', t('groups.created', { name: parsed.data.name }));
        setNewName('');
      },
      onError: (error) => {
        const { field, general } = nameError(error);
        setCreateError(field);
        if (general) notify('error', t(general, { defaultValue: general }));
      },
    });
  }

  function submitRename(event: FormEvent) {
    event.preventDefault();
    if (!editing) return;
    const parsed = groupNameSchema.safeParse({ name: editName });
    setEditError(fieldErrors(parsed.error).name);
    if (!parsed.success) return;
    rename.mutate(
      { id: editing.id, name: parsed.data.name },
      {
        onSuccess: () => {
          notify('success', t('groups.renamed', { name: parsed.data.name }));
          setEditing(null);
        },
        onError: (error) => {
          const { field, general } = nameError(error);
          setEditError(field);
          if (general) notify('error', t(general, { defaultValue: general }));
        },
      },
    );
  }

  function askDelete(group: GroupSummary) {
    confirmDialog({
      header: t('groups.confirmDeleteTitle'),
      message: t('groups.confirmDelete', { name: group.name }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('groups.delete'),
      rejectLabel: t('common.cancel'),
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () =>
        remove.mutate(group.id, {
          onSuccess: () => notify('success', t('groups.deleted', { name: group.name })),
          onError: (error) =>
            notify('error', error instanceof ApiRequestError && error.status < 500 ? error.message : t('groups.error.deleteFailed')),
        }),
    });
  }

  const actions = (group: GroupSummary) => (
    <div className="row-actions">
      <Button
        label={t('joinCode.button')}
        icon="pi pi-qrcode"
        size="small"
        onClick={() => setShowingCode(group)}
        aria-label={`${t('joinCode.button')}: ${group.name}`}
      />
      <Button
        label={t('groups.rename')}
        icon="pi pi-pencil"
        size="small"
        severity="secondary"
        outlined
        onClick={() => {
          setEditing(group);
          setEditName(group.name);
          setEditError(undefined);
        }}
        aria-label={`${t('groups.rename')}: ${group.name}`}
      />
      <Button
        label={t('groups.delete')}
        icon="pi pi-trash"
        size="small"
        severity="danger"
        outlined
        onClick={() => askDelete(group)}
        aria-label={`${t('groups.delete')}: ${group.name}`}
      />
    </div>
  );

  return (
    <section className="page">
      <Toast ref={toast} position="top-right" />
      <ConfirmDialog />
      <PageTitle>{t('groups.title')}</PageTitle>
      <p className="page__intro">{t('groups.intro')}</p>

      <form className="inline-form" onSubmit={submitNew} noValidate>
        <FormField id="group-new-name" label={t('groups.newName')} error={createError} className="inline-form__field">
          {(control) => <InputText id="group-new-name" value={newName} onChange={(e) => setNewName(e.target.value)} {...control} />}
        </FormField>
        <Button type="submit" label={t('groups.create')} icon="pi pi-plus" loading={create.isPending} className="inline-form__submit" />
      </form>

      {groups.isError ? <Message severity="error" text={t('groups.error.loadFailed')} className="page__message" /> : null}

      <div className="table-scroll">
        <DataTable
          // PrimeReact keeps a row's cells (and the handlers in them) while its data is unchanged: a
          // new language starts the table over, so labels, aria-labels and the confirmation follow it.
          key={i18n.language}
          value={groups.data ?? []}
          loading={groups.isPending}
          dataKey="id"
          emptyMessage={t('groups.empty')}
          sortField="name"
          sortOrder={1}
          size="small"
          stripedRows
          tableStyle={{ minWidth: '48rem' }}
          aria-label={t('groups.title')}
        >
          <Column field="name" header={t('groups.columns.name')} sortable />
          <Column field="studentCount" header={t('groups.columns.students')} sortable />
          <Column field="teacherCount" header={t('groups.columns.teachers')} sortable />
          <Column field="taskCount" header={t('groups.columns.tasks')} sortable />
          <Column header={t('groups.columns.actions')} body={actions} />
        </DataTable>
      </div>

      <Dialog
        header={showingCode ? t('joinCode.title', { group: showingCode.name }) : ''}
        visible={showingCode !== null}
        onHide={() => setShowingCode(null)}
        style={{ width: '44rem' }}
        breakpoints={{ '720px': '100vw' }}
        modal
      >
        {showingCode ? <JoinCodePanel groupId={showingCode.id} groupName={showingCode.name} /> : null}
      </Dialog>

      <Dialog
        header={t('groups.renameTitle')}
        visible={editing !== null}
        onHide={() => setEditing(null)}
        style={{ width: '28rem' }}
        breakpoints={{ '640px': '95vw' }}
        modal
      >
        <form onSubmit={submitRename} noValidate className="form">
          <FormField id="group-edit-name" label={t('groups.nameLabel')} error={editError}>
            {(control) => <InputText id="group-edit-name" value={editName} onChange={(e) => setEditName(e.target.value)} autoFocus {...control} />}
          </FormField>
          <div className="dialog-actions">
            <Button type="button" label={t('common.cancel')} severity="secondary" text onClick={() => setEditing(null)} />
            <Button type="submit" label={t('groups.save')} icon="pi pi-check" loading={rename.isPending} />
          </div>
        </form>
      </Dialog>
    </section>
  );
}
