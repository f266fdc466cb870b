import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTaskFormSchema, idParamsSchema, taskSchema } from '@mathclub/shared';
import { dataVersion, ReadCache } from '../../db/read-cache.js';
import { currentUser } from '../../plugins/auth.js';
import { answer, emptyAnswer, failure } from '../../plugins/openapi-responses.js';
import { jsonEncoder, sendJsonBytes } from '../../plugins/serializer.js';
import { readMultipartForm, registerMultipart, withUploadSlot } from '../files/multipart.js';
import { ImageUrlSigner } from '../files/signed-url.js';
import { TASK_IMAGE_FIELD, TasksService } from './tasks.service.js';

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
    schema: {
      tags: ['tasks'],
      operationId: 'listGroupTasks',
      summary: "Live tasks of the teacher's groups, newest first (teacher)",
      security: [{ bearerAuth: [] }],
      response: { 200: answer("The live tasks of the teacher's groups, newest first.", taskListSchema) },
    },
    onRequest: app.authorize('task.listGroups'),
    handler: async (request, reply) => sendList(request, reply),
  });

  r.get('/api/tasks/mine', {
    schema: {
      tags: ['tasks'],
      operationId: 'listMyTasks',
      summary: "Live tasks of the caller's groups, newest first",
      security: [{ bearerAuth: [] }],
      response: { 200: answer("The live tasks of the caller's groups, newest first.", taskListSchema) },
    },
    onRequest: app.authorize('task.listMine'),
    handler: async (request, reply) => sendList(request, reply),
  });

  r.post('/api/tasks', {
    schema: {
      tags: ['tasks'],
      operationId: 'createTask',
      summary: 'Create a task for one of your groups (teacher)',
      description: 'A multipart/form-data form: the fields below and an optional taskImage file. Text or image is required.',
      multipartBody: createTaskFormSchema,
      security: [{ bearerAuth: [] }],
      response: {
        201: answer('The new task, with a signed link to its image if it has one.', taskSchema),
        400: failure('A field is missing or wrong, the group is unknown, or the image is not a supported picture; validationErrors names each field.'),
        403: failure('You are not a teacher of this group.'),
        413: failure('The image is over the size limit (IMAGE_TOO_LARGE, validationErrors.taskImage) or the form has too many parts.'),
        415: failure('The body is not multipart/form-data.'),
      },
    },
    onRequest: app.authorize('task.create'),
    handler: async (request, reply) => {
      const task = await withUploadSlot(request, async () => service.create(currentUser(request), await readMultipartForm(request, TASK_IMAGE_FIELD)));
      return reply.code(201).send(task);
    },
  });

  r.delete('/api/tasks/:id', {
    schema: {
      tags: ['tasks'],
      operationId: 'deleteTask',
      summary: "Soft-delete a task of your group (teacher); another group's or a deleted task is 404",
      security: [{ bearerAuth: [] }],
      params: idParamsSchema,
      response: { 204: emptyAnswer('The task is deleted (soft): it leaves every list.'), 404: failure('No live task with this id in your groups.') },
    },
    onRequest: app.authorize('task.delete'),
    handler: async (request, reply) => {
      await service.delete(currentUser(request), request.params.id);
      return reply.code(204).send();
    },
  });
}
