import { preloadMarkdown, preloadMath } from '../../components/MathText';
import { myTasksQueryOptions } from '../../features/arena/api/get-my-tasks';
import { mySolutionsQueryOptions } from '../../features/arena/api/get-my-solutions';
import { leaderboardQueryOptions } from '../../features/leaderboard/api/get-leaderboard';
import { profileQueryOptions } from '../../features/profile/api/get-profile';
import { getSession } from '../../lib/session';
import { queryClient } from '../query-client';

/** Math in a task's text: then the arena shows KaTeX. */
const hasMath = (texts: (string | null | undefined)[]) => texts.some((text) => text?.includes('$'));
/** Any text at all: then the arena needs the Markdown parser. */
const hasText = (texts: (string | null | undefined)[]) => texts.some((text) => Boolean(text));

/**
 * The arena's route loader: its four reads start together with the page's chunks instead of after
 * them, and the page renders once with everything in (no spinners giving way to content, no
 * layout shift). A failed read is left to the page, which shows its own message.
 */
export async function prefetchStudentArena(): Promise<null> {
  const user = getSession().user;
  if (user?.role !== 'student') return null;
  const group = user.groups[0];
  // Tasks nearly always have text with formulas: the parser and KaTeX are fetched alongside the
  // data, not after it (prerender.mjs also has boot.js request both with the page's chunks).
  const markdown = preloadMarkdown();
  const math = preloadMath();
  // No retries here: a failure must not hold the page back; the page's own queries retry.
  await Promise.all([
    queryClient.prefetchQuery({ ...myTasksQueryOptions(), retry: false }),
    queryClient.prefetchQuery({ ...mySolutionsQueryOptions(), retry: false }),
    queryClient.prefetchQuery({ ...profileQueryOptions(), retry: false }),
    group ? queryClient.prefetchQuery({ ...leaderboardQueryOptions(group.id, 'all'), retry: false }) : null,
  ]);
  const tasks = queryClient.getQueryData(myTasksQueryOptions().queryKey) ?? [];
  const solutions = queryClient.getQueryData(mySolutionsQueryOptions().queryKey) ?? [];
  // Only the tasks' texts and the teacher's notes on them are drawn at once: a solution's answer
  // shows when it is opened, by when both (requested above) are in. A failed load is left to
  // MathText, which shows the text plain and tries again.
  const shown = [...tasks.map((t) => t.text), ...solutions.map((s) => s.feedback)];
  if (hasText(shown)) await markdown.catch(() => null);
  if (hasMath(shown)) await math.catch(() => null);
  return null;
}
