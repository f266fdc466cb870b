import { ANSWER_KEY_CHECKS_PER_MINUTE, answerKeyCheckResultSchema, answerKeyCheckSchema } from '@mathclub/shared';
import { consumeOrRefuse } from '../../lib/rate-limited.js';
import { currentUser } from '../../plugins/auth.js';
import { answer, failure } from '../../plugins/openapi-responses.js';
import { AnswerKeyCheckService } from './answer-key-check.service.js';
/** POST /api/answer-keys/check: how the checker reads a key and judges a tried answer (teachers). */
export async function answerKeyCheckRoutes(app) {
    const service = new AnswerKeyCheckService(app.checker);
    // Each try costs a worker's time (up to the per-answer limit): bounded per teacher, across instances.
    const triesPerTeacher = app.limiter('answer-key-checks', ANSWER_KEY_CHECKS_PER_MINUTE, 60);
    const r = app.withTypeProvider();
    r.post('/api/answer-keys/check', {
        schema: {
            tags: ['tasks'],
            operationId: 'checkAnswerKey',
            summary: "Read an answer key and try an answer against it, as the checker would judge it (teacher); nothing is stored",
            security: [{ bearerAuth: [] }],
            body: answerKeyCheckSchema,
            response: {
                200: answer('The key as the checker reads it (LaTeX, null for text keys) and its verdict on the answer (null when no answer was sent).', answerKeyCheckResultSchema),
                400: failure('A field is wrong, or the key does not parse for its kind (validationErrors.answerKey).'),
                403: failure('Only teachers try answer keys.'),
                429: failure('Too many tries this minute; wait the Retry-After seconds.'),
            },
        },
        onRequest: app.authorize('answerKey.check'),
        handler: async (request) => {
            const user = currentUser(request);
            await consumeOrRefuse(triesPerTeacher, String(user.id));
            return service.check(user, request.body);
        },
    });
}
//# sourceMappingURL=answer-key-check.routes.js.map