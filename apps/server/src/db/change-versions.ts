import { CompiledQuery, type Kysely } from 'kysely';
import { onPostgres } from './database.js';
import type { DB } from './schema.js';

/**
 * A counter the database's triggers move with every write to what it names, by this app or by
 * anyone else (migrations 2026112590, 2026112700, 2026112800): 'r' 0 the roster (users, groups,
 * memberships), 'k' a group's tasks, 'p' a group's points, 'g' a group's solutions, 'u' a user's
 * solutions, 'e' 0 every existing task's edits and deletions.
 */
export type Counter = readonly [kind: 'r' | 'k' | 'p' | 'g' | 'u' | 'e', id: number];

/** The statement that reads `n` counters, made once per count (the SQL is the same for every call). */
const statements = new Map<string, string>();
function countersSql(n: number, postgres: boolean): string {
  const key = `${n}:${postgres}`;
  let text = statements.get(key);
  if (text === undefined) {
    const param = (i: number) => (postgres ? `$${i}` : '?');
    const wanted = Array.from({ length: n }, (_, i) => `(kind = ${param(2 * i + 1)} and id = ${param(2 * i + 2)})`).join(' or ');
    // On PostgreSQL a solution's write may move a shard of its counter instead of the row (2026112800).
    text = `select kind, id, version from change_counters where ${wanted}` + (postgres ? ` union all select kind, id, version from change_counter_shards where ${wanted}` : '');
    statements.set(key, text);
  }
  return text;
}

/**
 * One string that differs whenever any of `counters` moved: equal strings, equal data. One indexed
 * query, its SQL compiled once; a counter never moved reads as 0.
 */
export async function changeVersion(db: Kysely<DB>, counters: readonly Counter[]): Promise<string> {
  const postgres = onPostgres(db);
  const values = counters.flatMap(([kind, id]) => [kind, id]);
  const { rows } = await db.executeQuery<{ kind: string; id: number | string; version: number | string }>(CompiledQuery.raw(countersSql(counters.length, postgres), values));
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(`${r.kind}${r.id}`, (sums.get(`${r.kind}${r.id}`) ?? 0) + Number(r.version));
  return counters.map(([kind, id]) => `${kind}${id}:${sums.get(`${kind}${id}`) ?? 0}`).join(' ');
}
