import { answerGroupsSchema, idParamsSchema } from '@mathclub/shared';
import { currentUser } from '../../plugins/auth.js';
import { answer, failure } from '../../plugins/openapi-responses.js';
import { AnswerGroupsService } from './answer-groups.service.js';
/** GET /api/tasks/{id}/answer-groups: same answers judged once (PRODUCT.md §15). */
export async function answerGroupsRoutes(app) {
    const service = new AnswerGroupsService(app.db, app.checker);
    const r = app.withTypeProvider();
    r.get('/api/tasks/:id/answer-groups', {
        schema: {
            tags: ['solutions'],
            operationId: 'listAnswerGroups',
            summary: "The task's waiting typed answers grouped by equal answer, largest group first (teacher of the task's group)",
            description: 'Counts only solutions of the task that are waiting for review and have a typed answer without a photo. ' +
                'Answers group when equal after trimming, case-folding, collapsing whitespace and Unicode NFKC normalisation; ' +
                "when the task has an answer key, also when the checker calls them the same value (5/6 and 10/12), and autoVerdict is the checker's verdict " +
                'for the group (null without a key). answer is one member as typed. Judge a group at once with POST /api/solutions/review.',
            security: [{ bearerAuth: [] }],
            params: idParamsSchema,
            response: {
                200: answer('The groups, largest first (an empty list when no typed answer waits).', answerGroupsSchema),
                403: failure("Only teachers of the task's group see its answers."),
                404: failure('No live task with this id.'),
            },
        },
        onRequest: app.authorize('task.answerGroups'),
        handler: async (request) => service.forTask(currentUser(request), request.params.id),
    });
}
//# sourceMappingURL=answer-groups.routes.js.map