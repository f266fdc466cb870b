import './review.css';
import type { Solution, Task } from '@mathclub/shared';
import { Accordion, AccordionTab } from 'primereact/accordion';
import { Badge } from 'primereact/badge';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { SelectButton } from 'primereact/selectbutton';
import { Toast } from 'primereact/toast';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MathText } from '../../../components/MathText';
import { PageTitle } from '../../../components/PageTitle';
import { TaskMeta } from '../../../components/TaskCard';
import { useSolutions } from '../api/get-solutions';
import { reviewOrder } from './review-state';
import { SolutionReview } from './SolutionReview';

interface Props {
  /** The tasks of the teacher's groups (titles and texts for the solutions). */
  tasks: Task[];
  tasksLoading: boolean;
  tasksFailed: boolean;
}

interface TaskWithSolutions {
  task: Task;
  solutions: Solution[];
  waiting: number;
}

/** Only tasks with at least one solution; tasks with work waiting first, unreviewed solutions first. */
export function groupByTask(tasks: Task[], solutions: Solution[]): TaskWithSolutions[] {
  const byTask = new Map<number, Solution[]>();
  for (const s of solutions) byTask.set(s.taskId, [...(byTask.get(s.taskId) ?? []), s]);
  return tasks
    .filter((task) => byTask.has(task.id))
    .map((task) => {
      const list = [...byTask.get(task.id)!].sort(reviewOrder);
      return { task, solutions: list, waiting: list.filter((s) => !s.reviewed).length };
    })
    .sort((a, b) => Number(b.waiting > 0) - Number(a.waiting > 0));
}

/** Teacher's Review page (SEED.md §2, §4, PRODUCT.md §6). */
export function ReviewPage({ tasks, tasksLoading, tasksFailed }: Props) {
  const { t } = useTranslation();
  const toast = useRef<Toast>(null);
  const [waitingOnly, setWaitingOnly] = useState(false);
  const solutions = useSolutions(waitingOnly);
  // Open tabs by task id, so they stay open whatever the order; the first task starts open.
  // Solutions reviewed on this visit: the list is not reloaded, but the waiting counts follow.
  const [reviewedNow, setReviewedNow] = useState<ReadonlySet<number>>(() => new Set());
  const [openIds, setOpenIds] = useState<number[] | null>(null);

  useEffect(() => {
    if (solutions.error) console.error('Failed to load solutions', solutions.error);
  }, [solutions.error]);

  const groups = groupByTask(tasks, solutions.data ?? []);
  const loading = tasksLoading || solutions.isPending;
  const filterOptions = [
    { value: false, label: t('review.filter.all') },
    { value: true, label: t('review.filter.waiting') },
  ];

  const failed = () =>
    toast.current?.show({ severity: 'error', summary: t('common.errorTitle'), detail: t('review.error.saveFailed'), life: 6000 });

  return (
    <section className="page page--review">
      <Toast ref={toast} position="top-right" />
      <PageTitle>{t('teacher.review.title')}</PageTitle>
      <div className="review__toolbar">
        <SelectButton
          value={waitingOnly}
          options={filterOptions}
          onChange={(e) => {
            if (e.value !== null && e.value !== undefined) setWaitingOnly(e.value as boolean);
          }}
          allowEmpty={false}
          aria-label={t('review.filter.label')}
        />
        <p className="review__hint" id="review-shortcuts">
          <i className="pi pi-info-circle" aria-hidden="true" /> {t('review.shortcuts')}
        </p>
      </div>
      {solutions.isError || tasksFailed ? <Message severity="error" text={t('review.loadFailed')} className="page__message" /> : null}
      {loading ? (
        <div className="list-loading" role="status">
          <ProgressSpinner style={{ width: '3rem', height: '3rem' }} strokeWidth="4" aria-hidden="true" />
          <span className="visually-hidden">{t('app.loading')}</span>
        </div>
      ) : groups.length === 0 ? (
        solutions.isError ? null : <p className="list-empty">{waitingOnly ? t('review.nothingWaiting') : t('review.empty')}</p>
      ) : (
        <Accordion
          multiple
          activeIndex={groups.flatMap((g, i) => ((openIds ?? [groups[0]!.task.id]).includes(g.task.id) ? [i] : []))}
          onTabChange={(e) => setOpenIds((Array.isArray(e.index) ? e.index : [e.index]).map((i) => groups[i]!.task.id))}
          className="review__tasks"
        >
          {groups.map(({ task, solutions: list }) => {
            const waiting = list.filter((s) => !s.reviewed && !reviewedNow.has(s.id)).length;
            return (
              <AccordionTab
                key={task.id}
                header={
                  <span className="review__task-header">
                    <span className="review__task-title">{task.title}</span>
                    <Badge
                      value={waiting > 0 ? t('review.waitingCount', { count: waiting }) : t('review.allReviewed')}
                      severity={waiting > 0 ? 'warning' : 'success'}
                      className="review__badge"
                    />
                    <span className="review__count">{t('review.solutionCount', { count: list.length })}</span>
                  </span>
                }
              >
                <div className="review__task">
                  <TaskMeta task={task} />
                  {task.text ? <MathText className="review__task-text">{task.text}</MathText> : null}
                  {task.imageSecureUrl ? (
                    <a href={task.imageSecureUrl} target="_blank" rel="noopener noreferrer" className="task-card__image-link">
                      <img src={task.imageSecureUrl} alt={t('tasks.imageAlt', { title: task.title })} className="task-card__image" loading="lazy" />
                    </a>
                  ) : null}
                  <ul className="review__solutions" aria-label={t('review.solutionsOf', { title: task.title })}>
                    {list.map((s) => (
                      <li key={s.id}>
                        <SolutionReview solution={s} onSaved={(id) => setReviewedNow((done) => new Set(done).add(id))} onFailed={failed} />
                      </li>
                    ))}
                  </ul>
                </div>
              </AccordionTab>
            );
          })}
        </Accordion>
      )}
    </section>
  );
}
