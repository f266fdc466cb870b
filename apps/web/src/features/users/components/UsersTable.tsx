import type { User } from '@mathclub/shared';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import type { AccountActions } from './account-actions';

interface Props {
  users: User[];
  loading: boolean;
  emptyText: string;
  busyUserId: number | null;
  caption: string;
  /** What the signed-in teacher may do to each account (PRODUCT.md §16). */
  actions: (user: User) => AccountActions;
  /** Whether the signed-in teacher is the owner: the table is drawn afresh when it changes. */
  ownerView: boolean;
  onToggle: (user: User) => void;
  onSetPassword: (user: User) => void;
  onMakeOwner: (user: User) => void;
  /** The accounts ticked for a bulk action (the waiting panel's activation, issue 49); none without it. */
  selected?: ReadonlySet<number>;
  onSelect?: (user: User, on: boolean) => void;
}

/**
 * Sortable table of accounts with the activate / deactivate action (SEED.md §2 Students page). The
 * owner is marked; an action the signed-in teacher may not take is not offered (the server refuses
 * it too), and a teacher account they may not manage says who can.
 */
export function UsersTable({ users, loading, emptyText, busyUserId, caption, actions, ownerView, onToggle, onSetPassword, onMakeOwner, selected, onSelect }: Props) {
  const { t, i18n } = useTranslation();
  const dash = <span aria-label="—">—</span>;
  const name = (user: User) =>
    user.owner ? (
      <span className="user-name">
        {user.name} <Tag value={t('students.owner')} severity="info" className="owner-tag" title={t('students.ownerHint')} />
      </span>
    ) : (
      user.name
    );
  const action = (user: User) => {
    const may = actions(user);
    if (!may.toggle && !may.setPassword && !may.makeOwner) {
      if (may.otherGroup) return <span className="muted-note">{t('students.otherGroupOnly')}</span>;
      return user.role !== 'student' && !user.owner && may.ownerOnly ? <span className="muted-note">{t('students.ownerOnly')}</span> : dash;
    }
    return (
    <div className="row-actions">
      {!may.toggle ? null : user.activated ? (
        <Button
          label={t('students.deactivate')}
          icon="pi pi-ban"
          severity="warning"
          size="small"
          loading={busyUserId === user.id}
          disabled={may.toggleDisabled}
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
      {may.setPassword ? (
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
      {may.makeOwner ? (
        <Button
          label={t('students.makeOwner')}
          icon="pi pi-star"
          severity="secondary"
          outlined
          size="small"
          loading={busyUserId === user.id}
          onClick={() => onMakeOwner(user)}
          aria-label={`${t('students.makeOwner')}: ${user.login}`}
        />
      ) : null}
    </div>
    );
  };

  return (
    <div className="table-scroll users-table">
      <DataTable
        // PrimeReact keeps a row's cells while its data is unchanged: a hand-over changes what
        // every row offers, and a new language every word in them (issue 49), so the table starts over.
        key={`${ownerView ? 'owner-view' : 'teacher-view'}-${i18n.language}`}
        value={users}
        // The selection boxes live outside the rows' data: cells are drawn afresh, not memoised on it.
        cellMemo={false}
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
        {onSelect ? (
          <Column
            header={<span className="visually-hidden">{t('students.bulk.column')}</span>}
            headerClassName="users-table__select"
            bodyClassName="users-table__select"
            body={(u: User) =>
              actions(u).toggle && !actions(u).toggleDisabled ? (
                <input
                  type="checkbox"
                  className="users-table__checkbox"
                  checked={selected?.has(u.id) ?? false}
                  onChange={(e) => onSelect(u, e.target.checked)}
                  aria-label={t('students.bulk.selectOne', { login: u.login })}
                />
              ) : null
            }
          />
        ) : null}
        <Column field="login" header={t('students.columns.login')} sortable />
        <Column field="name" header={t('students.columns.name')} sortable body={name} />
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
