import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, groupNameSchema, groupSummarySchema, idParamsSchema } from '@mathclub/shared';
import { currentUser } from '../../plugins/auth.js';
import { GroupsService } from './groups.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema } as const;

/** /api/groups. */
export async function groupsRoutes(app: FastifyInstance): Promise<void> {
  const service = new GroupsService(app.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/groups', {
    schema: { tags: ['groups'], summary: 'Every group with its counts', security: [{ bearerAuth: [] }], response: { 200: z.array(groupSummarySchema), ...errors } },
    onRequest: app.authenticate,
    handler: async () => service.list(),
  });

  r.post('/api/groups', {
    schema: { tags: ['groups'], summary: 'Create a group (teacher; joins it)', security: [{ bearerAuth: [] }], body: groupNameSchema, response: { 201: groupSummarySchema, ...errors } },
    onRequest: app.requireRole('teacher'),
    handler: async (request, reply) => reply.code(201).send(await service.create(currentUser(request), request.body.name)),
  });

  r.patch('/api/groups/:id', {
    schema: {
      tags: ['groups'],
      summary: 'Rename a group (teacher)',
      security: [{ bearerAuth: [] }],
      params: idParamsSchema,
      body: groupNameSchema,
      response: { 200: groupSummarySchema, ...errors },
    },
    onRequest: app.requireRole('teacher'),
    handler: async (request) => service.rename(request.params.id, request.body.name),
  });

  r.delete('/api/groups/:id', {
    schema: {
      tags: ['groups'],
      summary: 'Delete an unused group (teacher)',
      security: [{ bearerAuth: [] }],
      params: idParamsSchema,
      response: { 204: z.null().describe('No content'), 409: apiErrorSchema, ...errors },
    },
    onRequest: app.requireRole('teacher'),
    handler: async (request, reply) => {
      await service.delete(request.params.id);
      return reply.code(204).send(null);
    },
  });
}
