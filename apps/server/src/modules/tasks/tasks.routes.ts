import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, idParamsSchema, taskSchema } from '@mathclub/shared';
import { dataVersion, ReadCache } from '../../db/read-cache.js';
import { currentUser } from '../../plugins/auth.js';
import { jsonEncoder, sendJsonBytes } from '../../plugins/serializer.js';
import { readMultipartForm, registerMultipart, withUploadSlot } from '../files/multipart.js';
import { ImageUrlSigner } from '../files/signed-url.js';
import { TASK_IMAGE_FIELD, TasksService } from './tasks.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema } as const;
const taskListSchema = z.array(taskSchema);

/** /api/tasks: the lists, creation (multipart with an optional image) and soft deletion. */
export async function tasksRoutes(app: FastifyInstance): Promise<void> {
  await registerMultipart(app);
  const service = new TasksService(app.db, app.images, app.imageUrls);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const encodeList = jsonEncoder(taskListSchema);
  const lists = new ReadCache(dataVersion(app.db, app.dialect));
  /**
   * The list depends only on the caller's groups (and the day its image links expire), so each
   * group set's answer is kept as ready JSON bytes until the data changes: every student of a class
   * opening the arena gets the same bytes.
   */
  const sendList = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = currentUser(request);
    const key = `${user.groups.map((g) => g.id).join(',')}:${ImageUrlSigner.expiry()}`;
    const body = await lists.get(key, async () => encodeList(await service.listVisible(user)), request.dataVersion);
    return sendJsonBytes(request, reply, body);
  };

  r.get('/api/tasks', {
    schema: { tags: ['tasks'], summary: "Live tasks of the teacher's groups, newest first (teacher)", security: [{ bearerAuth: [] }], response: { 200: taskListSchema, ...errors } },
    onRequest: app.requireRole('teacher'),
    handler: async (request, reply) => sendList(request, reply),
  });

  r.get('/api/tasks/mine', {
    schema: { tags: ['tasks'], summary: "Live tasks of the caller's groups, newest first", security: [{ bearerAuth: [] }], response: { 200: taskListSchema, ...errors } },
    onRequest: app.authenticate,
    handler: async (request, reply) => sendList(request, reply),
  });

  r.post('/api/tasks', {
    schema: {
      tags: ['tasks'],
      summary: 'Create a task for one of your groups (teacher)',
      description:
        'multipart/form-data: title, text, level, points (1–5), group (id), optional taskImage file (JPEG, PNG, WebP, GIF, HEIC/AVIF; ≤ 5,000,000 bytes). Text or image is required.',
      consumes: ['multipart/form-data'],
      security: [{ bearerAuth: [] }],
      response: { 201: taskSchema, 413: apiErrorSchema, 415: apiErrorSchema, ...errors },
    },
    onRequest: app.requireRole('teacher'),
    handler: async (request, reply) => {
      const task = await withUploadSlot(request, async () => service.create(currentUser(request), await readMultipartForm(request, TASK_IMAGE_FIELD)));
      return reply.code(201).send(task);
    },
  });

  r.delete('/api/tasks/:id', {
    schema: {
      tags: ['tasks'],
      summary: "Soft-delete a task of your group (teacher); another group's or a deleted task is 404",
      security: [{ bearerAuth: [] }],
      params: idParamsSchema,
      response: { 204: z.null().describe('No content'), ...errors },
    },
    onRequest: app.requireRole('teacher'),
    handler: async (request, reply) => {
      await service.delete(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
}
