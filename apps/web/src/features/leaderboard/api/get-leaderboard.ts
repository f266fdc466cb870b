import type { LeaderboardPeriod, LeaderboardRow } from '@mathclub/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { asList } from '../../../lib/response-shape';

export const leaderboardQueryKey = ['leaderboard'] as const;

// The server builds this answer from the shared schema (and its serializer is compiled from it):
// the arena's reads are not parsed again with zod (only their shape is checked), so the arena
// does not download zod.
/** GET /api/leaderboard?groupId=&period=: the group's ranks, best first (ties share a rank). */
export function getLeaderboard(groupId: number, period: LeaderboardPeriod): Promise<LeaderboardRow[]> {
  const query = new URLSearchParams({ groupId: String(groupId), period });
  return apiRequest(`/api/leaderboard?${query}`).then(asList<LeaderboardRow>);
}

export const leaderboardQueryOptions = (groupId: number, period: LeaderboardPeriod) =>
  queryOptions({ queryKey: [...leaderboardQueryKey, groupId, period], queryFn: () => getLeaderboard(groupId, period) });

/** The leaderboard of a group; while another period or group loads, the last one stays on screen. */
export function useLeaderboard(groupId: number | undefined, period: LeaderboardPeriod) {
  return useQuery({
    ...leaderboardQueryOptions(groupId ?? 0, period),
    enabled: groupId !== undefined,
    placeholderData: keepPreviousData,
  });
}
