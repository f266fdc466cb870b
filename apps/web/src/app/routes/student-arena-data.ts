import { preloadMathText } from '../../components/MathText';
import { myTasksQueryOptions } from '../../features/arena/api/get-my-tasks';
import { mySolutionsQueryOptions } from '../../features/arena/api/get-my-solutions';
import { leaderboardQueryOptions } from '../../features/leaderboard/api/get-leaderboard';
import { profileQueryOptions } from '../../features/profile/api/get-profile';
import { getSession } from '../../lib/session';
import { queryClient } from '../query-client';

/** Math in a task's text: then the arena shows KaTeX. */
const hasMath = (texts: (string | null | undefined)[]) => texts.some((text) => text?.includes('$'));

/**
 * The arena's route loader: its four reads start together with the page's chunks instead of after
 * them, and the page renders once with everything in (no spinners giving way to content, no
 * layout shift). A failed read is left to the page, which shows its own message.
 */
export async function prefetchStudentArena(): Promise<null> {
  const user = getSession().user;
  if (user?.role !== 'student') return null;
  const group = user.groups[0];
  // Tasks nearly always have formulas: KaTeX is fetched alongside the data, not after it.
  const math = preloadMathText();
  // No retries here: a failure must not hold the page back; the page's own queries retry.
  await Promise.all([
    queryClient.prefetchQuery({ ...myTasksQueryOptions(), retry: false }),
    queryClient.prefetchQuery({ ...mySolutionsQueryOptions(), retry: false }),
    queryClient.prefetchQuery({ ...profileQueryOptions(), retry: false }),
    group ? queryClient.prefetchQuery({ ...leaderboardQueryOptions(group.id, 'all'), retry: false }) : null,
  ]);
  const tasks = queryClient.getQueryData(myTasksQueryOptions().queryKey) ?? [];
  // Only the tasks' texts are drawn at once: a solution's answer shows when it is opened, by when
  // KaTeX (requested above) is in.
  if (hasMath(tasks.map((t) => t.text))) await math;
  return null;
}
