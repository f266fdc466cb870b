import type { Solution, Task } from '@mathclub/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon';
import { MathText } from '../../../components/MathText';
import { TaskCard } from '../../../components/TaskCard';
import { LazySolutionForm } from './lazy';
import { Loading } from './Loading';
import { PartFailed } from './PartFailed';

/** Starts fetching the form's code; a failure shows when the form is opened. */
const prefetchForm = () => void LazySolutionForm.preload().catch(() => null);

/** A task to solve: its card, the teacher's note on an incorrect attempt, and 'suggest solution'. */
export function SolveTaskItem({ task, previous, onSent }: { task: Task; previous?: Solution; onSent: (solution: Solution | undefined) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const form = LazySolutionForm.useComponent(open);
  // After closesAt the task stays with its answers but takes no new ones (PRODUCT.md §10); the
  // server answers 409 TASK_CLOSED anyway. Plain code: shared's helpers would bring zod to the arena.
  const [shownAt] = useState(Date.now);
  const closed = task.closesAt !== undefined && Date.parse(task.closesAt) <= shownAt;
  return (
    <TaskCard task={task}>
      {previous ? (
        <div className="retry-note" role="note">
          <p className="retry-note__title">
            <Icon name="replay" /> {t('arena.solve.retry')}
          </p>
          {previous.feedback ? (
            <div className="retry-note__feedback">
              <strong>{t('arena.feedback')}:</strong>
              <MathText>{previous.feedback}</MathText>
            </div>
          ) : null}
        </div>
      ) : null}
      {closed ? (
        <p className="solve-item__closed" role="note">
          <Icon name="clock" /> {t('arena.solve.closed')}
        </p>
      ) : open ? (
        form.Component ? (
          <form.Component
            task={task}
            onCancel={() => setOpen(false)}
            onSent={(solution) => {
              setOpen(false);
              onSent(solution);
            }}
          />
        ) : form.failed ? (
          <PartFailed onRetry={form.retry} />
        ) : (
          <Loading />
        )
      ) : (
        // PrimeReact's Button markup (same look) without the component: cheaper for ten cards.
        <button
          type="button"
          className="solve-item__suggest p-button p-component"
          aria-expanded={false}
          aria-label={`${t('arena.solve.suggest')}: ${task.title}`}
          // The form's code is fetched as soon as a student reaches for the button.
          onPointerEnter={prefetchForm}
          onPointerDown={prefetchForm}
          onFocus={prefetchForm}
          onClick={() => setOpen(true)}
        >
          <Icon name="pencil" className="p-button-icon p-c p-button-icon-left" />
          <span className="p-button-label p-c">{t('arena.solve.suggest')}</span>
        </button>
      )}
    </TaskCard>
  );
}
