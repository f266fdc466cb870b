import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { registerStandardErrorResponses } from './openapi-responses.js';
import { isCountedPerAddress } from './security.js';
const zodTransform = createJsonSchemaTransform({});
const zodTransformObject = createJsonSchemaTransformObject({});
/**
 * The multipart routes read their form themselves (modules/files/multipart.ts), so Fastify must
 * not validate a body; they state the form as `multipartBody` (a zod object with the image as a
 * binary string), which becomes the document's `multipart/form-data` request body.
 */
function transform(input) {
    const schema = input.schema;
    if (schema?.multipartAlternative)
        return withMultipartAlternative(input, schema);
    if (!schema?.multipartBody)
        return zodTransform(input);
    const { multipartBody, ...rest } = schema;
    return zodTransform({ ...input, schema: { ...rest, body: multipartBody, consumes: ['multipart/form-data'] } });
}
/**
 * A route that takes JSON or, when a file comes along, the same fields as a form (PATCH
 * /api/tasks/{id}): its `body` validates the JSON, `multipartAlternative` documents the form, and
 * the document offers both media types with their own schema.
 */
function withMultipartAlternative(input, schema) {
    const { multipartAlternative, ...rest } = schema;
    const json = zodTransform({ ...input, schema: rest });
    const form = zodTransform({ ...input, schema: { ...rest, body: multipartAlternative } });
    const body = { content: { 'application/json': { schema: json.schema.body }, 'multipart/form-data': { schema: form.schema.body } } };
    return { ...json, schema: { ...json.schema, body } };
}
/** Every `#/components/schemas/…` name a part of the document refers to. */
function referencedSchemas(value, found) {
    if (Array.isArray(value))
        for (const item of value)
            referencedSchemas(item, found);
    else if (value && typeof value === 'object') {
        for (const [key, child] of Object.entries(value)) {
            if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/'))
                found.add(child.slice('#/components/schemas/'.length));
            else
                referencedSchemas(child, found);
        }
    }
}
/**
 * Named components for the shared objects (their `.meta({ id })` in @mathclub/shared). The zod
 * transform writes an input and an output copy of every registered schema; only those the
 * operations use (directly or through another component) stay, so the document lists what a
 * client meets and nothing else.
 */
function transformObject(input) {
    const result = zodTransformObject(input);
    const document = result;
    const all = document.components.schemas;
    const used = new Set();
    referencedSchemas(document.paths, used);
    for (let size = -1; size !== used.size;) {
        size = used.size;
        for (const name of [...used])
            referencedSchemas(all[name], used);
    }
    document.components.schemas = Object.fromEntries(Object.entries(all).filter(([name]) => used.has(name)).sort(([a], [b]) => a.localeCompare(b)));
    return result;
}
/**
 * OpenAPI 3.0 generated from the routes' zod schemas (Swagger UI at /api/docs under its own CSP):
 * a client generated from /api/docs/json (openapi-typescript, openapi-fetch…) is typed by what
 * the routes validate and send. Error responses are filled in per route by
 * registerStandardErrorResponses; the test app checks every answer against the document.
 */
export async function registerDocs(app, config) {
    registerStandardErrorResponses(app, isCountedPerAddress);
    await app.register(swagger, {
        openapi: {
            openapi: '3.0.3',
            info: {
                title: 'Math Club API',
                description: 'Teachers post math tasks, students answer in text or with a photo, teachers judge, students climb leaderboards. ' +
                    'Sign in with POST /api/auth/login and send the token as `Authorization: Bearer <token>`. ' +
                    'Every error is an ApiError `{statusCode, code, message, validationErrors?}`; messages follow Accept-Language (en, uk).',
                version: '1.0.0',
                license: { name: 'Proprietary: the school that runs this server' },
            },
            // Where this server is reached; without PUBLIC_URL, the server that served the document.
            servers: [{ url: config.publicUrl ?? '/' }],
            tags: [
                { name: 'auth', description: 'Signing in' },
                { name: 'users', description: 'Sign-up, accounts, profiles and passwords' },
                { name: 'groups', description: 'Clubs and classes' },
                { name: 'tasks', description: 'Tasks teachers post for their groups' },
                { name: 'solutions', description: "Students' answers and teachers' verdicts" },
                { name: 'leaderboard', description: 'Points and ranks per group' },
                { name: 'files', description: 'Uploaded images behind signed links' },
                { name: 'health', description: 'Probes for load balancers' },
            ],
            components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        },
        transform,
        transformObject,
    });
    await app.register(swaggerUi, {
        routePrefix: '/api/docs',
        staticCSP: true,
        // Plain-http school servers would lose the UI's own scripts to an https upgrade.
        transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
        uiConfig: { docExpansion: 'list', deepLinking: false },
    });
}
//# sourceMappingURL=docs.js.map