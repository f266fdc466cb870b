import type { Task } from '@mathclub/shared';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The task's actions menu: one item, Delete (SEED.md §2). */
export function TaskActions({ task, onDelete }: { task: Task; onDelete: (task: Task) => void }) {
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
        model={[{ label: t('teacher.tasks.delete'), icon: 'pi pi-trash', command: () => onDelete(task) }]}
      />
    </>
  );
}
