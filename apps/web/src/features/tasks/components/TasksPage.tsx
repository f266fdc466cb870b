import './tasks.css';
import './task-delete.css';
import { DRAFT_DEBOUNCE_MS, LEVELS, SUCCESS_TOAST_MS, taskWindow, type Group, type Level, type Task, type TeacherTask } from '@mathclub/shared';
import { Button } from 'primereact/button';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { Dropdown } from 'primereact/dropdown';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Panel } from 'primereact/panel';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Toast } from 'primereact/toast';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { paths } from '../../../config/paths';
import { TaskCard } from '../../../components/TaskCard';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSchoolTimeZone } from '../../school/api/get-school';
import { useDeleteTask } from '../api/delete-task';
import { useTasks } from '../api/get-tasks';
import { useCloseTask, useCopyTask } from '../api/update-task';
import { DuplicateDialog } from './DuplicateDialog';
import { NewTaskHeader } from './NewTaskHeader';
import { TaskActions } from './TaskActions';
import { TaskForm } from './TaskForm';
import { TaskProgress } from './TaskProgress';
import { draftFromTask, draftPreview, emptyDraft, type TaskDraft } from './task-draft';

interface Props {
  /** The teacher's groups (from their profile). */
  groups: Group[];
  groupsLoading?: boolean;
}

/** Whether a task is closed at this moment (asked when its delete confirmation opens, never while rendering). */
const closedNow = (task: TeacherTask) => taskWindow(task, Date.now()) === 'closed';

/**
 * Teacher's Tasks page (SEED.md §2, PRODUCT.md §10): the 'New task' panel with the form (which
 * also edits a task), then the list with filters, each task's counts and window.
 */
