import { z } from 'zod';
import { leaderboardQuerySchema, leaderboardRowSchema } from '@mathclub/shared';
import { currentUser } from '../../plugins/auth.js';
import { answer, failure } from '../../plugins/openapi-responses.js';
import { LeaderboardService } from './leaderboard.service.js';
const boardSchema = z.array(leaderboardRowSchema);
/** /api/leaderboard. */
export async function leaderboardRoutes(app) {
    const service = new LeaderboardService(app.db, app.config.schoolTimeZone);
    const r = app.withTypeProvider();
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
        handler: async (request) => service.forGroup(currentUser(request), request.query.groupId, request.query.period),
    });
}
//# sourceMappingURL=leaderboard.routes.js.map