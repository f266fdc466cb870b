import type { Achievements } from '@mathclub/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { asObjectWithLists } from '../../../lib/response-shape';

export const myAchievementsQueryKey = ['achievements'] as const;

// Read without zod like the arena's other reads: the server builds it from the shared schema.
/** GET /api/achievements: the student's achievements with dates, and streaks. */
export function getMyAchievements(): Promise<Achievements> {
  return apiRequest('/api/achievements').then((data) => asObjectWithLists<Achievements>(data, 'achievements'));
}

export const myAchievementsQueryOptions = () => queryOptions({ queryKey: myAchievementsQueryKey, queryFn: getMyAchievements });

/** Refreshed by live events (a verdict, an achievement), not polled. */
export function useMyAchievements() {
  return useQuery(myAchievementsQueryOptions());
}
