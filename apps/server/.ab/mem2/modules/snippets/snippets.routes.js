import { createFeedbackSnippetSchema, feedbackSnippetSchema, feedbackSnippetsSchema, idParamsSchema } from '@mathclub/shared';
import { currentUser } from '../../plugins/auth.js';
import { answer, emptyAnswer, failure } from '../../plugins/openapi-responses.js';
import { SnippetsService } from './snippets.service.js';
/** /api/feedback-snippets: a teacher's saved comments for the review queue (PRODUCT.md §15). */
export async function snippetsRoutes(app) {
    const service = new SnippetsService(app.db, app.dialect);
    const r = app.withTypeProvider();
    r.get('/api/feedback-snippets', {
        schema: {
            tags: ['solutions'],
            operationId: 'listFeedbackSnippets',
            summary: 'Your saved comments (teacher): most used first, then newest',
            description: 'Only the caller’s own comments (at most 100). Their text may hold math ($…$): stored as typed, rendered by the client.',
            security: [{ bearerAuth: [] }],
            response: { 200: answer('Your saved comments, most used first (an empty list when none).', feedbackSnippetsSchema), 403: failure('Only teachers save comments.') },
        },
        onRequest: app.authorize('snippet.list'),
        handler: async (request) => service.list(currentUser(request)),
    });
    r.post('/api/feedback-snippets', {
        schema: {
            tags: ['solutions'],
            operationId: 'createFeedbackSnippet',
            summary: 'Save a comment to put in verdicts later (teacher): 1–500 characters, at most 100 per teacher',
            description: 'The text is trimmed and stored as typed (math included). Put it in a verdict with snippetId on PUT /api/solutions/{id}.',
            security: [{ bearerAuth: [] }],
            body: createFeedbackSnippetSchema,
            response: {
                201: answer('The saved comment, not used yet.', feedbackSnippetSchema),
                400: failure('The text is empty or longer than 500 characters (validationErrors.text), or you already have 100 saved comments (SNIPPET_LIMIT).'),
                403: failure('Only teachers save comments.'),
            },
        },
        onRequest: app.authorize('snippet.create'),
        handler: async (request, reply) => reply.code(201).send(await service.create(currentUser(request), request.body)),
    });
    r.delete('/api/feedback-snippets/:id', {
        schema: {
            tags: ['solutions'],
            operationId: 'deleteFeedbackSnippet',
            summary: 'Delete one of your saved comments (teacher)',
            description: 'Verdicts that used it keep their feedback text.',
            security: [{ bearerAuth: [] }],
            params: idParamsSchema,
            response: {
                204: emptyAnswer('The comment is deleted.'),
                403: failure('Only teachers have saved comments.'),
                404: failure('You have no saved comment with this id (another teacher’s is not yours to see).'),
            },
        },
        onRequest: app.authorize('snippet.delete'),
        handler: async (request, reply) => {
            await service.delete(currentUser(request), request.params.id);
            return reply.code(204).send();
        },
    });
}
//# sourceMappingURL=snippets.routes.js.map