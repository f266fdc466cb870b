import { apiErrorSchema } from '@mathclub/shared';
import { AppError } from '../../lib/app-error.js';
import { currentUser } from '../../plugins/auth.js';
import { emptyAnswer } from '../../plugins/openapi-responses.js';
import { revokeToken } from '../users/users.repository.js';
/**
 * POST /api/auth/logout (PRODUCT.md §16): the token it was sent with stops working at once, on
 * every instance. The revocation is a row every instance reads with its per-request account check,
 * kept until the token would have expired anyway; the account's other tokens go on working.
 */
export async function logoutRoutes(app) {
    app.withTypeProvider().post('/api/auth/logout', {
        schema: {
            tags: ['auth'],
            operationId: 'logout',
            summary: 'Sign out: the token this request carries stops working on every instance',
            description: 'Ends exactly the session of the bearer token sent with it; other sessions of the same account go on. Answers 204 with no body.',
            security: [{ bearerAuth: [] }],
            response: { 204: emptyAnswer('Signed out: this token no longer works.'), 401: apiErrorSchema },
        },
        onRequest: app.authorize('session.logout'),
        handler: async (request, reply) => {
            const session = request.session;
            if (!session)
                throw new AppError('UNAUTHORIZED');
            const userId = currentUser(request).id;
            await revokeToken(app.db, userId, session.tokenId, new Date(session.expiresAt * 1000).toISOString());
            // The session's live streams end now, on every instance, not at their next heartbeat.
            await app.liveHub.sessionEnded(userId).catch((error) => app.log.warn({ err: error }, 'live updates: cannot end the streams of a session'));
            return reply.code(204).send();
        },
    });
}
//# sourceMappingURL=logout.routes.js.map