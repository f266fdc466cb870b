import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';

/**
 * 'New task', then while a draft exists its first characters and an 'editing' marker (SEED.md §2);
 * while a task is edited in the same form, 'Edit task' and its title (PRODUCT.md §10).
 */
export function NewTaskHeader({ preview, editing, editingTask = false }: { preview: string; editing: boolean; editingTask?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="new-task-header" data-testid="new-task-header">
      <span className="new-task-header__title">{editingTask ? t('teacher.tasks.editTask') : t('teacher.tasks.newTask')}</span>
      {preview ? <span className="new-task-header__draft">“{preview}”</span> : null}
      {editing ? <Tag value={t('teacher.tasks.editing')} severity="warning" icon="pi pi-pencil" className="new-task-header__editing" /> : null}
    </span>
  );
}