export function TasksPage({ groups, groupsLoading = false }: Props) {
  const { t } = useTranslation();
  const toast = useRef<Toast>(null);
  const tasks = useTasks();
  const remove = useDeleteTask();
  const close = useCloseTask();
  const copy = useCopyTask();
  const timeZone = useSchoolTimeZone();
  const [stored, setDraft] = useState<TaskDraft>(() => emptyDraft());
  const [editingTask, setEditingTask] = useState<Task | null>(null);
  const [duplicating, setDuplicating] = useState<Task | null>(null);
  const [groupFilter, setGroupFilter] = useState<number | null>(null);
  const [levelFilter, setLevelFilter] = useState<Level | null>(null);
  const [search, setSearch] = useState('');
  const panelRef = useRef<HTMLDivElement>(null);
  // A teacher with one group never has to pick it.
  const draft = stored.groupId === null && groups.length === 1 ? { ...stored, groupId: groups[0]!.id } : stored;
  const [collapsed, setCollapsed] = useState(false);
  const debounced = useDebouncedValue(stored, DRAFT_DEBOUNCE_MS);
  const preview = draftPreview(debounced.title, debounced.text);
  const editing = preview !== '' || debounced.image !== null;

  useEffect(() => {
    if (tasks.error) console.error('Failed to load tasks', tasks.error);
  }, [tasks.error]);

  function created(task: Task) {
    toast.current?.show({
      severity: 'success',
      summary: t('common.success'),
      detail: t('teacher.tasks.created', { title: task.title }),
      life: SUCCESS_TOAST_MS,
    });
    setDraft(emptyDraft(draft.groupId));
    setCollapsed(true);
  }

  function startEdit(task: Task) {
    setEditingTask(task);
    setDraft(draftFromTask(task, timeZone));
    setCollapsed(false);
    requestAnimationFrame(() => panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  }

  function stopEdit() {
    setEditingTask(null);
    setDraft(emptyDraft(draft.groupId));
  }

  function saved(task: Task) {
    toast.current?.show({ severity: 'success', summary: t('common.success'), detail: t('teacher.tasks.saved', { title: task.title }), life: SUCCESS_TOAST_MS });
    setEditingTask(null);
    setDraft(emptyDraft(task.group.id));
    setCollapsed(true);
  }

  function duplicate(task: Task, groupId: number) {
    copy.mutate(
      { id: task.id, groupId },
      {
        onSuccess: (created) => {
          setDuplicating(null);
          toast.current?.show({ severity: 'success', summary: t('common.success'), detail: t('teacher.tasks.duplicated', { title: created.title, group: created.group.name }), life: SUCCESS_TOAST_MS });
        },
        onError: (error) => {
          console.error('Failed to duplicate task', error);
          toast.current?.show({ severity: 'error', summary: t('common.errorTitle'), detail: t('teacher.tasks.duplicateFailed'), life: 6000 });
        },
      },
    );
  }

  function deleted(task: TeacherTask) {
    return {
      onSuccess: () => toast.current?.show({ severity: 'success', summary: t('common.success'), detail: t('teacher.tasks.deleted', { title: task.title }), life: SUCCESS_TOAST_MS }),
      onError: (error: unknown) => {
        console.error('Failed to delete task', error);
        toast.current?.show({ severity: 'error', summary: t('common.errorTitle'), detail: t('teacher.tasks.deleteFailed'), life: 6000 });
      },
    };
  }

  /**
   * Deleting takes the task's answers and their points away from the boards (issue 26): the
   * confirmation says how many, and for a task that has answers and is still open it offers to
   * close it instead, which keeps them.
   */
  function askDelete(task: TeacherTask) {
    const { answered, correct } = task.counts;
    const canClose = answered > 0 && !closedNow(task);
    const message = (
      <div className="task-delete">
        <p>{t('teacher.tasks.confirmDelete', { title: task.title })}</p>
        {answered > 0 ? (
          <p className="task-delete__loss">
            {t('teacher.tasks.deleteLoss', { count: answered })} {correct > 0 ? t('teacher.tasks.deletePoints', { count: correct }) : null}
          </p>
        ) : null}
        {canClose ? <p>{t('teacher.tasks.deleteOfferClose')}</p> : null}
      </div>
    );
    confirmDialog({
      header: t('teacher.tasks.confirmDeleteTitle'),
      message,
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('teacher.tasks.delete'),
      rejectLabel: t('common.cancel'),
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      footer: ({ accept, reject }) => (
        <div className="task-delete__actions">
          <Button type="button" label={t('common.cancel')} outlined onClick={reject} autoFocus />
          {canClose ? (
            <Button
              type="button"
              label={t('teacher.tasks.closeInstead')}
              icon="pi pi-lock"
              onClick={() => {
                reject();
                close.mutate(task.id, {
                  onSuccess: () => toast.current?.show({ severity: 'success', summary: t('common.success'), detail: t('teacher.tasks.closedNow', { title: task.title }), life: SUCCESS_TOAST_MS }),
                  onError: (error) => {
                    console.error('Failed to close task', error);
                    toast.current?.show({ severity: 'error', summary: t('common.errorTitle'), detail: t('teacher.tasks.closeFailed'), life: 6000 });
                  },
                });
              }}
            />
          ) : null}
          <Button type="button" label={t('teacher.tasks.delete')} icon="pi pi-trash" severity="danger" onClick={accept} />
        </div>
      ),
      accept: () => remove.mutate(task.id, deleted(task)),
    });
  }

  const all = tasks.data ?? [];
  const needle = search.trim().toLocaleLowerCase();
  const list = all.filter(
    (task) => (groupFilter === null || task.group.id === groupFilter) && (levelFilter === null || task.level === levelFilter) && (!needle || task.title.toLocaleLowerCase().includes(needle)),
  );
  // Windows are judged at the time the list was read (it is read again on focus and after each change).
  const now = tasks.dataUpdatedAt;
  const groupOptions = [{ value: null, label: t('teacher.tasks.filter.allGroups') }, ...groups.map((g) => ({ value: g.id, label: g.name }))];
  const levelOptions = [{ value: null, label: t('teacher.tasks.filter.allLevels') }, ...LEVELS.map((level) => ({ value: level, label: t(`tasks.levels.${level}`) }))];

  return (
    <section className="page page--tasks">
      <Toast ref={toast} position="top-right" />
      <ConfirmDialog />
      <DuplicateDialog task={duplicating} groups={groups} busy={copy.isPending} onCopy={duplicate} onClose={() => setDuplicating(null)} />
      <PageTitle>{t('teacher.tasks.title')}</PageTitle>

      <div ref={panelRef} />
      <Panel
        header={<NewTaskHeader preview={editingTask ? stored.title : preview} editing={editing || editingTask !== null} editingTask={editingTask !== null} />}
        toggleable
        collapsed={collapsed}
        onToggle={(e) => setCollapsed(e.value)}
        className="page__panel new-task-panel"
        pt={{ toggler: { 'aria-label': t('teacher.tasks.newTask') } }}
      >
        <TaskForm
          draft={draft}
          onDraftChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
          groups={groups}
          groupsLoading={groupsLoading}
          onCreated={created}
          editingId={editingTask?.id ?? null}
          onSaved={saved}
          onCancelEdit={stopEdit}
          timeZone={timeZone}
        />
        {!groupsLoading && groups.length === 0 ? (
          // The one next step that works (issue 26): a new school has no group to choose in a profile.
          <Message
            severity="warn"
            className="page__message task-form__notice"
            content={
              <span>
                {t('teacher.tasks.noGroupsNext')} <Link to={paths.teacher.groups}>{t('teacher.tasks.noGroupsCreate')}</Link>{' '}
                {t('teacher.tasks.noGroupsOr')} <Link to={paths.teacher.profile}>{t('teacher.tasks.noGroupsJoin')}</Link>
              </span>
            }
          />
        ) : null}
      </Panel>

      <h3 className="section-title">{t('teacher.tasks.listTitle')}</h3>
      {all.length > 0 ? (
        <div className="task-filters" role="search">
          {groups.length > 1 ? (
            <div className="field">
              <label htmlFor="task-filter-group">{t('teacher.tasks.filter.group')}</label>
              <Dropdown inputId="task-filter-group" value={groupFilter} options={groupOptions} placeholder={t('teacher.tasks.filter.allGroups')} onChange={(e) => setGroupFilter(e.value as number | null)} />
            </div>
          ) : null}
          <div className="field">
            <label htmlFor="task-filter-level">{t('teacher.tasks.filter.level')}</label>
            <Dropdown inputId="task-filter-level" value={levelFilter} options={levelOptions} placeholder={t('teacher.tasks.filter.allLevels')} onChange={(e) => setLevelFilter(e.value as Level | null)} />
          </div>
          <div className="field task-filters__search">
            <label htmlFor="task-filter-search">{t('teacher.tasks.filter.search')}</label>
            <IconField iconPosition="left">
              <InputIcon className="pi pi-search" />
              <InputText id="task-filter-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('teacher.tasks.filter.searchPlaceholder')} />
            </IconField>
          </div>
        </div>
      ) : null}
      {tasks.isError ? <Message severity="error" text={t('teacher.tasks.loadFailed')} className="page__message" /> : null}
      {tasks.isPending ? (
        <div className="list-loading" role="status">
          <ProgressSpinner style={{ width: '3rem', height: '3rem' }} strokeWidth="4" aria-hidden="true" />
          <span className="visually-hidden">{t('app.loading')}</span>
        </div>
      ) : tasks.isSuccess && all.length === 0 ? (
        <p className="list-empty">{t('teacher.tasks.empty')}</p>
      ) : tasks.isSuccess && list.length === 0 ? (
        <p className="list-empty">{t('teacher.tasks.filter.noMatches')}</p>
      ) : (
        <ul className="task-list" aria-label={t('teacher.tasks.listTitle')}>
          {list.map((task) => (
            <li key={task.id} className={editingTask?.id === task.id ? 'task-card--editing' : undefined}>
              <TaskCard task={task} actions={<TaskActions task={task} onEdit={startEdit} onDuplicate={setDuplicating} onDelete={() => askDelete(task)} />}>
                <TaskProgress task={task} timeZone={timeZone} now={now} />
              </TaskCard>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
