import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, healthSchema } from '@mathclub/shared';
import { pingDb } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';

/** Load-balancer probes: the process is up; the database answers. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/health', {
    schema: { tags: ['health'], summary: 'The process is up', response: { 200: healthSchema } },
    handler: async () => ({ status: 'ok' as const }),
  });
  r.get('/api/ready', {
    schema: { tags: ['health'], summary: 'The database answers', response: { 200: healthSchema, 503: apiErrorSchema } },
    handler: async () => {
      if (!(await pingDb(app.db))) throw new AppError('SERVICE_UNAVAILABLE');
      return { status: 'ok' as const };
    },
  });
}
