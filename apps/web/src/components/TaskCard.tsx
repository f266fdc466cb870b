import './TaskCard.css';
import type { Task } from '@mathclub/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/format';
import { Icon } from './Icon';
import { MathText } from './MathText';

interface Props {
  task: Task;
  /** Top-right corner: the teacher's actions menu. */
  actions?: ReactNode;
  /** Below the task: a solution form, a verdict… */
  children?: ReactNode;
}

/** One task as every list shows it: title, level, points, group, author, date, text, image ≤ 120 px. */
export function TaskCard({ task, actions, children }: Props) {
  const { t } = useTranslation();
  const titleId = `task-${task.id}-title`;
  return (
    <article className="task-card" aria-labelledby={titleId}>
      <div className="task-card__header">
        <h3 id={titleId} className="task-card__title">
          {task.title}
        </h3>
        {actions}
      </div>
      <TaskMeta task={task} />
      {task.text ? <MathText className="task-card__text">{task.text}</MathText> : null}
      {task.imageSecureUrl ? (
        <a href={task.imageSecureUrl} target="_blank" rel="noopener noreferrer" className="task-card__image-link">
          <img src={task.imageSecureUrl} alt={t('tasks.imageAlt', { title: task.title })} className="task-card__image" loading="lazy" />
        </a>
      ) : null}
      {children}
    </article>
  );
}

/** Level, points, group, author and date of a task. */
export function TaskMeta({ task }: { task: Task }) {
  const { t } = useTranslation();
  return (
    <ul className="task-meta" aria-label={t('tasks.meta.label')}>
      <li>
        {/* PrimeReact's Tag markup without the component: ten cards' worth of it is render time. */}
        <span className={`task-meta__level task-meta__level--${task.level} p-tag p-component`}>
          <span className="p-tag-value">{t(`tasks.levels.${task.level}`)}</span>
        </span>
      </li>
      <li className="task-meta__points">
        <Icon name="star-fill" /> {t('tasks.meta.points', { count: task.points })}
      </li>
      <li>
        <Icon name="users" /> <span className="visually-hidden">{t('tasks.meta.group')}: </span>
        {task.group.name}
      </li>
      <li>
        <Icon name="user" /> <span className="visually-hidden">{t('tasks.meta.author')}: </span>
        {task.author.name}
      </li>
      <li>
        <Icon name="calendar" /> <span className="visually-hidden">{t('tasks.meta.date')}: </span>
        <time dateTime={task.createdAt}>{formatDate(task.createdAt)}</time>
      </li>
    </ul>
  );
}
