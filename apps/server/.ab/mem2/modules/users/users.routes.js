import { z } from 'zod';
import { apiErrorSchema, changeOwnPasswordSchema, idParamsSchema, loginResponseSchema, profileUpdateResponseSchema, setTemporaryPasswordSchema, signUpSchema, studentProfileUpdateSchema, teacherProfileUpdateSchema, userSchema, userUpdateSchema, } from '@mathclub/shared';
import { AppError } from '../../lib/app-error.js';
import { consumeOrRefuse } from '../../lib/rate-limited.js';
import { currentUser } from '../../plugins/auth.js';
import { answer, emptyAnswer, failure } from '../../plugins/openapi-responses.js';
import { GroupsService } from '../groups/groups.service.js';
import { JoinCodes } from '../groups/join-codes.js';
import { joinLimits } from '../groups/join-limits.js';
import { UsersService } from './users.service.js';
const userListSchema = z.array(userSchema);
/** /api/users: sign-up, the student list, profiles and passwords. */
export async function usersRoutes(app) {
    const service = new UsersService(app.db, app.passwords, new GroupsService(app.db, new JoinCodes(app.config.jwtSecret)), (id) => {
        app.liveHub.sessionEnded(id).catch((error) => app.log.warn({ err: error }, 'live updates: cannot end the streams of a session'));
    });
    const codeTriesPerIp = joinLimits(app).perAddress;
    // Each sign-up costs a deliberately slow hash and a row a teacher must look at: limit per address.
    const signUpsPerIp = app.limiter('sign-ups', app.config.signUpRateLimitPerIp, 60 * 60);
    const r = app.withTypeProvider();
    // A profile save's token belongs to the caller's session (same jti and expiry); a password
    // change (session === undefined) starts a new one, since it ends every older session.
    const withToken = (user, session) => ({ user, access_token: app.issueToken(user, session) });
    r.post('/api/users', {
        schema: {
            tags: ['users'],
            operationId: 'signUp',
            summary: 'Sign up (the account waits for a teacher)',
            description: 'With `joinCode` (a student following a join link, PRODUCT.md §13) the account is created in that group, and active at once when the group allows it; a code that opens no group is a 400 on `joinCode` and creates nothing.',
            security: [],
            body: signUpSchema,
            response: {
                201: answer("The new account; it cannot sign in until a teacher activates it. Joined to a group by its code and waiting, the group's teachers get a `student.waiting` notification.", userSchema),
                400: failure('A field is missing or wrong, the login is taken (LOGIN_TAKEN) or the join code opens no group; validationErrors names each field.'),
                429: failure('Too many sign-ups (or join-code attempts) from this address; wait the Retry-After seconds.'),
            },
        },
        handler: async (request, reply) => {
            await consumeOrRefuse(signUpsPerIp, request.ip);
            // A code tried at sign-up counts with the codes tried by signed-in students from this address.
            if (request.body.joinCode?.trim())
                await consumeOrRefuse(codeTriesPerIp, request.ip);
            const user = await service.signUp(request.body);
            // Waiting in a group: that group's teachers are told (issue 49); announcing never throws.
            const group = user.groups[0];
            if (!user.activated && group)
                await app.live.studentWaiting({ id: user.id, name: user.name }, group.id);
            return reply.code(201).send(user);
        },
    });
    r.get('/api/users', {
        schema: {
            tags: ['users'],
            operationId: 'listUsers',
            summary: 'Every user with their groups (teacher)',
            security: [{ bearerAuth: [] }],
            response: { 200: answer('Every user of the school with their groups.', userListSchema) },
        },
        onRequest: app.authorize('user.list'),
        handler: async () => service.list(),
    });
    r.get('/api/users/profile', {
        schema: {
            tags: ['users'],
            operationId: 'getMyProfile',
            summary: 'The signed-in user',
            security: [{ bearerAuth: [] }],
            response: { 200: answer('The signed-in user as the database has it now.', userSchema) },
        },
        onRequest: app.authorize('profile.read'),
        handler: async (request) => service.profile(currentUser(request)),
    });
    r.patch('/api/users/teachers/profile', {
        schema: {
            tags: ['users'],
            operationId: 'updateTeacherProfile',
            summary: "A teacher's name and groups; answers with a fresh token",
            security: [{ bearerAuth: [] }],
            body: teacherProfileUpdateSchema,
            response: { 200: answer('The updated teacher and a fresh token that says the same.', profileUpdateResponseSchema) },
        },
        onRequest: app.authorize('profile.updateTeacher'),
        handler: async (request) => withToken(await service.updateTeacherProfile(currentUser(request), request.body), request.session),
    });
    r.patch('/api/users/students/profile', {
        schema: {
            tags: ['users'],
            operationId: 'updateStudentProfile',
            summary: "A student's group; answers with a fresh token",
            security: [{ bearerAuth: [] }],
            body: studentProfileUpdateSchema,
            response: { 200: answer('The updated student and a fresh token that says the same.', profileUpdateResponseSchema) },
        },
        onRequest: app.authorize('profile.updateStudent'),
        handler: async (request) => withToken(await service.updateStudentProfile(currentUser(request), request.body), request.session),
    });
    r.put('/api/users/me/password', {
        schema: {
            tags: ['users'],
            operationId: 'changeMyPassword',
            summary: 'Change your own password; other sessions end, this one gets a fresh token',
            security: [{ bearerAuth: [] }],
            body: changeOwnPasswordSchema,
            description: 'Wrong current passwords are slowed down per account (429 RATE_LIMITED with Retry-After): see docs/security.md.',
            response: {
                200: answer('The password is changed: a fresh token for this session (every other session has ended).', loginResponseSchema),
                400: failure('The current password is wrong (WRONG_PASSWORD) or the new one breaks a rule; validationErrors names the field.'),
                429: failure('Too many wrong current passwords for this account; wait the Retry-After seconds.'),
            },
        },
        onRequest: app.authorize('profile.changeOwnPassword'),
        handler: async (request) => {
            // The turn is taken before the current password's hash is checked, so a stolen token
            // cannot run guesses in parallel past the limit.
            const actor = currentUser(request);
            const turn = await app.passwordChangeGuesses.take(String(actor.id));
            let user;
            try {
                user = await service.changeOwnPassword(actor, request.body);
            }
            catch (error) {
                await (error instanceof AppError && error.code === 'WRONG_PASSWORD' ? turn.failed() : turn.cancel());
                throw error;
            }
            await turn.succeeded();
            return { access_token: withToken(user).access_token };
        },
    });
    r.get('/api/users/:id', {
        schema: {
            tags: ['users'],
            operationId: 'getUser',
            summary: 'One user (teachers: anyone; others: themselves)',
            security: [{ bearerAuth: [] }],
            params: idParamsSchema,
            response: { 200: answer('The user.', userSchema), 403: failure('Only teachers see other users.'), 404: failure('No user with this id.') },
        },
        onRequest: app.authorize('user.read'),
        handler: async (request) => service.get(currentUser(request), request.params.id),
    });
    r.put('/api/users/:id', {
        schema: {
            tags: ['users'],
            operationId: 'updateUser',
            summary: 'Change name, activation, grade, letter or groups (teacher)',
            security: [{ bearerAuth: [] }],
            params: idParamsSchema,
            body: userUpdateSchema,
            response: {
                200: answer('The user as changed.', userSchema),
                404: failure('No user with this id.'),
                409: failure('The change is not allowed for this account (for example deactivating yourself: CANNOT_DEACTIVATE_SELF).'),
            },
        },
        onRequest: app.authorize('user.update'),
        handler: async (request) => service.update(currentUser(request), request.params.id, request.body),
    });
    r.put('/api/users/:id/password', {
        schema: {
            tags: ['users'],
            operationId: 'setTemporaryPassword',
            summary: "Set a student's temporary password (teacher); the student's sessions end",
            security: [{ bearerAuth: [] }],
            params: idParamsSchema,
            body: setTemporaryPasswordSchema,
            response: { 204: emptyAnswer("The password is set; the student's sessions have ended."), 404: failure('No user with this id.') },
        },
        onRequest: app.authorize('user.resetPassword'),
        handler: async (request, reply) => {
            await service.setTemporaryPassword(currentUser(request), request.params.id, request.body.password);
            return reply.code(204).send();
        },
    });
    r.post('/api/users/:id/owner', {
        schema: {
            tags: ['users'],
            operationId: 'transferOwnership',
            summary: "Hand the school's ownership to another active teacher (owner)",
            description: 'PRODUCT.md §16: only the owner may call it; the target must be another activated teacher (409 OWNER_TARGET_INVALID otherwise). The old owner stays a teacher. Answers 204 with no body.',
            security: [{ bearerAuth: [] }],
            params: idParamsSchema,
            response: { 204: emptyAnswer('The ownership has moved to this teacher.'), 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 400: apiErrorSchema },
        },
        onRequest: app.authorize('user.transferOwnership'),
        handler: async (request, reply) => {
            await service.transferOwnership(currentUser(request), request.params.id);
            return reply.code(204).send();
        },
    });
}
//# sourceMappingURL=users.routes.js.map