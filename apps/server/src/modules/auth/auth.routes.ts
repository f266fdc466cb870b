import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, loginRequestSchema, loginResponseSchema } from '@mathclub/shared';
import { AuthService } from './auth.service.js';

/** POST /api/auth/login. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const service = new AuthService(app.db, app.passwords, app.signInLimits);
  app.withTypeProvider<ZodTypeProvider>().post('/api/auth/login', {
    schema: {
      tags: ['auth'],
      summary: 'Sign in with login and password',
      description:
        'Wrong passwords are slowed down per login and address (429 RATE_LIMITED with Retry-After), never locked: see docs/security.md.',
      body: loginRequestSchema,
      response: { 200: loginResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
    },
    handler: async (request) => {
      const user = await service.login(request.body, request.ip);
      return { access_token: app.issueToken(user) };
    },
  });
}
