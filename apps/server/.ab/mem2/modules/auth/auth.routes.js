import { loginRequestSchema, loginResponseSchema } from '@mathclub/shared';
import { answer, failure } from '../../plugins/openapi-responses.js';
import { loginKey } from '../users/users.repository.js';
import { AuthService } from './auth.service.js';
import { deviceCookieAfterSignIn, knownDevice } from './device-cookie.js';
/** POST /api/auth/login. */
export async function authRoutes(app) {
    const service = new AuthService(app.db, app.passwords, app.signInLimits);
    const secureCookies = app.config.publicUrl?.startsWith('https://') ?? false;
    app.withTypeProvider().post('/api/auth/login', {
        schema: {
            tags: ['auth'],
            operationId: 'login',
            summary: 'Sign in with login and password',
            security: [],
            description: 'Wrong passwords are slowed down per login and address (429 RATE_LIMITED with Retry-After), never locked: see docs/security.md. ' +
                'A successful sign-in sets an HttpOnly device cookie for this path: a browser that has signed in to a login before is counted on its own, not with its address.',
            body: loginRequestSchema,
            response: {
                200: answer('Signed in: the access token to send as a bearer token.', loginResponseSchema),
                401: failure('Wrong login or password (INVALID_CREDENTIALS).'),
                403: failure('The password is right but the account waits for a teacher to activate it (ACCOUNT_INACTIVE) or a teacher turned it off (ACCOUNT_DEACTIVATED).'),
                429: failure('Too many wrong passwords for this login or from this address; wait the Retry-After seconds.'),
            },
        },
        handler: async (request, reply) => {
            const cookies = request.headers.cookie;
            const key = loginKey(request.body.login);
            const user = await service.login(request.body, request.ip, knownDevice(cookies, app.config.jwtSecret, key));
            // This browser is known for this login from now on (device-cookie.ts).
            reply.header('set-cookie', deviceCookieAfterSignIn(cookies, app.config.jwtSecret, key, secureCookies));
            return { access_token: app.issueToken(user) };
        },
    });
}
//# sourceMappingURL=auth.routes.js.map