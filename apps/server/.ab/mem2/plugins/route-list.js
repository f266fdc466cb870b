/**
 * Collects the API's routes as they are registered, so the hardening access table can fail for a
 * route that has no row (whatever the OpenAPI document shows). Registered before any route.
 */
export function registerRouteList(app) {
    const routes = [];
    app.decorate('apiRoutes', routes);
    app.addHook('onRoute', (route) => {
        if (!route.url.startsWith('/api/'))
            return;
        const hidden = Boolean(route.schema?.hide);
        for (const method of [route.method].flat()) {
            // Fastify answers HEAD on every GET route by itself; the API declares no HEAD route of its own.
            if (method === 'HEAD')
                continue;
            routes.push({ method, path: toOpenApi(route.url), hidden });
        }
    });
}
const toOpenApi = (url) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
//# sourceMappingURL=route-list.js.map