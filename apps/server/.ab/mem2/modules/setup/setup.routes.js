import { apiErrorSchema, setupChecklistSchema } from '@mathclub/shared';
import { currentUser } from '../../plugins/auth.js';
import { answer } from '../../plugins/openapi-responses.js';
import { readSetupChecklist } from './setup.repository.js';
/**
 * GET /api/school/checklist: the owner's first-run checklist (issue 26). The owner's alone: it
 * speaks of the whole school's set-up, which is theirs to do.
 */
export async function setupRoutes(app) {
    app.withTypeProvider().get('/api/school/checklist', {
        schema: {
            tags: ['school'],
            operationId: 'getSetupChecklist',
            summary: "The owner's first-run checklist (owner)",
            description: 'Which of the four set-up steps are done: own password set, a group created, students in a group, a task posted. Each is read from the data, so it ticks itself off.',
            security: [{ bearerAuth: [] }],
            response: { 200: answer('The four steps, each done or not.', setupChecklistSchema), 401: apiErrorSchema, 403: apiErrorSchema },
        },
        onRequest: app.authorize('school.checklist'),
        handler: async (request) => readSetupChecklist(app.db, currentUser(request).id),
    });
}
//# sourceMappingURL=setup.routes.js.map