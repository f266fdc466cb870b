import type { FastifyReply, FastifyRequest, FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { preferredCoding } from '../lib/accept-encoding.js';
import { ReadyJson } from '../lib/ready-json.js';

type JsonSchema = Record<string, unknown>;
type ZodRouteSchema = Parameters<typeof zodSerializerCompiler>[0]['schema'];

/**
 * zod's `X.nullable()` becomes `anyOf: [X, {type: null}]`, which fast-json-stringify resolves by
 * validating every value at run time; `type: [X's type, 'null']` says the same and stays compiled.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = key === 'enum' || key === 'required' ? value : simplify(value);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex >= 0 && other && typeof other.type === 'string' && !('anyOf' in other) && !('enum' in other)) {
      const { anyOf: _dropped, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/**
 * Response serialization from the same zod schemas, compiled once per route and status into a
 * fast-json-stringify function over their JSON Schema: only the declared properties are written
 * (an extra field such as a password hash never leaves), without zod re-parsing every list the
 * repositories already shaped. The zod serializer remains for any schema JSON Schema cannot state.
 */
export const serializerCompiler: FastifySerializerCompiler<ZodRouteSchema> = (route) => {
  const fallback = zodSerializerCompiler(route);
  try {
    const schema = route.schema instanceof z.ZodType ? route.schema : (route.schema as { properties?: unknown }).properties;
    if (!(schema instanceof z.ZodType)) return fallback;
    // An empty metadata registry: the shared schemas' OpenAPI ids (ApiError, Task…) would
    // otherwise turn nested objects into $refs, which this compiled serializer has no use for.
    const json = simplify(z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'throw', metadata: z.registry() })) as JsonSchema;
    // An open schema (z.any(), z.unknown()) has nothing to compile.
    if (!('type' in json)) return fallback;
    delete json.$schema;
    return fastJson(json);
  } catch {
    return fallback;
  }
};

/**
 * The route serializer for `schema` as a function giving the answer ready to send, for answers
 * that are cached (sending bytes skips serializing, measuring and encoding the text again).
 */
export function jsonEncoder(schema: z.ZodType): (data: unknown) => ReadyJson {
  const stringify = serializerCompiler({ schema, method: 'GET', url: '', httpStatus: '200' }) as (data: unknown) => string;
  return (data) => new ReadyJson(Buffer.from(stringify(data)));
}

/**
 * Sends an answer made by a jsonEncoder() as it is (the route's schema already shaped it),
 * compressed with br or gzip when the client accepts one and it is large enough.
 */
export async function sendJsonBytes(request: FastifyRequest, reply: FastifyReply, body: ReadyJson): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const coding = body.worthCompressing ? preferredCoding(request.headers['accept-encoding']) : null;
  if (coding) {
    try {
      const compressed = await body.encoded(coding);
      return reply.header('content-encoding', coding).send(compressed);
    } catch (error) {
      request.log.warn({ err: error, coding }, 'compressing an answer failed; sent as it is');
    }
  }
  return reply.send(body.bytes);
}
