import type { Group, Task } from '@mathclub/shared';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  task: Task | null;
  groups: Group[];
  busy: boolean;
  onCopy: (task: Task, groupId: number) => void;
  onClose: () => void;
}

/** "Duplicate to a group": the teacher's groups, the task's own first offered last (a copy in the same group is allowed). */
export function DuplicateDialog({ task, groups, busy, onCopy, onClose }: Props) {
  const { t } = useTranslation();
  const [groupId, setGroupId] = useState<number | null>(null);
  const others = task ? [...groups.filter((g) => g.id !== task.group.id), ...groups.filter((g) => g.id === task.group.id)] : groups;
  const chosen = groupId ?? others[0]?.id ?? null;
  return (
    <Dialog
      visible={task !== null}
      onHide={() => {
        setGroupId(null);
        onClose();
      }}
      header={task ? t('teacher.tasks.duplicateTitle', { title: task.title }) : ''}
      className="duplicate-dialog"
      breakpoints={{ '640px': '95vw' }}
      style={{ width: '28rem' }}
      footer={
        <Button
          type="button"
          label={t('teacher.tasks.duplicateConfirm')}
          icon="pi pi-copy"
          loading={busy}
          disabled={chosen === null}
          onClick={() => task && chosen !== null && onCopy(task, chosen)}
        />
      }
    >
      <div className="field">
        <label htmlFor="duplicate-group">{t('teacher.tasks.duplicateGroup')}</label>
        <Dropdown inputId="duplicate-group" value={chosen} options={others.map((g) => ({ value: g.id, label: g.name }))} onChange={(e) => setGroupId(e.value as number)} />
      </div>
    </Dialog>
  );
}
