import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/app-error.js';
import { processMetrics } from './metrics.js';
const digest = (text) => createHash('sha256').update(text).digest();
/**
 * True when `header` is `Bearer <token>` with exactly the configured token. Both sides are hashed
 * first, so the comparison takes the same time whatever the length or the first wrong character.
 */
export function bearerMatches(header, token) {
    const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
    const given = digest(m?.[1] ?? '');
    const expected = digest(token);
    return timingSafeEqual(given, expected) && m !== null;
}
/**
 * Prometheus metrics at GET /api/metrics (issue 21). Off unless METRICS_TOKEN is set: then the
 * route answers 404 exactly as an unknown API path does, and nothing is measured. With a token,
 * only `Authorization: Bearer <METRICS_TOKEN>` gets the text; anything else is 401. The route is
 * hidden from the API document. Registered on the root instance before the API modules, so its
 * hook times every route.
 */
export function registerMetrics(app, config) {
    const token = config.metricsToken;
    const metrics = token ? processMetrics() : undefined;
    if (metrics) {
        // One pair of label children per (method, route pattern, status): the set is bounded by the
        // routes the server registers; URLs no route matches share the label "unmatched".
        const children = new Map();
        // With `done`, not async: nothing here waits (plugins/errors.ts says why).
        app.addHook('onResponse', (request, reply, done) => {
            const route = request.routeOptions.url ?? 'unmatched';
            const status = reply.statusCode;
            const key = `${request.method} ${status} ${route}`;
            let child = children.get(key);
            if (!child) {
                const labels = { method: request.method, route, status: String(status) };
                child = { count: metrics.httpRequests.labels(labels), duration: metrics.httpDuration.labels(labels) };
                children.set(key, child);
            }
            child.count.inc();
            child.duration.observe(reply.elapsedTime / 1000);
            if (status === 429)
                metrics.rateLimited.labels(route).inc();
            done();
        });
    }
    app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
        if (!token || !metrics)
            throw new AppError('NOT_FOUND', { messageKey: 'NOT_FOUND.route' });
        if (!bearerMatches(request.headers.authorization, token)) {
            reply.header('www-authenticate', 'Bearer realm="metrics"');
            throw new AppError('UNAUTHORIZED');
        }
        reply.header('content-type', metrics.registry.contentType);
        return metrics.registry.metrics();
    });
}
//# sourceMappingURL=metrics.routes.js.map