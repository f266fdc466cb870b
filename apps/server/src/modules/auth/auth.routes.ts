import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginRequestSchema, loginResponseSchema } from '@mathclub/shared';
import { answer, failure } from '../../plugins/openapi-responses.js';
import { AuthService } from './auth.service.js';

/** POST /api/auth/login. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const service = new AuthService(app.db, app.passwords, app.signInLimits);
  app.withTypeProvider<ZodTypeProvider>().post('/api/auth/login', {
    schema: {
      tags: ['auth'],
      operationId: 'login',
      summary: 'Sign in with login and password',
      security: [],
      description:
        'Wrong passwords are slowed down per login and address (429 RATE_LIMITED with Retry-After), never locked: see docs/security.md.',
      body: loginRequestSchema,
      response: {
        200: answer('Signed in: the access token to send as a bearer token.', loginResponseSchema),
        401: failure('Wrong login or password (INVALID_CREDENTIALS).'),
        403: failure('The account exists but waits for a teacher to activate it (ACCOUNT_INACTIVE).'),
        429: failure('Too many wrong passwords for this login or from this address; wait the Retry-After seconds.'),
      },
    },
    handler: async (request) => {
      const user = await service.login(request.body, request.ip);
      return { access_token: app.issueToken(user) };
    },
  });
}
