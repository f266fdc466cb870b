import './arena.css';
import type { Solution } from '@mathclub/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/Icon';
import { PageTitle } from '../../../components/PageTitle';
import { useMySolutions, mySolutionsQueryKey } from '../api/get-my-solutions';
import { useMyTasks } from '../api/get-my-tasks';
import { myAchievementsQueryKey } from '../api/get-my-achievements';
import { computeStats, tasksToSolve } from './arena-stats';
import { InstantVerdict } from './InstantVerdict';
import { Loading } from './Loading';
import { MySolutions } from './MySolutions';
import { SolveTaskItem } from './SolveTaskItem';
import { SuccessStats } from './SuccessStats';
import { Achievements } from './Achievements';

/** PrimeReact's inline Message markup (same classes, so the same look), without the component. */
function Message({ severity, children }: { severity: 'warn' | 'error'; children: ReactNode }) {
  return (
    <div className={`page__message p-inline-message p-component p-inline-message-${severity}`} role="alert" aria-live="polite" aria-atomic="true">
      {severity === 'error' ? <Icon name="times-circle" className="p-inline-message-icon" /> : null}
      <span className="p-inline-message-text">{children}</span>
    </div>
  );
}

interface Props {
  /** false when the student has not chosen a group; undefined while the profile loads. */
  hasGroup: boolean | undefined;
  profilePath: string;
  /** The student's points and rank in the group, shown under 'your success'. */
  standing?: ReactNode;
}

/** The student's arena (SEED.md §2, PRODUCT.md §6): your success, solve tasks, my solutions. */
export function ArenaPage({ hasGroup, profilePath, standing }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const tasks = useMyTasks();
  const solutions = useMySolutions();
  const [reloadFailed, setReloadFailed] = useState(false);
  // The answer just sent, with its verdict when the checker gave one at once (PRODUCT.md §9 auto mode).
  const [sent, setSent] = useState<{ title: string; solution: Solution } | null>(null);
  const hasSolutions = (solutions.data?.length ?? 0) > 0;

  useEffect(() => {
    if (tasks.error) console.error('Failed to load tasks', tasks.error);
    if (solutions.error) console.error('Failed to load solutions', solutions.error);
  }, [tasks.error, solutions.error]);

  // The list is only right once both are in: a task answered a moment ago must not show.
  const loading = tasks.isPending || solutions.isPending;
  const taskList = tasks.data ?? [];
  const solutionList = solutions.data ?? [];
  const stats = computeStats(taskList, solutionList);
  const toSolve = tasksToSolve(taskList, solutionList);

  async function reloadAfterSend() {
    setReloadFailed(false);
    try {
      await queryClient.refetchQueries({ queryKey: mySolutionsQueryKey }, { throwOnError: true });
    } catch (error) {
      console.error('Failed to load solutions after adding', error);
      setReloadFailed(true);
    }
  }

  return (
    <section className="page page--arena">
      <PageTitle>{t('student.arena.title')}</PageTitle>
      {hasGroup === false ? (
        <Message severity="warn">
          {t('arena.noGroup')} <Link to={profilePath}>{t('arena.noGroupLink')}</Link>
        </Message>
      ) : null}
      {tasks.isError ? <Message severity="error">{t('arena.loadTasksFailed')}</Message> : null}
      {solutions.isError && !solutions.data ? <Message severity="error">{t('arena.loadSolutionsFailed')}</Message> : null}
      {reloadFailed ? <Message severity="error">{t('arena.reloadSolutionsFailed')}</Message> : null}

      <section aria-labelledby="arena-success" className="arena__section">
        <h3 id="arena-success" className="section-title">
          {t('arena.stats.title')}
        </h3>
        {loading ? <Loading /> : <SuccessStats stats={stats} />}
        {standing}
      </section>

      <section aria-labelledby="arena-solve" className="arena__section">
        <h3 id="arena-solve" className="section-title">
          {t('arena.solve.title')}
        </h3>
        {/* The answer as the list has it now: a verdict that arrives live replaces "waiting for the teacher". */}
        <div className="arena__announcer" role="status" aria-live="polite" aria-atomic="true" data-testid="arena-announcer">
          {sent ? <InstantVerdict title={sent.title} solution={solutionList.find((s) => s.id === sent.solution.id) ?? sent.solution} onClose={() => setSent(null)} /> : null}
        </div>
        {loading ? (
          <Loading />
        ) : toSolve.length === 0 ? (
          <p className="list-empty">{taskList.length === 0 ? t('arena.solve.noTasks') : t('arena.solve.allDone')}</p>
        ) : (
          <ul className="task-list" aria-label={t('arena.solve.title')}>
            {toSolve.map(({ task, previous }) => (
              <li key={task.id}>
                <SolveTaskItem
                  task={task}
                  previous={previous}
                  onSent={(solution) => {
                    setSent(solution ? { title: task.title, solution } : null);
                    // A verdict given at once moves the points and the streaks (issue 49: "first tries in a
                    // row" stayed at 1 until a reload): the standing, the boards and the achievements ask again.
                    if (solution?.reviewed) {
                      void queryClient.invalidateQueries({ queryKey: ['leaderboard'] });
                      void queryClient.invalidateQueries({ queryKey: myAchievementsQueryKey });
                    }
                    void reloadAfterSend();
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="arena-mine" className="arena__section">
        <h3 id="arena-mine" className="section-title">
          {t('arena.mine.title')}
        </h3>
        {solutions.isPending ? (
          <Loading />
        ) : !hasSolutions ? (
          <p className="list-empty">{t('arena.mine.empty')}</p>
        ) : (
          <MySolutions solutions={solutionList} tasks={taskList} />
        )}
      </section>

      <section aria-labelledby="arena-achievements" className="arena__section">
        <h3 id="arena-achievements" className="section-title">
          {t('achievements.title')}
        </h3>
        <Achievements />
      </section>
    </section>
  );
}
