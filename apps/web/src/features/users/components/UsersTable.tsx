import type { User } from '@mathclub/shared';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useTranslation } from 'react-i18next';

interface Props {
  users: User[];
  loading: boolean;
  emptyText: string;
  currentUserId: number | undefined;
  busyUserId: number | null;
  caption: string;
  onToggle: (user: User) => void;
  onSetPassword: (user: User) => void;
}

/** Sortable table of accounts with the activate / deactivate action (SEED.md §2 Students page). */
export function UsersTable({ users, loading, emptyText, currentUserId, busyUserId, caption, onToggle, onSetPassword }: Props) {
  const { t } = useTranslation();
  const dash = <span aria-label="—">—</span>;
  const action = (user: User) => (
    <div className="row-actions">
      {user.activated ? (
        <Button
          label={t('students.deactivate')}
          icon="pi pi-ban"
          severity="warning"
          size="small"
          loading={busyUserId === user.id}
          disabled={user.id === currentUserId}
          onClick={() => onToggle(user)}
          aria-label={`${t('students.deactivate')}: ${user.login}`}
        />
      ) : (
        <Button
          label={t('students.activate')}
          icon="pi pi-check"
          severity="success"
          size="small"
          loading={busyUserId === user.id}
          onClick={() => onToggle(user)}
          aria-label={`${t('students.activate')}: ${user.login}`}
        />
      )}
      {user.role === 'student' ? (
        <Button
          label={t('students.setPassword')}
          icon="pi pi-key"
          severity="secondary"
          outlined
          size="small"
          onClick={() => onSetPassword(user)}
          aria-label={`${t('students.setPassword')}: ${user.login}`}
        />
      ) : null}
    </div>
  );

  return (
    <div className="table-scroll">
      <DataTable
        value={users}
        loading={loading}
        dataKey="id"
        sortMode="single"
        removableSort
        emptyMessage={emptyText}
        tableStyle={{ minWidth: '60rem' }}
        size="small"
        stripedRows
        aria-label={caption}
      >
        <Column field="login" header={t('students.columns.login')} sortable />
        <Column field="name" header={t('students.columns.name')} sortable />
        <Column field="role" header={t('students.columns.role')} sortable body={(u: User) => t(`roles.${u.role}`)} />
        <Column field="grade" header={t('students.columns.grade')} sortable body={(u: User) => u.grade ?? dash} />
        <Column field="gradeLetter" header={t('students.columns.gradeLetter')} sortable body={(u: User) => u.gradeLetter ?? dash} />
        <Column
          field="groups"
          header={t('students.columns.groups')}
          body={(u: User) => (u.groups.length ? u.groups.map((g) => g.name).join(', ') : dash)}
        />
        <Column header={t('students.columns.action')} body={action} />
      </DataTable>
    </div>
  );
}
