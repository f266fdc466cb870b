import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema } from '@mathclub/shared';
import { pingDb } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { answer } from '../../plugins/openapi-responses.js';

/** Load-balancer probes: the process is up; the database answers. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/health', {
    schema: { tags: ['health'], operationId: 'checkHealth', summary: 'The process is up', security: [], response: { 200: answer('The process is up.', healthSchema) } },
    handler: async () => ({ status: 'ok' as const }),
  });
  r.get('/api/ready', {
    schema: { tags: ['health'], operationId: 'checkReady', summary: 'The database answers', security: [], response: { 200: answer('The database answers: this instance can take requests.', healthSchema) } },
    handler: async () => {
      if (!(await pingDb(app.db))) throw new AppError('SERVICE_UNAVAILABLE');
      return { status: 'ok' as const };
    },
  });
}
