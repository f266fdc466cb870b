import { achievementsSchema } from '@mathclub/shared';
import { currentUser } from '../../plugins/auth.js';
import { answer, failure } from '../../plugins/openapi-responses.js';
import { AchievementsService } from './achievements.service.js';
/** GET /api/achievements: a student's own achievements and streaks. */
export async function achievementsRoutes(app) {
    const service = new AchievementsService(app.db, app.config.schoolTimeZone);
    app.withTypeProvider().get('/api/achievements', {
        schema: {
            tags: ['achievements'],
            operationId: 'myAchievements',
            summary: 'Your achievements with the date earned, and your streaks (students)',
            security: [{ bearerAuth: [] }],
            response: {
                200: answer('Achievements earned (oldest first) and the day and first-try streaks.', achievementsSchema),
                403: failure('Only students earn achievements.'),
            },
        },
        onRequest: app.authorize('achievement.read'),
        handler: async (request) => service.mine(currentUser(request)),
    });
}
//# sourceMappingURL=achievements.routes.js.map