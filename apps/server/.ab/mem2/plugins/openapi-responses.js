import { z } from 'zod';
import { apiErrorSchema } from '@mathclub/shared';
/** A JSON answer and what it means (the document's response description). */
export function answer(description, schema) {
    return { description, content: { 'application/json': { schema } } };
}
/**
 * An answer without a body (204). `z.undefined()` is what makes @fastify/swagger leave the
 * content out; the handler sends nothing (`reply.code(204).send()`).
 */
export function emptyAnswer(description) {
    return z.undefined().describe(description);
}
/** An error answer in the API error shape with a meaning particular to this route. */
export function failure(description) {
    return answer(description, apiErrorSchema);
}
/** What each error status means wherever a route does not say more (errors.ts sends them). */
export const ERROR_MEANINGS = {
    400: 'The request is invalid (a field, the query, the path or a malformed body); validationErrors names each field with an i18n key.',
    401: 'No valid access token: missing, malformed, expired, or its session ended (sign in again).',
    403: 'Signed in, but your role or your groups do not allow this.',
    404: 'Nothing with this id that you may see.',
    409: 'Conflicts with the current state.',
    413: 'The body is larger than the server accepts.',
    415: 'The body is not in a format this operation accepts.',
    429: 'Too many requests from your address (or for this account); wait the Retry-After seconds.',
    503: 'The database is unavailable for a moment, or the server\'s disk is full (code DISK_FULL); retry after the Retry-After seconds.',
};
/**
 * The error statuses every route of its kind can send, derived from what it is rather than listed
 * by hand on each route: the error handler answers 400 for any malformed input (a NUL in the query
 * included), 413/415 for any body that is too large or not JSON on a method that carries one, 401
 * and 403 from the authentication hooks, 404 for an id nobody may see, 429 from the per-address
 * limit and 503 while the database is unreachable.
 */
export function standardErrorStatuses(route) {
    const statuses = [400];
    if (!['GET', 'HEAD'].includes(route.method))
        statuses.push(413, 415);
    if (route.authenticated)
        statuses.push(401);
    if (route.roleChecked)
        statuses.push(403);
    if (route.hasIdParam)
        statuses.push(404);
    if (route.countedPerAddress)
        statuses.push(429);
    // Everything but the liveness probe and the signed image links reads the database.
    if (route.url !== '/api/health' && !route.url.startsWith('/api/files/'))
        statuses.push(503);
    return statuses;
}
const isZod = (value) => value instanceof z.ZodType;
/**
 * Fills in every API route's error responses before Fastify compiles it and @fastify/swagger
 * reads it (onRoute runs first for both): the standard ones for what the route is, each with its
 * meaning, and a bare `apiErrorSchema` a route lists itself gets the same meaning. A route that
 * says more (`failure('…')`) keeps its own words.
 */
export function registerStandardErrorResponses(app, isCountedPerAddress) {
    app.addHook('onRoute', (route) => {
        const schema = route.schema;
        if (!route.url.startsWith('/api/') || !schema || schema.hide)
            return;
        const onRequest = [route.onRequest ?? []].flat();
        const authenticate = app.authenticate;
        const security = schema.security;
        for (const method of [route.method].flat()) {
            if (method === 'HEAD')
                continue;
            const facts = {
                url: route.url,
                method,
                authenticated: (security ?? []).some((s) => 'bearerAuth' in s),
                roleChecked: onRequest.some((hook) => hook !== authenticate),
                hasIdParam: /\/:id(\/|$)/.test(route.url),
                countedPerAddress: isCountedPerAddress(route.url),
            };
            const response = { ...schema.response };
            for (const [status, value] of Object.entries(response)) {
                if (Number(status) >= 400 && isZod(value))
                    response[status] = failure(ERROR_MEANINGS[Number(status)] ?? 'An error.');
            }
            for (const status of standardErrorStatuses(facts)) {
                response[status] ??= failure(ERROR_MEANINGS[status]);
            }
            schema.response = response;
        }
    });
}
//# sourceMappingURL=openapi-responses.js.map