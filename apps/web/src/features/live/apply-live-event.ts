import type { AchievementCode, LiveEventData, Solution } from '@mathclub/shared';
import type { QueryClient } from '@tanstack/react-query';

/** What a toast says; the component turns it into words. */
export type LiveToast =
  | { kind: 'verdict'; correct: boolean; title: string; marked?: true }
  | { kind: 'achievement'; code: AchievementCode }
  | { kind: 'task'; title: string }
  | { kind: 'answer'; name: string; title: string };

// The query keys the events touch (kept here as data, so the shell does not import the pages' code).
const MY_SOLUTIONS = ['solutions', 'mine'] as const;
const REVIEW_SOLUTIONS = ['solutions', 'review'] as const;

/** Puts `solution` into a list: replaces it where it is, else adds it (answers arrive in place). */
export function upsertSolution(list: Solution[] | undefined, solution: Solution): Solution[] | undefined {
  if (!list) return list;
  const at = list.findIndex((s) => s.id === solution.id);
  if (at < 0) return [...list, solution];
  const copy = [...list];
  copy[at] = solution;
  return copy;
}

/**
 * Applies one live event to the TanStack Query caches: lists get the changed solution in place
 * (the review page keeps its state and what the teacher is typing, the arena its open answers);
 * what is computed elsewhere (tasks, statistics, boards, notifications) is invalidated and
 * refetched by the pages that show it. Returns the toast to show, if any.
 */
export function applyLiveEvent(queryClient: QueryClient, kind: string, data: unknown, myId: number | undefined): LiveToast | null {
  if (kind === 'ready') return null;
  void queryClient.invalidateQueries({ queryKey: ['notifications'] });
  if (kind === 'resync') {
    void queryClient.invalidateQueries();
    return null;
  }
  const event = data as LiveEventData;
  switch (event.kind) {
    case 'task.published':
    case 'task.updated':
    case 'task.closed':
      void queryClient.invalidateQueries({ queryKey: ['tasks'] });
      void queryClient.invalidateQueries({ queryKey: ['leaderboard'] });
      return event.kind === 'task.published' ? { kind: 'task', title: event.title } : null;
    case 'solution.submitted':
      // Every cached review list (all, or waiting only) gets the new answer where it belongs.
      queryClient.setQueriesData<Solution[]>({ queryKey: REVIEW_SOLUTIONS }, (list) => upsertSolution(list, event.solution));
      void queryClient.invalidateQueries({ queryKey: ['tasks'], exact: true });
      return { kind: 'answer', name: event.solution.author.name, title: event.taskTitle };
    case 'solution.judged': {
      if (event.solution.authorId === myId) {
        queryClient.setQueryData<Solution[]>(MY_SOLUTIONS, (list) => upsertSolution(list, event.solution));
        void queryClient.invalidateQueries({ queryKey: ['tasks', 'mine'] });
        void queryClient.invalidateQueries({ queryKey: ['leaderboard'] });
        void queryClient.invalidateQueries({ queryKey: ['achievements'] });
        if (!event.solution.reviewed) return null;
        // PRODUCT.md §14: the student is told the photo carries the teacher's marks.
        const marked = (event.solution.annotations?.length ?? 0) > 0;
        return { kind: 'verdict', correct: event.solution.correct, title: event.taskTitle, ...(marked ? { marked: true as const } : {}) };
      }
      // A colleague's verdict: the review lists show it in place.
      queryClient.setQueriesData<Solution[]>({ queryKey: REVIEW_SOLUTIONS }, (list) => upsertSolution(list, event.solution));
      return null;
    }
    case 'achievement.earned':
      void queryClient.invalidateQueries({ queryKey: ['achievements'] });
      return { kind: 'achievement', code: event.code };
    case 'student.waiting':
      // The Students page and the menu's count of waiting accounts (issue 49); the notification says who.
      void queryClient.invalidateQueries({ queryKey: ['users'] });
      return null;
    default:
      return null;
  }
}
