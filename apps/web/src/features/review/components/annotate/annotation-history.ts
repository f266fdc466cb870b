import type { Annotation } from '@mathclub/shared';

/**
 * The annotation view's marks with undo and redo: every change (a mark added, clear) is a new
 * state; undo steps back, redo forward, and a change after an undo drops the undone future.
 */
export interface History {
  past: Annotation[][];
  present: Annotation[];
  future: Annotation[][];
}

export const startHistory = (marks: readonly Annotation[]): History => ({ past: [], present: [...marks], future: [] });

export function commit(h: History, next: Annotation[]): History {
  return { past: [...h.past, h.present], present: next, future: [] };
}

export function undo(h: History): History {
  const previous = h.past.at(-1);
  return previous ? { past: h.past.slice(0, -1), present: previous, future: [h.present, ...h.future] } : h;
}

export function redo(h: History): History {
  const [next, ...rest] = h.future;
  return next ? { past: [...h.past, h.present], present: next, future: rest } : h;
}
