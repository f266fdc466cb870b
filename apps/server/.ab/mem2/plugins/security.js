import helmet, {} from 'helmet';
import { registerAddressLimit } from './address-limit.js';
/** The SPA's Content-Security-Policy: only our own scripts; inline styles because PrimeReact sets them. */
export const CSP_DIRECTIVES = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
};
/**
 * The headers helmet writes for `options`, worked out once. They depend on nothing in the request,
 * and building them per request (as @fastify/helmet does: directives parsed and joined every time)
 * was 10% of the CPU of a small authenticated read.
 */
export function securityHeaders(options) {
    const headers = {};
    const response = {
        setHeader: (name, value) => {
            headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
        },
        removeHeader: (name) => {
            delete headers[name.toLowerCase()];
        },
    };
    helmet(options)({}, response, (err) => {
        if (err)
            throw err;
    });
    return headers;
}
/**
 * Whether a request to `url` (or a route pattern) counts against the per-address limit. The
 * OpenAPI document's 429 answers come from the same rule (plugins/openapi-responses.ts).
 */
export function isCountedPerAddress(url) {
    return url.startsWith('/api/') && !url.startsWith('/api/health') && !url.startsWith('/api/ready') && !url.startsWith('/api/files/');
}
/**
 * The path the router matched, as the limit must see it: the route's pattern when one matched
 * (`GET /%61pi/groups` and `GET http://host/api/groups` both reach `/api/groups`), else the
 * request's path without scheme, host or query and with its escapes decoded. Deciding on the raw
 * URL let a differently spelt path skip the count.
 */
export function routedPath(request) {
    const route = request.routeOptions.url;
    if (route !== undefined)
        return route;
    const path = request.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').split(/[?#]/)[0] ?? '';
    try {
        return decodeURIComponent(path);
    }
    catch {
        return path;
    }
}
/** Security headers on every answer, and per-IP request limits (login has a tighter one of its own). */
export async function registerSecurity(app, config) {
    const https = config.publicUrl?.startsWith('https://') ?? false;
    const headers = securityHeaders({
        contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
        // HSTS over plain http would lock a school's intranet server out of browsers.
        hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
        crossOriginEmbedderPolicy: false,
        frameguard: { action: 'deny' },
        referrerPolicy: { policy: 'no-referrer' },
    });
    // Set before anything else answers, so errors, 404s and rate-limit refusals carry them too; a
    // route may still replace one (the image route and the API docs send their own CSP).
    app.addHook('onRequest', (_request, reply, done) => {
        reply.headers(headers);
        done();
    });
    // After the headers' hook, so a refusal carries them too. Run by every request before any route's
    // own authentication hook (a route-level limit would run after it and never see a flood of
    // unauthenticated calls). Pages and assets are not counted; neither are the load balancer's
    // probes, nor signed image links: a class behind one school NAT opening a page of task pictures
    // would pass 600 a minute, and each link is only an HMAC check (its signature is the permission).
    registerAddressLimit(app, config.rateLimitPerIp, (request) => isCountedPerAddress(routedPath(request)));
}
//# sourceMappingURL=security.js.map