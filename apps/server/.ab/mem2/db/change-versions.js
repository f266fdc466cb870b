import { CompiledQuery, sql } from 'kysely';
import { onPostgres } from './database.js';
/**
 * A counter as a column of another query (the account check reads its caller's with the account,
 * so a kept read of the caller's own scopes needs no query of its own). On PostgreSQL a solution's
 * write may move a shard of its counter instead of the row (2026112800): for those kinds ('g',
 * 'p', 'u') the shards are added.
 */
export function counterColumn(kind, id, postgres) {
    const row = sql `(select version from change_counters where kind = ${sql.lit(kind)} and id = ${id})`;
    if (!postgres || !SHARDED.has(kind))
        return row;
    return sql `(coalesce(${row}, 0) + coalesce((select sum(version) from change_counter_shards where kind = ${sql.lit(kind)} and id = ${id}), 0))`;
}
/** The kinds a solution's write moves, whose counters may have shards on PostgreSQL. */
const SHARDED = new Set(['g', 'p', 'u']);
/** Counters read with the account check, by the actor object of that request. */
const known = new WeakMap();
/** Remembers `counters` ('k5' → version) as read for `actor`'s request. */
export function rememberCounters(actor, counters) {
    known.set(actor, counters);
}
/** The statement that reads `n` counters, made once per count (the SQL is the same for every call). */
const statements = new Map();
function countersSql(n, postgres) {
    const key = `${n}:${postgres}`;
    let text = statements.get(key);
    if (text === undefined) {
        const param = (i) => (postgres ? `$${i}` : '?');
        const wanted = Array.from({ length: n }, (_, i) => `(kind = ${param(2 * i + 1)} and id = ${param(2 * i + 2)})`).join(' or ');
        text = `select kind, id, version from change_counters where ${wanted}` + (postgres ? ` union all select kind, id, version from change_counter_shards where ${wanted}` : '');
        statements.set(key, text);
    }
    return text;
}
/**
 * One string that differs whenever any of `counters` moved: equal strings, equal data. From the
 * counters read with `actor`'s account check when they cover all of them, else one indexed query;
 * a counter never moved reads as 0.
 */
export async function changeVersion(db, counters, actor) {
    let versions = actor && known.get(actor);
    if (!versions || counters.some(([kind, id]) => !versions.has(`${kind}${id}`))) {
        const postgres = onPostgres(db);
        const values = counters.flatMap(([kind, id]) => [kind, id]);
        const { rows } = await db.executeQuery(CompiledQuery.raw(countersSql(counters.length, postgres), values));
        versions = new Map();
        for (const r of rows)
            versions.set(`${r.kind}${r.id}`, (versions.get(`${r.kind}${r.id}`) ?? 0) + Number(r.version));
    }
    return counters.map(([kind, id]) => `${kind}${id}:${versions.get(`${kind}${id}`) ?? 0}`).join(' ');
}
//# sourceMappingURL=change-versions.js.map