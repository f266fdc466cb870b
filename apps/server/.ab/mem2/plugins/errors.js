import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { INVALID_VALUE_KEY } from '@mathclub/shared';
import { isDatabaseUnavailable } from '../db/database.js';
import { AppError } from '../lib/app-error.js';
import { DiskFullWatch, fullStoreOf } from '../lib/disk-full.js';
import { assertNoNul } from '../lib/nul-guard.js';
import { pickLanguage, translate } from '../i18n/messages.js';
/** Schema messages are i18n keys like `auth.error.loginRequired`; zod's own English texts are not. */
const I18N_KEY = /^[A-Za-z][\w-]*(\.[\w-]+)+$/;
/** Zod issues → {field: first i18n key}; a root issue is named after the part (body, querystring…). */
function toValidationErrors(issues, context) {
    const out = {};
    for (const issue of issues) {
        const field = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.') || context || 'body';
        if (field in out)
            continue;
        out[field] = issue.message && I18N_KEY.test(issue.message) ? issue.message : INVALID_VALUE_KEY;
    }
    return out;
}
/** Framework errors (parsing, limits, routing) mapped to our codes. */
function classifyFrameworkError(err) {
    const status = err.statusCode ?? 500;
    switch (err.code) {
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
            return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', messageKey: 'UNSUPPORTED_MEDIA_TYPE' };
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
        case 'FST_REQ_FILE_TOO_LARGE':
        case 'FST_PARTS_LIMIT':
        case 'FST_FILES_LIMIT':
        case 'FST_FIELDS_LIMIT':
            return { status: 413, code: 'PAYLOAD_TOO_LARGE', messageKey: 'PAYLOAD_TOO_LARGE' };
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
        case 'FST_ERR_CTP_EMPTY_JSON_BODY':
            return { status: 400, code: 'VALIDATION_FAILED', messageKey: 'INVALID_JSON' };
        default:
            break;
    }
    if (err instanceof SyntaxError && status === 400)
        return { status: 400, code: 'VALIDATION_FAILED', messageKey: 'INVALID_JSON' };
    if (status === 401)
        return { status, code: 'UNAUTHORIZED', messageKey: 'UNAUTHORIZED' };
    if (status === 403)
        return { status, code: 'FORBIDDEN', messageKey: 'FORBIDDEN' };
    if (status === 404)
        return { status, code: 'NOT_FOUND', messageKey: 'NOT_FOUND' };
    if (status === 413)
        return { status, code: 'PAYLOAD_TOO_LARGE', messageKey: 'PAYLOAD_TOO_LARGE' };
    if (status === 415)
        return { status, code: 'UNSUPPORTED_MEDIA_TYPE', messageKey: 'UNSUPPORTED_MEDIA_TYPE' };
    if (status === 429)
        return { status, code: 'RATE_LIMITED', messageKey: 'RATE_LIMITED' };
    if (status === 503)
        return { status, code: 'SERVICE_UNAVAILABLE', messageKey: 'SERVICE_UNAVAILABLE' };
    if (status >= 400 && status < 500)
        return { status, code: 'VALIDATION_FAILED', messageKey: 'VALIDATION_FAILED' };
    return { status: 500, code: 'INTERNAL', messageKey: 'INTERNAL' };
}
/** Builds the API error body in the request's language. */
export function errorBody(request, status, code, messageKey, validationErrors) {
    const body = { statusCode: status, code, message: translate(messageKey, request.language ?? pickLanguage(request.headers['accept-language'])) };
    if (validationErrors && Object.keys(validationErrors).length > 0)
        body.validationErrors = validationErrors;
    return body;
}
function send(reply, body) {
    // Never cached: errors depend on the caller and the moment.
    return reply.code(body.statusCode).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
}
/**
 * One error handler for the whole API: typed errors, schema failures and framework errors become
 * `{statusCode, code, message, validationErrors?}`; 5xx details go to the log, never to the client.
 */
export function registerErrorHandling(app) {
    app.decorateRequest('language', 'uk');
    app.decorate('diskFull', new DiskFullWatch());
    // Hooks that do not wait for anything take `done`: an async one costs every request a promise and
    // a turn of the microtask queue (a few % of a cached read, see plugins/address-limit.ts).
    app.addHook('onRequest', (request, _reply, done) => {
        request.language = pickLanguage(request.headers['accept-language']);
        done();
    });
    // Before any schema runs: NUL characters would reach PostgreSQL as an encoding error (a 500).
    app.addHook('preValidation', (request, _reply, done) => {
        try {
            if (request.body !== undefined)
                assertNoNul(request.body);
            if (request.query !== undefined)
                assertNoNul(request.query, 'querystring');
        }
        catch (error) {
            return done(error);
        }
        done();
    });
    app.setErrorHandler((error, request, reply) => {
        if (error instanceof AppError) {
            if (error.statusCode >= 500)
                request.log.error({ err: error }, 'server error');
            if (error.retryAfterSeconds !== undefined)
                reply.header('retry-after', String(error.retryAfterSeconds));
            return send(reply, errorBody(request, error.statusCode, error.code, error.messageKey, error.validationErrors));
        }
        if (hasZodFastifySchemaValidationErrors(error)) {
            const validationErrors = toValidationErrors(error.validation, error.validationContext);
            return send(reply, errorBody(request, 400, 'VALIDATION_FAILED', 'VALIDATION_FAILED', validationErrors));
        }
        if (error.validation) {
            // A non-zod (JSON schema) validation failure, e.g. from a third-party plugin.
            return send(reply, errorBody(request, 400, 'VALIDATION_FAILED', 'VALIDATION_FAILED'));
        }
        const fullStore = fullStoreOf(error);
        if (fullStore) {
            // Not a bug to chase but space to free: said so in the log, the metrics and /api/ready.
            request.log.error({ err: error, store: fullStore }, `disk full: a write to the ${fullStore === 'database' ? 'database' : 'files under DATA_DIR'} was refused for want of space`);
            app.diskFull.note(fullStore);
            reply.header('retry-after', '60');
            return send(reply, errorBody(request, 503, 'DISK_FULL', 'DISK_FULL'));
        }
        if (isDatabaseUnavailable(error)) {
            // The database is restarting or unreachable: a retry may work, so say so (never a 500).
            request.log.warn({ err: error }, 'database unavailable');
            reply.header('retry-after', '5');
            return send(reply, errorBody(request, 503, 'SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE'));
        }
        const { status, code, messageKey } = classifyFrameworkError(error);
        if (status >= 500)
            request.log.error({ err: error }, 'unhandled error');
        else
            request.log.info({ code: error.code, status }, 'request rejected');
        return send(reply, errorBody(request, status, code, messageKey));
    });
}
/**
 * Fastify's router answers some broken URLs itself (an undecodable path, a parameter over
 * maxParamLength) before any hook runs; this gives them the API error shape, without echoing the
 * URL back, plus the headers the security plugin would have set.
 */
export function frameworkErrorReply(error, request, reply) {
    reply.header('x-content-type-options', 'nosniff').header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
    void send(reply, errorBody(request, 400, 'VALIDATION_FAILED', 'VALIDATION_FAILED', { url: INVALID_VALUE_KEY }));
    request.log.info({ code: error.code }, 'bad url');
}
//# sourceMappingURL=errors.js.map