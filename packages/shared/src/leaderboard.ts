import { z } from 'zod';
import { LEADERBOARD_PERIODS } from './constants.js';
import { idParamSchema } from './fields.js';

/** GET /api/leaderboard query (PRODUCT.md §7). */
export const leaderboardQuerySchema = z.object({
  groupId: idParamSchema,
  period: z.enum(LEADERBOARD_PERIODS, { error: 'leaderboard.error.period' }).default('all'),
});
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

/** One row; students with equal points share a rank (1, 1, 3…). */
export const leaderboardRowSchema = z.object({
  rank: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  points: z.number().int(),
  solved: z.number().int(),
}).meta({ id: 'LeaderboardEntry', description: "One student's rank, points and solved tasks in a group for a period." });
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;
