import type { Solution, Task } from '@mathclub/shared';

export interface SuccessStats {
  available: number;
  correct: number;
  inReview: number;
  incorrect: number;
  /** round(correct / available × 100), 0 without tasks. */
  percent: number;
}

/** The newest solution of each task. */
export function latestSolutions(solutions: Solution[]): Map<number, Solution> {
  const latest = new Map<number, Solution>();
  for (const s of solutions) {
    const seen = latest.get(s.taskId);
    if (!seen || s.createdAt > seen.createdAt || (s.createdAt === seen.createdAt && s.id > seen.id)) latest.set(s.taskId, s);
  }
  return latest;
}

/**
 * SEED.md §4 student statistics over the tasks available now, each counted once by its latest
 * solution: solved = reviewed && correct, in review = !reviewed, incorrect = reviewed && !correct.
 */
export function computeStats(tasks: Task[], solutions: Solution[]): SuccessStats {
  const latest = latestSolutions(solutions);
  let correct = 0;
  let inReview = 0;
  let incorrect = 0;
  for (const task of tasks) {
    const s = latest.get(task.id);
    if (!s) continue;
    if (!s.reviewed) inReview += 1;
    else if (s.correct) correct += 1;
    else incorrect += 1;
  }
  const available = tasks.length;
  return { available, correct, inReview, incorrect, percent: available === 0 ? 0 : Math.round((correct / available) * 100) };
}

/** Tasks to solve: never answered, or the latest answer was judged incorrect (open for a retry). */
export function tasksToSolve(tasks: Task[], solutions: Solution[]): { task: Task; previous?: Solution }[] {
  const latest = latestSolutions(solutions);
  return tasks.flatMap((task) => {
    const s = latest.get(task.id);
    if (!s) return [{ task }];
    if (s.reviewed && !s.correct) return [{ task, previous: s }];
    return [];
  });
}
