import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createSolutionFormSchema, idParamsSchema, reviewSolutionSchema, solutionSchema, solutionsQuerySchema } from '@mathclub/shared';
import { dataVersion, ReadCache } from '../../db/read-cache.js';
import { currentUser } from '../../plugins/auth.js';
import { answer, failure } from '../../plugins/openapi-responses.js';
import { jsonEncoder, sendJsonBytes } from '../../plugins/serializer.js';
import { readMultipartForm, registerMultipart, withUploadSlot } from '../files/multipart.js';
import { ImageUrlSigner } from '../files/signed-url.js';
import { SOLUTION_IMAGE_FIELD, SolutionsService } from './solutions.service.js';

const solutionListSchema = z.array(solutionSchema);

/** /api/solutions: submission (multipart with an optional photo), the lists and the review. */
export async function solutionsRoutes(app: FastifyInstance): Promise<void> {
  await registerMultipart(app);
  const service = new SolutionsService(app.db, app.images, app.imageUrls, app.checker);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const encodeList = jsonEncoder(solutionListSchema);
  const lists = new ReadCache(dataVersion(app.db, app.dialect));

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
    // The answer depends only on the filter the caller is allowed (and the ten-minute window its image
    // links are signed in): kept as ready JSON bytes until the data changes, so a teacher reloading the review
    // list, or two teachers of a group, cost one read.
    handler: async (request, reply) => {
      const filter = service.visibleFilter(currentUser(request), request.query);
      const key = `${JSON.stringify(filter)}:${ImageUrlSigner.expiry()}`;
      const body = await lists.get(key, async () => encodeList(await service.listFiltered(filter)), request.dataVersion);
      return sendJsonBytes(request, reply, body);
    },
  });

  r.post('/api/solutions', {
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

  r.put('/api/solutions/:id', {
    schema: {
      tags: ['solutions'],
      operationId: 'reviewSolution',
      summary: "Review a solution of your group's task (teacher): verdict, optional feedback; reviewed=false resets it",
      security: [{ bearerAuth: [] }],
      params: idParamsSchema,
      body: reviewSolutionSchema,
      response: {
        200: answer('The solution with its verdict.', solutionSchema),
        404: failure("No solution with this id in your groups' tasks."),
        409: failure('Reopening it would clash with a newer answer of the same student to the task (SOLUTION_EXISTS).'),
      },
    },
    onRequest: app.authorize('solution.review'),
    handler: async (request) => service.review(currentUser(request), request.params.id, request.body),
  });
}
