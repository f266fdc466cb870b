import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { groupNameSchema, groupSummarySchema, idParamsSchema } from '@mathclub/shared';
import { currentUser } from '../../plugins/auth.js';
import { answer, emptyAnswer, failure } from '../../plugins/openapi-responses.js';
import { GroupsService } from './groups.service.js';

/** /api/groups. */
export async function groupsRoutes(app: FastifyInstance): Promise<void> {
  const service = new GroupsService(app.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/groups', {
    schema: {
      tags: ['groups'],
      operationId: 'listGroups',
      summary: 'Every group with its counts',
      security: [{ bearerAuth: [] }],
      response: { 200: answer('Every group, by name, with its student, teacher and task counts.', z.array(groupSummarySchema)) },
    },
    onRequest: app.authorize('group.list'),
    handler: async () => service.list(),
  });

  r.post('/api/groups', {
    schema: {
      tags: ['groups'],
      operationId: 'createGroup',
      summary: 'Create a group (teacher; joins it)',
      security: [{ bearerAuth: [] }],
      body: groupNameSchema,
      response: {
        201: answer('The new group; the teacher who created it is a member.', groupSummarySchema),
        400: failure('The name is missing, too long, or taken by another group (GROUP_NAME_TAKEN); validationErrors.name says which.'),
      },
    },
    onRequest: app.authorize('group.manage'),
    handler: async (request, reply) => reply.code(201).send(await service.create(currentUser(request), request.body.name)),
  });

  r.patch('/api/groups/:id', {
    schema: {
      tags: ['groups'],
      operationId: 'renameGroup',
      summary: 'Rename a group (teacher)',
      security: [{ bearerAuth: [] }],
      params: idParamsSchema,
      body: groupNameSchema,
      response: {
        200: answer('The renamed group.', groupSummarySchema),
        400: failure('The name is missing, too long, or taken by another group (GROUP_NAME_TAKEN); validationErrors.name says which.'),
      },
    },
    onRequest: app.authorize('group.manage'),
    handler: async (request) => service.rename(request.params.id, request.body.name),
  });

  r.delete('/api/groups/:id', {
    schema: {
      tags: ['groups'],
      operationId: 'deleteGroup',
      summary: 'Delete an unused group (teacher)',
      security: [{ bearerAuth: [] }],
      params: idParamsSchema,
      response: {
        204: emptyAnswer('The group is deleted.'),
        409: failure('The group still has students or tasks (GROUP_NOT_EMPTY); move or delete them first.'),
      },
    },
    onRequest: app.authorize('group.manage'),
    handler: async (request, reply) => {
      await service.delete(request.params.id);
      return reply.code(204).send();
    },
  });
}
