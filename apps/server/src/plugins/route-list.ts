import type { FastifyInstance } from 'fastify';

/** One registered API route, as the access table and the docs name it. */
export interface ApiRoute {
  method: string;
  /** OpenAPI spelling: `/api/users/{id}`. */
  path: string;
  /** Hidden from the API document (the documentation's own pages and assets). */
  hidden: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every `/api/` route registered so far (HEAD twins of GET routes left out). */
    apiRoutes: ApiRoute[];
  }
}

/**
 * Collects the API's routes as they are registered, so the hardening access table can fail for a
 * route that has no row (whatever the OpenAPI document shows). Registered before any route.
 */
export function registerRouteList(app: FastifyInstance): void {
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const hidden = Boolean((route.schema as { hide?: boolean } | undefined)?.hide);
    for (const method of [route.method].flat()) {
      // Fastify answers HEAD on every GET route by itself; the API declares no HEAD route of its own.
      if (method === 'HEAD') continue;
      routes.push({ method, path: toOpenApi(route.url), hidden });
    }
  });
}

const toOpenApi = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
