import './tasks.css';
import { DRAFT_DEBOUNCE_MS, SUCCESS_TOAST_MS, type Group, type Task } from '@mathclub/shared';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { Message } from 'primereact/message';
import { Panel } from 'primereact/panel';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Toast } from 'primereact/toast';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { TaskCard } from '../../../components/TaskCard';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDeleteTask } from '../api/delete-task';
import { useTasks } from '../api/get-tasks';
import { NewTaskHeader } from './NewTaskHeader';
import { TaskActions } from './TaskActions';
import { TaskForm } from './TaskForm';
import { draftPreview, emptyDraft, type TaskDraft } from './task-draft';

interface Props {
  /** The teacher's groups (from their profile). */
  groups: Group[];
  groupsLoading?: boolean;
}

/** Teacher's Tasks page (SEED.md §2): the 'New task' panel with the form, then the task list. */
export function TasksPage({ groups, groupsLoading = false }: Props) {
  const { t } = useTranslation();
  const toast = useRef<Toast>(null);
  const tasks = useTasks();
  const remove = useDeleteTask();
  const [stored, setDraft] = useState<TaskDraft>(() => emptyDraft());
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

  function askDelete(task: Task) {
    confirmDialog({
      header: t('teacher.tasks.confirmDeleteTitle'),
      message: t('teacher.tasks.confirmDelete', { title: task.title }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('teacher.tasks.delete'),
      rejectLabel: t('common.cancel'),
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () =>
        remove.mutate(task.id, {
          onSuccess: () =>
            toast.current?.show({ severity: 'success', summary: t('common.success'), detail: t('teacher.tasks.deleted', { title: task.title }), life: SUCCESS_TOAST_MS }),
          onError: (error) => {
            console.error('Failed to delete task', error);
            toast.current?.show({ severity: 'error', summary: t('common.errorTitle'), detail: t('teacher.tasks.deleteFailed'), life: 6000 });
          },
        }),
    });
  }

  const list = tasks.data ?? [];

  return (
    <section className="page page--tasks">
      <Toast ref={toast} position="top-right" />
      <ConfirmDialog />
      <PageTitle>{t('teacher.tasks.title')}</PageTitle>

      <Panel
        header={<NewTaskHeader preview={preview} editing={editing} />}
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
        />
        {!groupsLoading && groups.length === 0 ? (
          <Message severity="warn" text={t('teacher.tasks.noGroups')} className="page__message task-form__notice" />
        ) : null}
      </Panel>

      <h3 className="section-title">{t('teacher.tasks.listTitle')}</h3>
      {tasks.isError ? <Message severity="error" text={t('teacher.tasks.loadFailed')} className="page__message" /> : null}
      {tasks.isPending ? (
        <div className="list-loading" role="status">
          <ProgressSpinner style={{ width: '3rem', height: '3rem' }} strokeWidth="4" aria-hidden="true" />
          <span className="visually-hidden">{t('app.loading')}</span>
        </div>
      ) : tasks.isSuccess && list.length === 0 ? (
        <p className="list-empty">{t('teacher.tasks.empty')}</p>
      ) : (
        <ul className="task-list" aria-label={t('teacher.tasks.listTitle')}>
          {list.map((task) => (
            <li key={task.id}>
              <TaskCard task={task} actions={<TaskActions task={task} onDelete={askDelete} />} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
