import { z } from 'zod';
import { createSolutionFormSchema, idParamsSchema, reviewManyResultSchema, reviewManySchema, reviewSolutionSchema, solutionSchema, solutionsQuerySchema, } from '@mathclub/shared';
import { currentUser } from '../../plugins/auth.js';
import { answer, failure } from '../../plugins/openapi-responses.js';
import { formRoutes, readMultipartForm, withUploadSlot } from '../files/multipart.js';
import { SolutionReads } from './solutions.reads.js';
import { SOLUTION_IMAGE_FIELD, SolutionsService } from './solutions.service.js';
const solutionListSchema = z.array(solutionSchema);
/** The largest verdict body: the most marks §14 allows, with coordinates written to a few digits. */
const ANNOTATED_REVIEW_BODY_LIMIT = 4 * 1024 * 1024;
/** /api/solutions: submission (multipart with an optional photo), the lists and the review. */
export async function solutionsRoutes(app) {
    const service = new SolutionsService(app.db, app.images, app.imageUrls, app.checker, app.live);
    const reads = new SolutionReads(app.db, service);
    const r = app.withTypeProvider();
    r.get('/api/solutions', {
        schema: {
            tags: ['solutions'],
            operationId: 'listSolutions',
            summary: "Solutions you may see: a student's own, a teacher's groups'; unreviewed first, then oldest first",
            security: [{ bearerAuth: [] }],
            querystring: solutionsQuerySchema,
            response: { 200: answer('The solutions the filter selects among those you may see (an empty list when none).', solutionListSchema) },
        },
        onRequest: app.authorize('solution.list'),
        handler: async (request) => reads.list(currentUser(request), request.query),
    });
    // Answers come as forms: the multipart parser in a scope of their own (formRoutes).
    await formRoutes(app, (forms) => {
        const f = forms.withTypeProvider();
        f.post('/api/solutions', {
            schema: {
                tags: ['solutions'],
                operationId: 'submitSolution',
                summary: 'Answer a task of your group (student); 409 while an earlier answer is unreviewed or correct',
                description: 'A multipart/form-data form: taskId, answer (trimmed) and an optional solutionImage file. Answer or image is required.',
                multipartBody: createSolutionFormSchema,
                security: [{ bearerAuth: [] }],
                response: {
                    201: answer("The solution: waiting for review, or already judged when the task's answer key is checked in auto mode (autoVerdict correct or incorrect).", solutionSchema),
                    400: failure('A field is missing or wrong, or the image is not a supported picture; validationErrors names each field.'),
                    403: failure('Only students answer tasks.'),
                    404: failure('No live task with this id in your group.'),
                    409: failure('An earlier answer to this task is still unreviewed or was judged correct (SOLUTION_EXISTS).'),
                    413: failure('The photo is over the size limit (IMAGE_TOO_LARGE, validationErrors.solutionImage) or the form has too many parts.'),
                    415: failure('The body is not multipart/form-data.'),
                },
            },
            onRequest: app.authorize('solution.submit'),
            handler: async (request, reply) => {
                const solution = await withUploadSlot(request, async () => service.submit(currentUser(request), await readMultipartForm(request, SOLUTION_IMAGE_FIELD)));
                return reply.code(201).send(solution);
            },
        });
    });
    r.put('/api/solutions/:id', {
        schema: {
            tags: ['solutions'],
            operationId: 'reviewSolution',
            summary: "Review a solution of your group's task (teacher): verdict, optional feedback and marks on the photo; reviewed=false resets it",
            description: 'annotations (PRODUCT.md §14) replace the saved marks; omitted keeps them, [] clears them. The stored photo is never changed. ' +
                'snippetId (PRODUCT.md §15) puts one of your saved comments in: its text becomes the feedback unless feedback is sent too, and its uses grows by one with the verdict.',
            security: [{ bearerAuth: [] }],
            params: idParamsSchema,
            body: reviewSolutionSchema,
            response: {
                200: answer('The solution with its verdict.', solutionSchema),
                400: failure('The verdict is missing, the feedback too long, or a mark breaks the limits of PRODUCT.md §14; validationErrors names each field.'),
                404: failure("No solution with this id in your groups' tasks, or snippetId is not one of your saved comments: nothing was changed."),
                409: failure('Reopening it would clash with a newer answer of the same student to the task (SOLUTION_EXISTS).'),
            },
        },
        // 200 marks of up to 500 points each do not fit the default 1 MiB (PRODUCT.md §14 allows them).
        bodyLimit: ANNOTATED_REVIEW_BODY_LIMIT,
        onRequest: app.authorize('solution.review'),
        handler: async (request) => service.review(currentUser(request), request.params.id, request.body),
    });
    r.post('/api/solutions/review', {
        schema: {
            tags: ['solutions'],
            operationId: 'reviewSolutions',
            summary: "One verdict for 1–200 solutions of your groups' tasks (teacher), all or nothing",
            description: 'Marks every listed solution reviewed with the verdict (and feedback, when given, or the text of your saved comment snippetId, whose uses grows by one). ' +
                'If any id is not a solution you may judge, nothing changes. Points and boards follow from one write; each student is told as with a single verdict (a notification and a live event).',
            security: [{ bearerAuth: [] }],
            body: reviewManySchema,
            response: {
                200: answer('How many solutions now carry the verdict.', reviewManyResultSchema),
                400: failure('ids is empty, longer than 200 or not ids, or the verdict is missing; validationErrors names each field.'),
                403: failure('Only teachers review.'),
                404: failure('An id is not a solution of a live task in your groups, or snippetId is not one of your saved comments: nothing was changed.'),
                409: failure('Marking one of them correct would clash with a newer answer of the same student to the task (SOLUTION_EXISTS): nothing was changed.'),
            },
        },
        onRequest: app.authorize('solution.reviewMany'),
        handler: async (request) => service.reviewMany(currentUser(request), request.body),
    });
}
//# sourceMappingURL=solutions.routes.js.map