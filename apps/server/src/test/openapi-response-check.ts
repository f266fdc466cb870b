import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import ajvFormats from 'ajv-formats';
import { OpenAPIBackend, type Document, type Operation } from 'openapi-backend';

/**
 * Every answer a test app sends on a documented API route is checked against the OpenAPI
 * document the same app publishes: the status must be one the operation lists, a body must be
 * absent where the document says none, of a documented media type, and JSON must match the
 * response schema (openapi-backend's Ajv validators). Mismatches are collected here and fail the
 * test that caused them (openapi-check-setup.ts, the server project's setup file).
 */

interface Checker {
  api: OpenAPIBackend;
  operations: Map<string, Operation>;
}

type ResponseObject = { content?: Record<string, unknown> };

// A CommonJS module whose default export TypeScript sees as the module object under NodeNext.
const addFormats = ajvFormats as unknown as (ajv: unknown) => void;

const failures: string[] = ((globalThis as { __openApiResponseFailures?: string[] }).__openApiResponseFailures ??= []);

/** The mismatches recorded since the last call (and forgets them). */
export function takeResponseFailures(): string[] {
  return failures.splice(0);
}

/** One checker per distinct document: every test app of a run publishes the same one. */
const checkers = new Map<string, Promise<Checker>>();

async function checkerFor(document: Document): Promise<Checker> {
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
      const operations = new Map<string, Operation>();
      for (const operation of api.router.getOperations()) operations.set(`${operation.method.toUpperCase()} ${operation.path}`, operation);
      return { api, operations };
    })();
    checkers.set(key, checker);
  }
  return checker;
}

/** Fastify's `/api/users/:id` as OpenAPI's `/api/users/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

function bodyText(payload: unknown, encoding: unknown): string | undefined {
  if (payload === undefined || payload === null) return '';
  let bytes: Buffer;
  if (typeof payload === 'string') bytes = Buffer.from(payload);
  else if (Buffer.isBuffer(payload)) bytes = payload;
  else return undefined; // a stream: only its status and media type are checked
  if (encoding === 'br') bytes = brotliDecompressSync(bytes);
  else if (encoding === 'gzip') bytes = gunzipSync(bytes);
  return bytes.toString('utf8');
}

const mediaMatches = (documented: string, sent: string) =>
  documented === sent || (documented.endsWith('/*') && sent.startsWith(documented.slice(0, -1)));

/** Adds the check to `app` (before it is ready); the document is read on the first answer. */
export function checkResponsesAgainstDocument(app: FastifyInstance): void {
  let checker: Promise<Checker> | undefined;
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions;
    const schema = route.schema as { hide?: boolean } | undefined;
    if (!route.url?.startsWith('/api/') || schema?.hide || request.method === 'HEAD') return payload;
    const { api, operations } = await (checker ??= checkerFor(app.swagger() as Document));
    const name = `${request.method} ${openApiPath(route.url)}`;
    const fail = (problem: string) => failures.push(`${name} (${request.url}) answered ${reply.statusCode}: ${problem}`);
    const operation = operations.get(name);
    if (!operation) {
      fail('the operation is not in the OpenAPI document');
      return payload;
    }
    const response = operation.responses?.[String(reply.statusCode)] as ResponseObject | undefined;
    if (!response) {
      fail(`status ${reply.statusCode} is not documented (documented: ${Object.keys(operation.responses ?? {}).join(', ')})`);
      return payload;
    }
    const text = bodyText(payload, reply.getHeader('content-encoding'));
    if (!response.content) {
      if (text) fail('the document says no content, but a body was sent');
      return payload;
    }
    const mediaType = String(reply.getHeader('content-type') ?? '').split(';')[0]!.trim();
    if (!Object.keys(response.content).some((documented) => mediaMatches(documented, mediaType))) {
      fail(`content-type ${mediaType || '(none)'} is not documented (documented: ${Object.keys(response.content).join(', ')})`);
      return payload;
    }
    if (mediaType !== 'application/json' || text === undefined) return payload;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      fail('the body is not JSON');
      return payload;
    }
    const result = api.validateResponse(body, operation, reply.statusCode);
    if (!result.valid) fail(`the body does not match the document: ${JSON.stringify(result.errors)} — body ${text.slice(0, 300)}`);
    return payload;
  });
}
