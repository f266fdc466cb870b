import type { Solution, Task } from '@mathclub/shared';

export type Verdict = 'correct' | 'incorrect';
/** none: no verdict chosen; unreviewed: waiting; reviewed: saved verdict shown; changed: not saved yet. */
export type ReviewIcon = 'none' | 'unreviewed' | 'reviewed' | 'changed';

/** The verdict stored on the server, or null while the solution waits for review. */
export function savedVerdict(solution: Pick<Solution, 'reviewed' | 'correct'>): Verdict | null {
  if (!solution.reviewed) return null;
  return solution.correct ? 'correct' : 'incorrect';
}

function isChanged(choice: Verdict | null, saved: Verdict | null, feedback: string, savedFeedback: string | null): boolean {
  return choice !== saved || feedback.trim() !== (savedFeedback ?? '').trim();
}

/** Save is possible only with a verdict that differs from what is saved (or new feedback with one). */
export function canSave(choice: Verdict | null, saved: Verdict | null, feedback = '', savedFeedback: string | null = null): boolean {
  return choice !== null && isChanged(choice, saved, feedback, savedFeedback);
}

/** Which of the four icons a solution shows (SEED.md §4). */
export function reviewIcon(choice: Verdict | null, saved: Verdict | null, feedback = '', savedFeedback: string | null = null): ReviewIcon {
  if (choice !== null && isChanged(choice, saved, feedback, savedFeedback)) return 'changed';
  if (choice === null) return saved === null ? 'unreviewed' : 'none';
  return 'reviewed';
}

/** Within a task, unreviewed solutions first, then oldest first (fair order of work). */
export function reviewOrder(a: Solution, b: Solution): number {
  if (a.reviewed !== b.reviewed) return a.reviewed ? 1 : -1;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id - b.id;
}

/**
 * The checker's verdict offered to the teacher (PRODUCT.md §9 suggest mode): only for an answer
 * still waiting, of a task in suggest mode, and only a definite one (`unsure` suggests nothing).
 */
export function suggestedVerdict(solution: Pick<Solution, 'reviewed' | 'autoVerdict'>, checkMode: Task['checkMode']): Verdict | null {
  if (solution.reviewed || checkMode !== 'suggest') return null;
  return solution.autoVerdict === 'correct' || solution.autoVerdict === 'incorrect' ? solution.autoVerdict : null;
}
