import '../gradebook-texts';
import type { GradebookState } from '@mathclub/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { GradebookRow } from './gradebook-rows';

const ICONS: Record<GradebookState, string> = { correct: 'pi-check', incorrect: 'pi-times', waiting: 'pi-clock', none: 'pi-minus' };

interface Props {
  tasks: { id: number; title: string; points: number }[];
  rows: GradebookRow[];
  rates: number[];
  caption: string;
  /** When a task not open yet opens, shown instead of its success rate (issue 49); null for an open one. */
  opensAt?: (taskId: number) => string | null;
}

/**
 * The matrix: students down, tasks across, the name column and the header row sticky while the
 * table scrolls inside its own box (the page never scrolls sideways at 375 px). Each answered cell
 * links to that student's solution on the review page; its state is an icon, a colour and a text.
 */
export function GradebookTable({ tasks, rows, rates, caption, opensAt = () => null }: Props) {
  const { t } = useTranslation();
  return (
    <div className="gradebook__scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="gradebook-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="gradebook-table__corner">
              {t('gradebook.student')}
            </th>
            {tasks.map((task, i) => {
              const opens = opensAt(task.id);
              return (
                <th scope="col" key={task.id} className={opens ? 'gradebook-table__task gradebook-table__task--not-open' : 'gradebook-table__task'} data-not-open={opens ? 'true' : undefined}>
                  <span className="gradebook-table__task-title" title={task.title}>
                    {task.title}
                  </span>
                  <span className="gradebook-table__task-meta">{t('tasks.meta.points', { count: task.points })}</span>
                  {opens ? (
                    <span className="gradebook-table__task-meta gradebook-table__opens">
                      <i className="pi pi-calendar" aria-hidden="true" /> {t('gradebook.notOpen', { time: opens })}
                    </span>
                  ) : (
                    <span className="gradebook-table__task-meta" title={t('gradebook.successRate')}>
                      {t('gradebook.rate', { rate: rates[i] })}
                    </span>
                  )}
                </th>
              );
            })}
            <th scope="col" className="gradebook-table__total">
              {t('gradebook.points')}
            </th>
            <th scope="col" className="gradebook-table__total">
              {t('gradebook.solved')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row" className="gradebook-table__name">
                {row.name}
              </th>
              {row.cells.map((cell, i) => {
                const label = t('gradebook.cellLabel', {
                  student: row.name,
                  task: tasks[i]!.title,
                  state: t(`gradebook.state.${cell.state}`),
                  count: cell.attempts,
                  points: cell.points,
                });
                const content = (
                  <>
                    <i className={`pi ${ICONS[cell.state]}`} aria-hidden="true" />
                    {cell.state === 'correct' ? <span className="gradebook-cell__points" aria-hidden="true">
                        {cell.points}
                      </span> : null}
                    <span className="visually-hidden">{label}</span>
                  </>
                );
                return (
                  <td key={cell.taskId} className={`gradebook-cell gradebook-cell--${cell.state}${opensAt(cell.taskId) ? ' gradebook-cell--not-open' : ''}`} title={label}>
                    {cell.state === 'none' ? (
                      content
                    ) : (
                      <Link className="gradebook-cell__link" to={`${paths.teacher.review}?task=${cell.taskId}&student=${cell.studentId}`}>
                        {content}
                      </Link>
                    )}
                  </td>
                );
              })}
              <td className="gradebook-table__total gradebook-table__points">{row.points}</td>
              <td className="gradebook-table__total">{row.solved}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
