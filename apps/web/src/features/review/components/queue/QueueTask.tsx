import type { Task } from '@mathclub/shared';
import { useTranslation } from 'react-i18next';
import { MathText } from '../../../../components/MathText';
import { TaskMeta } from '../../../../components/TaskCard';

/** An answer key as the teacher typed it: math for numbers, expressions and sets, plain for text. */
function keyText(task: Task): string | null {
  if (task.answerKind === 'none' || !task.answerKey) return null;
  return task.answerKind === 'text' ? task.answerKey : `$${task.answerKey}$`;
}

/** The task beside the answer being judged: title, text with math, picture and (teachers only) its key. */
export function QueueTask({ task }: { task: Task }) {
  const { t } = useTranslation();
  const key = keyText(task);
  return (
    <aside className="queue-task" aria-labelledby="queue-task-title" data-testid="queue-task">
      <p className="queue-task__label">{t('reviewQueue.task')}</p>
      <h3 id="queue-task-title" className="queue-task__title">
        {task.title}
      </h3>
      <TaskMeta task={task} />
      {task.text ? <MathText className="queue-task__text">{task.text}</MathText> : null}
      {task.imageSecureUrl ? (
        <a href={task.imageSecureUrl} target="_blank" rel="noopener noreferrer" className="queue-task__image-link">
          <img src={task.imageSecureUrl} alt={t('reviewQueue.taskImageAlt', { title: task.title })} className="queue-task__image" />
        </a>
      ) : null}
      {key ? (
        <div className="queue-task__key">
          <span className="queue-task__key-label">{t('reviewQueue.answerKey')}</span>
          <MathText className="queue-task__key-value">{key}</MathText>
        </div>
      ) : null}
    </aside>
  );
}
