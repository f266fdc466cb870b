import './review.css';
// The links into the review queue carry its texts' names (the texts come with this chunk too).
import './queue/queue-texts';
import type { Solution, Task } from '@mathclub/shared';
import { Accordion, AccordionTab } from 'primereact/accordion';
import { Badge } from 'primereact/badge';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { SelectButton } from 'primereact/selectbutton';
import { Toast } from 'primereact/toast';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MathText } from '../../../components/MathText';
import { PageTitle } from '../../../components/PageTitle';
import { TaskMeta } from '../../../components/TaskCard';
import { useSolutions } from '../api/get-solutions';
import { useConfirmSuggested } from '../api/review-many';
import { reviewOrder, suggestedVerdict } from './review-state';
import { SolutionReview } from './SolutionReview';
import { paths } from '../../../config/paths';

interface Props {
  /** The tasks of the teacher's groups (titles and texts for the solutions). */
  tasks: Task[];
  tasksLoading: boolean;
  tasksFailed: boolean;
  /** One student's work on one task (a gradebook cell, PRODUCT.md §11): only that is shown. */
  focus?: { taskId: number; studentId: number } | null;
  /** Leaves the focus for the whole list. */
  onShowAll?: () => void;
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
export function ReviewPage({ tasks, tasksLoading, tasksFailed, focus = null, onShowAll }: Props) {
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

  const all = solutions.data ?? [];
  const groups = groupByTask(
    focus ? tasks.filter((task) => task.id === focus.taskId) : tasks,
    focus ? all.filter((s) => s.taskId === focus.taskId && s.authorId === focus.studentId) : all,
  );
  // The first task starts open and stays the open one when a verdict re-sorts the list (a task
  // with nothing left waiting moves down): pinned by id at the first render that has tasks.
  if (openIds === null && groups.length > 0) setOpenIds([groups[0]!.task.id]);
  const loading = tasksLoading || solutions.isPending;
  const filterOptions = [
    { value: false, label: t('review.filter.all') },
    { value: true, label: t('review.filter.waiting') },
  ];

  const confirm = useConfirmSuggested();
  /** "Confirm all suggested" for one task: each waiting answer gets the checker's verdict. */
  function confirmSuggested(task: Task, list: Solution[]) {
    const pending = list.filter((s) => !reviewedNow.has(s.id));
    const ids = (verdict: 'correct' | 'incorrect') => pending.filter((s) => suggestedVerdict(s, task.checkMode) === verdict).map((s) => s.id);
    const correctIds = ids('correct');
    const incorrectIds = ids('incorrect');
    confirm.mutate(
      { correctIds, incorrectIds },
      {
        onSuccess: (count) => {
          setReviewedNow((done) => new Set([...done, ...correctIds, ...incorrectIds]));
          toast.current?.show({ severity: 'success', summary: t('review.confirmedSuggested', { count }), life: 4000 });
        },
        onError: (error) => {
          console.error('Failed to confirm the suggested verdicts', error);
          toast.current?.show({ severity: 'error', summary: t('common.errorTitle'), detail: t('review.confirmFailed'), life: 6000 });
        },
      },
    );
  }

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
        {all.some((s) => !s.reviewed && !reviewedNow.has(s.id)) ? (
          <Link to={paths.teacher.reviewQueue} className="p-button p-component review__queue-all" data-testid="review-queue-all">
            <i className="pi pi-bolt" aria-hidden="true" />
            <span>{t('reviewQueue.openAll')}</span>
          </Link>
        ) : null}
        <p className="review__hint" id="review-shortcuts">
          <i className="pi pi-info-circle" aria-hidden="true" /> {t('review.shortcuts')}
        </p>
      </div>
      {solutions.isError || tasksFailed ? <Message severity="error" text={t('review.loadFailed')} className="page__message" /> : null}
      {focus ? (
        <Message
          severity="info"
          className="page__message review__focus"
          content={
            <span>
              {t('review.focus')}{' '}
              <Button type="button" link label={t('review.showAll')} onClick={onShowAll} className="review__show-all" />
            </span>
          }
        />
      ) : null}
      {loading ? (
        <div className="list-loading" role="status">
          <ProgressSpinner style={{ width: '3rem', height: '3rem' }} strokeWidth="4" aria-hidden="true" />
          <span className="visually-hidden">{t('app.loading')}</span>
        </div>
      ) : groups.length === 0 ? (
        solutions.isError ? null : (
          // What the page is for, and the one thing that fills it (issue 26).
          <p className="list-empty">
            {waitingOnly ? t('review.nothingWaiting') : t('review.empty')} {t('review.emptyNext')} <Link to={paths.teacher.tasks}>{t('review.emptyAction')}</Link>
          </p>
        )
      ) : (
        <Accordion
          multiple
          activeIndex={groups.flatMap((g, i) => ((openIds ?? [groups[0]!.task.id]).includes(g.task.id) ? [i] : []))}
          onTabChange={(e) => setOpenIds((Array.isArray(e.index) ? e.index : [e.index]).map((i) => groups[i]!.task.id))}
          className="review__tasks"
        >
          {groups.map(({ task, solutions: list }) => {
            const waiting = list.filter((s) => !s.reviewed && !reviewedNow.has(s.id)).length;
            const suggestions = list.filter((s) => !reviewedNow.has(s.id) && suggestedVerdict(s, task.checkMode) !== null).length;
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
                  {waiting > 0 ? (
                    <Link to={`${paths.teacher.reviewQueue}?task=${task.id}`} className="p-button p-button-outlined p-button-sm p-component review__queue-task" data-testid="review-queue-task">
                      <i className="pi pi-arrow-right" aria-hidden="true" />
                      <span>{t('reviewQueue.openTask')}</span>
                    </Link>
                  ) : null}
                  {task.text ? <MathText className="review__task-text">{task.text}</MathText> : null}
                  {task.imageSecureUrl ? (
                    <a href={task.imageSecureUrl} target="_blank" rel="noopener noreferrer" className="task-card__image-link">
                      <img src={task.imageSecureUrl} alt={t('tasks.imageAlt', { title: task.title })} className="task-card__image" loading="lazy" />
                    </a>
                  ) : null}
                  {suggestions > 0 ? (
                    <Button
                      type="button"
                      className="review__confirm-suggested"
                      icon="pi pi-check-square"
                      label={t('review.confirmSuggested', { count: suggestions })}
                      onClick={() => confirmSuggested(task, list)}
                      loading={confirm.isPending}
                      severity="help"
                      outlined
                    />
                  ) : null}
                  <ul className="review__solutions" aria-label={t('review.solutionsOf', { title: task.title })}>
                    {list.map((s) => (
                      // Keyed by its state too: a solution judged by "confirm all" is drawn afresh from the reloaded list.
                      <li key={`${s.id}:${s.reviewed}`}>
                        <SolutionReview solution={s} taskTitle={task.title} suggestion={suggestedVerdict(s, task.checkMode)} onSaved={(id) => setReviewedNow((done) => new Set(done).add(id))} onFailed={failed} />
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
