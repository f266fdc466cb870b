import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
/**
 * zod's `X.nullable()` becomes `anyOf: [X, {type: null}]`, which fast-json-stringify resolves by
 * validating every value at run time; `type: [X's type, 'null']` says the same and stays compiled.
 */
function simplify(schema) {
    if (Array.isArray(schema))
        return schema.map(simplify);
    if (schema === null || typeof schema !== 'object')
        return schema;
    const out = {};
    for (const [key, value] of Object.entries(schema))
        out[key] = key === 'enum' || key === 'required' ? value : simplify(value);
    const anyOf = out.anyOf;
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
export const serializerCompiler = (route) => {
    const fallback = zodSerializerCompiler(route);
    try {
        const schema = route.schema instanceof z.ZodType ? route.schema : route.schema.properties;
        if (!(schema instanceof z.ZodType))
            return fallback;
        // An empty metadata registry: the shared schemas' OpenAPI ids (ApiError, Task…) would
        // otherwise turn nested objects into $refs, which this compiled serializer has no use for.
        const json = simplify(z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'throw', metadata: z.registry() }));
        // An open schema (z.any(), z.unknown()) has nothing to compile.
        if (!('type' in json))
            return fallback;
        delete json.$schema;
        const stringify = fastJson(json);
        // A kept answer (db/kept-reads.ts) is the same object for every reader until its data
        // changes: its text is written once for this schema.
        const written = new WeakMap();
        return (data) => {
            if (typeof data !== 'object' || data === null)
                return stringify(data);
            let text = written.get(data);
            if (text === undefined)
                written.set(data, (text = stringify(data)));
            return text;
        };
    }
    catch {
        return fallback;
    }
};
//# sourceMappingURL=serializer.js.map