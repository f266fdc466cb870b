import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, loginRequestSchema, loginResponseSchema } from '@mathclub/shared';
import { LoginThrottle } from '../../lib/login-throttle.js';
import { AuthService } from './auth.service.js';

/** POST /api/auth/login. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const throttle = new LoginThrottle(app.config.loginRateLimit, app.config.loginWindowMs);
  const service = new AuthService(app.db, app.passwords, throttle);
  app.withTypeProvider<ZodTypeProvider>().post('/api/auth/login', {
    schema: {
      tags: ['auth'],
      summary: 'Sign in with login and password',
      body: loginRequestSchema,
      response: { 200: loginResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
    },
    config: { rateLimit: { max: app.config.loginRateLimitPerIp, timeWindow: 60_000 } },
    handler: async (request) => {
      const user = await service.login(request.body);
      return { access_token: app.issueToken(user) };
    },
  });
}
