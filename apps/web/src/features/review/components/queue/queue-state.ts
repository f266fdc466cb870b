import type { FeedbackSnippet, ReviewSolutionInput, Solution } from '@mathclub/shared';

/** The queue's order: task after task (for "all waiting"), oldest answer first within a task. */
export function queueOrder(a: Solution, b: Solution): number {
  if (a.taskId !== b.taskId) return a.taskId - b.taskId;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id - b.id;
}

/** The first answer after `fromId` that `waiting` accepts, wrapping round to the start; null when none. */
export function nextWaiting<T extends { id: number }>(list: readonly T[], fromId: number, waiting: (item: T) => boolean): T | null {
  const at = list.findIndex((item) => item.id === fromId);
  for (let step = 1; step <= list.length; step++) {
    const item = list[(at + step + list.length) % list.length]!;
    if (waiting(item)) return item;
  }
  return null;
}

/** A saved comment put into the feedback: the whole box when empty, else after what is there. */
export function insertSnippet(feedback: string, text: string): string {
  if (feedback.trim() === '') return text;
  return /\s$/.test(feedback) ? `${feedback}${text}` : `${feedback} ${text}`;
}

/**
 * The feedback part of a verdict (PRODUCT.md §15). A saved comment used as it is goes as its
 * `snippetId` alone (the server puts its text in and counts the use); one the teacher added to
 * goes as `snippetId` with the whole `feedback`; otherwise the feedback as typed (empty: none).
 */
export function feedbackPayload(feedback: string, snippet: FeedbackSnippet | undefined): Pick<ReviewSolutionInput, 'feedback' | 'snippetId'> {
  const text = feedback.trim();
  if (snippet && text === snippet.text.trim()) return { snippetId: snippet.id };
  if (snippet && text.includes(snippet.text.trim())) return { snippetId: snippet.id, feedback: text };
  return { feedback: text === '' ? null : text };
}
