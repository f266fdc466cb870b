import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { leaderboardQuerySchema, leaderboardRowSchema } from '@mathclub/shared';
import { ReadCache } from '../../db/read-cache.js';
import { currentUser } from '../../plugins/auth.js';
import { answer, failure } from '../../plugins/openapi-responses.js';
import { jsonEncoder, sendJsonBytes } from '../../plugins/serializer.js';
import { LeaderboardService } from './leaderboard.service.js';

const boardSchema = z.array(leaderboardRowSchema);

/** /api/leaderboard. */
export async function leaderboardRoutes(app: FastifyInstance): Promise<void> {
  const service = new LeaderboardService(app.db, app.config.schoolTimeZone, undefined, app.changeTokens);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const encodeBoard = jsonEncoder(boardSchema);
  const boards = new ReadCache(app.changeTokens, { name: 'leaderboards' });

  r.get('/api/leaderboard', {
    schema: {
      tags: ['leaderboard'],
      operationId: 'getLeaderboard',
      summary: "A group's ranks, points and solved tasks for the week, the month or all time (members of the group)",
      security: [{ bearerAuth: [] }],
      querystring: leaderboardQuerySchema,
      response: {
        200: answer('Every student of the group with their rank (equal points share one), points and solved tasks, best first.', boardSchema),
        403: failure('You are not a member of this group.'),
        404: failure('No group with this id.'),
      },
    },
    onRequest: app.authorize('leaderboard.read'),
    // Computed from every correct solution of the group, so each (group, period start) board is kept
    // as ready JSON bytes until its points change (an answer waiting for review changes none); the
    // access check still runs on every request.
    handler: async (request, reply) => {
      const scope = await service.scope(currentUser(request), request.query.groupId, request.query.period, request.changeCounters);
      const since = scope.period === 'all' ? 'all' : scope.starts[scope.period];
      const key = `${scope.groupId}:${since}:${scope.shortNames ? 'short' : 'full'}`;
      const body = await boards.get(key, { points: [scope.groupId], tasksOf: [scope.groupId] }, async () => encodeBoard(await service.standings(scope, request.changeCounters)), request.changeCounters);
      return sendJsonBytes(request, reply, body);
    },
  });
}
