/**
 * Every API answer is `Cache-Control: no-store` (PRODUCT.md §16) unless its route chose otherwise
 * (an image behind a signed link is `private, max-age=…`): a shared computer's browser cache or a
 * proxy must never keep one person's tasks, answers or token for the next. Errors already say
 * no-store (plugins/errors.ts); this covers the successes. Keyed on the matched route, not the raw
 * URL, so no spelling of a path slips past it.
 */
export function registerNoStore(app) {
    // With `done`, not async: a promise a request for a header (plugins/errors.ts says why).
    app.addHook('onSend', (request, reply, payload, done) => {
        if (!reply.hasHeader('cache-control') && request.routeOptions.url?.startsWith('/api/'))
            reply.header('cache-control', 'no-store');
        done(null, payload);
    });
}
//# sourceMappingURL=no-store.js.map