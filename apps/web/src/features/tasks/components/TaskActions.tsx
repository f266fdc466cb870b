import type { Task } from '@mathclub/shared';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  task: Task;
  onEdit: (task: Task) => void;
  /** Absent when the teacher has no other group to copy to. */
  onDuplicate?: (task: Task) => void;
  onDelete: (task: Task) => void;
}

/** The task's actions menu: edit (in the form above), duplicate to a group, delete (SEED.md §2, PRODUCT.md §10). */
export function TaskActions({ task, onEdit, onDuplicate, onDelete }: Props) {
  const { t } = useTranslation();
  const menu = useRef<Menu>(null);
  const menuId = `task-${task.id}-actions`;
  return (
    <>
      <Button
        type="button"
        icon="pi pi-ellipsis-v"
        rounded
        text
        severity="secondary"
        aria-label={t('teacher.tasks.actions', { title: task.title })}
        aria-haspopup="menu"
        aria-controls={menuId}
        onClick={(e) => menu.current?.toggle(e)}
      />
      <Menu
        ref={menu}
        id={menuId}
        popup
        popupAlignment="right"
        model={[
          { label: t('teacher.tasks.edit'), icon: 'pi pi-pencil', command: () => onEdit(task) },
          ...(onDuplicate ? [{ label: t('teacher.tasks.duplicate'), icon: 'pi pi-copy', command: () => onDuplicate(task) }] : []),
          { label: t('teacher.tasks.delete'), icon: 'pi pi-trash', command: () => onDelete(task) },
        ]}
      />
    </>
  );
}
