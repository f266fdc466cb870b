import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  changeOwnPasswordSchema,
  idParamsSchema,
  loginResponseSchema,
  profileUpdateResponseSchema,
  setTemporaryPasswordSchema,
  signUpSchema,
  studentProfileUpdateSchema,
  teacherProfileUpdateSchema,
  userSchema,
  userUpdateSchema,
  type User,
} from '@mathclub/shared';
import { dataVersion, ReadCache } from '../../db/read-cache.js';
import { AppError } from '../../lib/app-error.js';
import { consumeOrRefuse } from '../../lib/rate-limited.js';
import { currentUser } from '../../plugins/auth.js';
import { jsonEncoder, sendJsonBytes } from '../../plugins/serializer.js';
import { UsersService } from './users.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema } as const;
const noContent = z.null().describe('No content');
const userListSchema = z.array(userSchema);

/** /api/users: sign-up, the student list, profiles and passwords. */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const service = new UsersService(app.db, app.passwords);
  // Each sign-up costs a deliberately slow hash and a row a teacher must look at: limit per address.
  const signUpsPerIp = app.limiter('sign-ups', app.config.signUpRateLimitPerIp, 60 * 60);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const withToken = (user: User) => ({ user, access_token: app.issueToken(user as Parameters<typeof app.issueToken>[0]) });
  const encodeUsers = jsonEncoder(userListSchema);
  const userLists = new ReadCache(dataVersion(app.db, app.dialect), 1);

  r.post('/api/users', {
    schema: { tags: ['users'], summary: 'Sign up (the account waits for a teacher)', body: signUpSchema, response: { 201: userSchema, 400: apiErrorSchema, 429: apiErrorSchema } },
    handler: async (request, reply) => {
      await consumeOrRefuse(signUpsPerIp, request.ip);
      return reply.code(201).send(await service.signUp(request.body));
    },
  });

  r.get('/api/users', {
    schema: { tags: ['users'], summary: 'Every user with their groups (teacher)', security: [{ bearerAuth: [] }], response: { 200: userListSchema, ...errors } },
    onRequest: app.requireRole('teacher'),
    // The whole school (~200 bytes a user) is the same for every teacher: kept as ready bytes,
    // compressed once, until anything changes, instead of read and sent in full on every visit.
    handler: async (request, reply) => sendJsonBytes(request, reply, await userLists.get('all', async () => encodeUsers(await service.list()), request.dataVersion)),
  });

  r.get('/api/users/profile', {
    schema: { tags: ['users'], summary: 'The signed-in user', security: [{ bearerAuth: [] }], response: { 200: userSchema, ...errors } },
    onRequest: app.authenticate,
    handler: async (request) => service.profile(currentUser(request)),
  });

  r.patch('/api/users/teachers/profile', {
    schema: {
      tags: ['users'],
      summary: "A teacher's name and groups; answers with a fresh token",
      security: [{ bearerAuth: [] }],
      body: teacherProfileUpdateSchema,
      response: { 200: profileUpdateResponseSchema, ...errors },
    },
    onRequest: app.requireRole('teacher'),
    handler: async (request) => withToken(await service.updateTeacherProfile(currentUser(request), request.body)),
  });

  r.patch('/api/users/students/profile', {
    schema: {
      tags: ['users'],
      summary: "A student's group; answers with a fresh token",
      security: [{ bearerAuth: [] }],
      body: studentProfileUpdateSchema,
      response: { 200: profileUpdateResponseSchema, ...errors },
    },
    onRequest: app.requireRole('student'),
    handler: async (request) => withToken(await service.updateStudentProfile(currentUser(request), request.body)),
  });

  r.put('/api/users/me/password', {
    schema: {
      tags: ['users'],
      summary: 'Change your own password; other sessions end, this one gets a fresh token',
      security: [{ bearerAuth: [] }],
      body: changeOwnPasswordSchema,
      description: 'Wrong current passwords are slowed down per account (429 RATE_LIMITED with Retry-After): see docs/security.md.',
      response: { 200: loginResponseSchema, 429: apiErrorSchema, ...errors },
    },
    onRequest: app.authenticate,
    handler: async (request) => {
      // The turn is taken before the current password's hash is checked, so a stolen token
      // cannot run guesses in parallel past the limit.
      const actor = currentUser(request);
      const turn = await app.passwordChangeGuesses.take(String(actor.id));
      let user;
      try {
        user = await service.changeOwnPassword(actor, request.body);
      } catch (error) {
        await (error instanceof AppError && error.code === 'WRONG_PASSWORD' ? turn.failed() : turn.cancel());
        throw error;
      }
      await turn.succeeded();
      return { access_token: withToken(user).access_token };
    },
  });

  r.get('/api/users/:id', {
    schema: { tags: ['users'], summary: 'One user (teachers: anyone; others: themselves)', security: [{ bearerAuth: [] }], params: idParamsSchema, response: { 200: userSchema, ...errors } },
    onRequest: app.authenticate,
    handler: async (request) => service.get(currentUser(request), request.params.id),
  });

  r.put('/api/users/:id', {
    schema: {
      tags: ['users'],
      summary: 'Change name, activation, grade, letter or groups (teacher)',
      security: [{ bearerAuth: [] }],
      params: idParamsSchema,
      body: userUpdateSchema,
      response: { 200: userSchema, 409: apiErrorSchema, ...errors },
    },
    onRequest: app.requireRole('teacher'),
    handler: async (request) => service.update(currentUser(request), request.params.id, request.body),
  });

  r.put('/api/users/:id/password', {
    schema: {
      tags: ['users'],
      summary: "Set a student's temporary password (teacher); the student's sessions end",
      security: [{ bearerAuth: [] }],
      params: idParamsSchema,
      body: setTemporaryPasswordSchema,
      response: { 204: noContent, ...errors },
    },
    onRequest: app.requireRole('teacher'),
    handler: async (request, reply) => {
      await service.setTemporaryPassword(currentUser(request), request.params.id, request.body.password);
      return reply.code(204).send(null);
    },
  });
}
