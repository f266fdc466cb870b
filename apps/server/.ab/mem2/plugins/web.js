import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorBody } from './errors.js';
const PLACEHOLDER = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>Math Club</title></head>
<body><main><h1>Math Club</h1><p>The API is running. The web app has not been built yet (npm run build).</p>
<p><a href="/api/docs">API documentation</a></p></main></body></html>
`;
const isApiPath = (url) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
/**
 * Serves the built SPA with hashed assets cached for a year (precompressed when the build made
 * .br/.gz copies) and index.html for every other non-API GET (client-side routes). Unknown API paths answer a JSON 404.
 */
export async function registerWeb(app, config) {
    const indexFile = path.join(config.webDistDir, 'index.html');
    const hasSpa = existsSync(indexFile);
    if (hasSpa) {
        await app.register(fastifyStatic, {
            root: config.webDistDir,
            prefix: '/',
            wildcard: true,
            index: false,
            // The build writes .br and .gz beside each asset (scripts/precompress-web.mjs): the smallest
            // encoding the browser accepts is sent as it is, with Vary: Accept-Encoding.
            preCompressed: true,
            setHeaders: (reply, filePath) => {
                const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
                reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
            },
        });
    }
    const sendApp = (reply) => {
        reply.header('cache-control', 'no-cache');
        return hasSpa ? reply.type('text/html; charset=utf-8').sendFile('index.html') : reply.type('text/html; charset=utf-8').send(PLACEHOLDER);
    };
    app.get('/', { schema: { hide: true } }, async (_request, reply) => sendApp(reply));
    app.setNotFoundHandler((request, reply) => {
        const url = request.url;
        const pathname = url.split('?')[0] ?? url;
        const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(url) && !path.extname(pathname);
        if (isPageRequest)
            return sendApp(reply);
        const body = errorBody(request, 404, 'NOT_FOUND', isApiPath(url) ? 'NOT_FOUND.route' : 'NOT_FOUND');
        return reply.code(404).header('cache-control', 'no-store').send(body);
    });
}
//# sourceMappingURL=web.js.map