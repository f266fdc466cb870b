import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, idParamsSchema, reviewSolutionSchema, solutionSchema, solutionsQuerySchema } from '@mathclub/shared';
import { dataVersion, ReadCache } from '../../db/read-cache.js';
import { currentUser } from '../../plugins/auth.js';
import { jsonEncoder, sendJsonBytes } from '../../plugins/serializer.js';
import { readMultipartForm, registerMultipart, withUploadSlot } from '../files/multipart.js';
import { ImageUrlSigner } from '../files/signed-url.js';
import { SOLUTION_IMAGE_FIELD, SolutionsService } from './solutions.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema } as const;
const solutionListSchema = z.array(solutionSchema);

/** /api/solutions: submission (multipart with an optional photo), the lists and the review. */
export async function solutionsRoutes(app: FastifyInstance): Promise<void> {
  await registerMultipart(app);
  const service = new SolutionsService(app.db, app.images, app.imageUrls);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const encodeList = jsonEncoder(solutionListSchema);
  const lists = new ReadCache(dataVersion(app.db, app.dialect));

  r.get('/api/solutions', {
    schema: {
      tags: ['solutions'],
      summary: "Solutions you may see: a student's own, a teacher's groups'; unreviewed first, then oldest first",
      security: [{ bearerAuth: [] }],
      querystring: solutionsQuerySchema,
      response: { 200: solutionListSchema, ...errors },
    },
    onRequest: app.authenticate,
    // The answer depends only on the filter the caller is allowed (and the day image links
    // expire): kept as ready JSON bytes until the data changes, so a teacher reloading the review
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
      summary: 'Answer a task of your group (student); 409 while an earlier answer is unreviewed or correct',
      description:
        'multipart/form-data: taskId, answer (trimmed), optional solutionImage file (JPEG, PNG, WebP, GIF, HEIC/AVIF; ≤ 5,000,000 bytes). Answer or image is required.',
      consumes: ['multipart/form-data'],
      security: [{ bearerAuth: [] }],
      response: { 201: solutionSchema, 409: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, ...errors },
    },
    onRequest: app.requireRole('student'),
    handler: async (request, reply) => {
      const solution = await withUploadSlot(request, async () => service.submit(currentUser(request), await readMultipartForm(request, SOLUTION_IMAGE_FIELD)));
      return reply.code(201).send(solution);
    },
  });

  r.put('/api/solutions/:id', {
    schema: {
      tags: ['solutions'],
      summary: "Review a solution of your group's task (teacher): verdict, optional feedback; reviewed=false resets it",
      security: [{ bearerAuth: [] }],
      params: idParamsSchema,
      body: reviewSolutionSchema,
      response: { 200: solutionSchema, 409: apiErrorSchema, ...errors },
    },
    onRequest: app.requireRole('teacher'),
    handler: async (request) => service.review(currentUser(request), request.params.id, request.body),
  });
}
