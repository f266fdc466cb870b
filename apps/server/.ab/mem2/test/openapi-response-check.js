import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import ajvFormats from 'ajv-formats';
import { OpenAPIBackend } from 'openapi-backend';
// A CommonJS module whose default export TypeScript sees as the module object under NodeNext.
const addFormats = ajvFormats;
const failures = (globalThis.__openApiResponseFailures ??= []);
/** The mismatches recorded since the last call (and forgets them). */
export function takeResponseFailures() {
    return failures.splice(0);
}
/** One checker per distinct document: every test app of a run publishes the same one. */
const checkers = new Map();
async function checkerFor(document) {
    const key = JSON.stringify(document);
    let checker = checkers.get(key);
    if (!checker) {
        checker = (async () => {
            // quick: compile each operation's validators on first use rather than all up front.
            const api = new OpenAPIBackend({
                definition: structuredClone(document),
                quick: true,
                validate: true,
                // date-time, uri…: openapi-backend's Ajv knows only the OpenAPI number formats.
                customizeAjv: (ajv) => {
                    addFormats(ajv);
                    return ajv;
                },
            });
            await api.init();
            const operations = new Map();
            for (const operation of api.router.getOperations())
                operations.set(`${operation.method.toUpperCase()} ${operation.path}`, operation);
            return { api, operations };
        })();
        checkers.set(key, checker);
    }
    return checker;
}
/** Fastify's `/api/users/:id` as OpenAPI's `/api/users/{id}`. */
const openApiPath = (url) => url.replace(/:(\w+)/g, '{$1}');
function bodyText(payload, encoding) {
    if (payload === undefined || payload === null)
        return '';
    let bytes;
    if (typeof payload === 'string')
        bytes = Buffer.from(payload);
    else if (Buffer.isBuffer(payload))
        bytes = payload;
    else
        return undefined; // a stream: only its status and media type are checked
    if (encoding === 'br')
        bytes = brotliDecompressSync(bytes);
    else if (encoding === 'gzip')
        bytes = gunzipSync(bytes);
    return bytes.toString('utf8');
}
const mediaMatches = (documented, sent) => documented === sent || (documented.endsWith('/*') && sent.startsWith(documented.slice(0, -1)));
/** Adds the check to `app` (before it is ready); the document is read on the first answer. */
export function checkResponsesAgainstDocument(app) {
    let checker;
    app.addHook('onSend', async (request, reply, payload) => {
        const route = request.routeOptions;
        const schema = route.schema;
        if (!route.url?.startsWith('/api/') || schema?.hide || request.method === 'HEAD')
            return payload;
        const { api, operations } = await (checker ??= checkerFor(app.swagger()));
        const name = `${request.method} ${openApiPath(route.url)}`;
        const fail = (problem) => failures.push(`${name} (${request.url}) answered ${reply.statusCode}: ${problem}`);
        const operation = operations.get(name);
        if (!operation) {
            fail('the operation is not in the OpenAPI document');
            return payload;
        }
        const response = operation.responses?.[String(reply.statusCode)];
        if (!response) {
            fail(`status ${reply.statusCode} is not documented (documented: ${Object.keys(operation.responses ?? {}).join(', ')})`);
            return payload;
        }
        const text = bodyText(payload, reply.getHeader('content-encoding'));
        if (!response.content) {
            if (text)
                fail('the document says no content, but a body was sent');
            return payload;
        }
        const mediaType = String(reply.getHeader('content-type') ?? '').split(';')[0].trim();
        if (!Object.keys(response.content).some((documented) => mediaMatches(documented, mediaType))) {
            fail(`content-type ${mediaType || '(none)'} is not documented (documented: ${Object.keys(response.content).join(', ')})`);
            return payload;
        }
        if (mediaType !== 'application/json' || text === undefined)
            return payload;
        let body;
        try {
            body = JSON.parse(text);
        }
        catch {
            fail('the body is not JSON');
            return payload;
        }
        const result = api.validateResponse(body, operation, reply.statusCode);
        if (!result.valid)
            fail(`the body does not match the document: ${JSON.stringify(result.errors)} — body ${text.slice(0, 300)}`);
        return payload;
    });
}
//# sourceMappingURL=openapi-response-check.js.map