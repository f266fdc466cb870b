import type { Solution, Task } from '@mathclub/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TaskCard } from '../../../components/TaskCard';
import { SolutionForm } from './SolutionForm';

/** A task to solve: its card, the teacher's note on an incorrect attempt, and 'suggest solution'. */
export function SolveTaskItem({ task, previous, onSent }: { task: Task; previous?: Solution; onSent: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <TaskCard task={task}>
      {previous ? (
        <div className="retry-note" role="note">
          <p className="retry-note__title">
            <i className="pi pi-replay" aria-hidden="true" /> {t('arena.solve.retry')}
          </p>
          {previous.feedback ? (
            <p className="retry-note__feedback">
              <strong>{t('arena.feedback')}:</strong> {previous.feedback}
            </p>
          ) : null}
        </div>
      ) : null}
      {open ? (
        <SolutionForm
          task={task}
          onCancel={() => setOpen(false)}
          onSent={() => {
            setOpen(false);
            onSent();
          }}
        />
      ) : (
        // PrimeReact's Button markup (same look) without the component: cheaper for ten cards.
        <button
          type="button"
          className="solve-item__suggest p-button p-component"
          aria-expanded={false}
          aria-label={`${t('arena.solve.suggest')}: ${task.title}`}
          onClick={() => setOpen(true)}
        >
          <span className="p-button-icon p-c p-button-icon-left pi pi-pencil" aria-hidden="true" />
          <span className="p-button-label p-c">{t('arena.solve.suggest')}</span>
        </button>
      )}
    </TaskCard>
  );
}
