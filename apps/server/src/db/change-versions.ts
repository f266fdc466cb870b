import { CompiledQuery, sql, type Kysely, type RawBuilder } from 'kysely';
import { onPostgres } from './database.js';
import type { DB } from './schema.js';

/**
 * A counter the database's triggers move with every write to what it names, by this app or by
 * anyone else (migrations 2026112590, 2026112700, 2026112800): 'r' 0 the roster (users, groups,
 * memberships), 'k' a group's tasks, 'p' a group's points, 'g' a group's solutions, 'u' a user's
 * solutions, 'e' 0 every existing task's edits and deletions.
 */
export type Counter = readonly [kind: 'r' | 'k' | 'p' | 'g' | 'u' | 'e', id: number];

/**
 * A counter as a column of another query (the account check reads its caller's with the account,
 * so a kept read of the caller's own scopes needs no query of its own). On PostgreSQL a solution's
 * write may move a shard of its counter instead of the row (2026112800): for those kinds ('g',
 * 'p', 'u') the shards are added.
 */
export function counterColumn(kind: Counter[0], id: RawBuilder<unknown>, postgres: boolean): RawBuilder<unknown> {
  const row = sql`(select version from change_counters where kind = ${sql.lit(kind)} and id = ${id})`;
  if (!postgres || !SHARDED.has(kind)) return row;
  return sql`(coalesce(${row}, 0) + coalesce((select sum(version) from change_counter_shards where kind = ${sql.lit(kind)} and id = ${id}), 0))`;
}

/** The kinds a solution's write moves, whose counters may have shards on PostgreSQL. */
const SHARDED = new Set<Counter[0]>(['g', 'p', 'u']);

/** Counters read with the account check, by the actor object of that request. */
const known = new WeakMap<object, Map<string, number>>();

/** Remembers `counters` ('k5' → version) as read for `actor`'s request. */
export function rememberCounters(actor: object, counters: Map<string, number>): void {
  known.set(actor, counters);
}

/** The statement that reads `n` counters, made once per count (the SQL is the same for every call). */
const statements = new Map<string, string>();
function countersSql(n: number, postgres: boolean): string {
  const key = `${n}:${postgres}`;
  let text = statements.get(key);
  if (text === undefined) {
    const param = (i: number) => (postgres ? `$${i}` : '?');
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
export async function changeVersion(db: Kysely<DB>, counters: readonly Counter[], actor?: object): Promise<string> {
  let versions = actor && known.get(actor);
  if (!versions || counters.some(([kind, id]) => !versions!.has(`${kind}${id}`))) {
    const postgres = onPostgres(db);
    const values = counters.flatMap(([kind, id]) => [kind, id]);
    const { rows } = await db.executeQuery<{ kind: string; id: number | string; version: number | string }>(CompiledQuery.raw(countersSql(counters.length, postgres), values));
    versions = new Map();
    for (const r of rows) versions.set(`${r.kind}${r.id}`, (versions.get(`${r.kind}${r.id}`) ?? 0) + Number(r.version));
  }
  return counters.map(([kind, id]) => `${kind}${id}:${versions!.get(`${kind}${id}`) ?? 0}`).join(' ');
}
