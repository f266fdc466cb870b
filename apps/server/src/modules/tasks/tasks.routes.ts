import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTaskFormSchema, idParamsSchema, studentTaskSchema, taskSchema, updateTaskSchema } from '@mathclub/shared';
import { dataVersion, ReadCache } from '../../db/read-cache.js';
import { currentUser } from '../../plugins/auth.js';
import { answer, emptyAnswer, failure } from '../../plugins/openapi-responses.js';
import { jsonEncoder, sendJsonBytes } from '../../plugins/serializer.js';
import { readMultipartForm, registerMultipart, withUploadSlot } from '../files/multipart.js';
import { ImageUrlSigner } from '../files/signed-url.js';
import { TASK_IMAGE_FIELD, TasksService } from './tasks.service.js';

const taskListSchema = z.array(taskSchema);
/** The arena's list: its schema has no answer key, so the serializer could not write one. */
const studentTaskListSchema = z.array(studentTaskSchema);

/** /api/tasks: the lists, creation (multipart with an optional image), editing and soft deletion. */
export async function tasksRoutes(app: FastifyInstance): Promise<void> {
  await registerMultipart(app);
  const service = new TasksService(app.db, app.images, app.imageUrls, app.checker);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const encodeList = jsonEncoder(taskListSchema);
  const encodeStudentList = jsonEncoder(studentTaskListSchema);
  const lists = new ReadCache(dataVersion(app.db, app.dialect));
  /**
   * The list depends only on the caller's groups (and the ten-minute window its image links are signed in), so each
   * group set's answer is kept as ready JSON bytes until the data changes: every student of a class
   * opening the arena gets the same bytes.
   */
  const sendList = async (request: FastifyRequest, reply: FastifyReply, view: 'teacher' | 'student') => {
    const user = currentUser(request);
    // The view is part of the key: the teachers' answer (with keys) is never handed to the arena.
    const key = `${view}:${user.groups.map((g) => g.id).join(',')}:${ImageUrlSigner.expiry()}`;
    const body = await lists.get(
      key,
      async () => (view === 'teacher' ? encodeList(await service.listForTeacher(user)) : encodeStudentList(await service.listVisible(user))),
      request.dataVersion,
    );
    return sendJsonBytes(request, reply, body);
  };

  r.get('/api/tasks', {
    schema: {
      tags: ['tasks'],
      operationId: 'listGroupTasks',
      summary: "Live tasks of the teacher's groups, newest first (teacher)",
      security: [{ bearerAuth: [] }],
      response: { 200: answer("The live tasks of the teacher's groups, newest first, with their answer keys.", taskListSchema) },
    },
    onRequest: app.authorize('task.listGroups'),
    handler: async (request, reply) => sendList(request, reply, 'teacher'),
  });

  r.get('/api/tasks/mine', {
    schema: {
      tags: ['tasks'],
      operationId: 'listMyTasks',
      summary: "Live tasks of the caller's groups, newest first",
      security: [{ bearerAuth: [] }],
      response: { 200: answer("The live tasks of the caller's groups, newest first, without answer keys.", studentTaskListSchema) },
    },
    onRequest: app.authorize('task.listMine'),
    handler: async (request, reply) => sendList(request, reply, 'student'),
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
        400: failure('A field is missing or wrong, the group is unknown, the answer key does not parse for its kind, or the image is not a supported picture; validationErrors names each field.'),
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

  r.patch('/api/tasks/:id', {
    schema: {
      tags: ['tasks'],
      operationId: 'updateTask',
      summary: "Change a task of your group (teacher): its answer key; another group's or a deleted task is 404",
      description: 'Only the fields given change. Solutions already sent keep their verdicts: a new key does not rejudge them.',
      security: [{ bearerAuth: [] }],
      params: idParamsSchema,
      body: updateTaskSchema,
      response: {
        200: answer('The task as it is now, with its answer key.', taskSchema),
        400: failure('A field is wrong or the answer key does not parse for its kind; validationErrors names each field.'),
        403: failure('Only teachers edit tasks.'),
        404: failure('No live task with this id in your groups.'),
      },
    },
    onRequest: app.authorize('task.update'),
    handler: async (request) => service.update(currentUser(request), request.params.id, request.body),
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
