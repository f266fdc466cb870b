import { CompiledQuery, type Kysely } from 'kysely';
import type { Dialect } from './database.js';
import type { DB } from './schema.js';

/** Reads a token that changes whenever data visible to this process may have changed. */
export type DataVersion = () => Promise<string>;

/**
 * The database's change token, one cheap query, never stale and valid across processes:
 * - SQLite: rows changed by this connection (total_changes) plus data_version, which moves when
 *   any other connection (another process, a backup tool) commits.
 * - PostgreSQL: the current snapshot (xmin:xmax:in-progress ids). Two equal snapshots see exactly
 *   the same committed rows, whichever instance wrote them; any write anywhere gives a new one.
 */
export function dataVersion(db: Kysely<DB>, dialect: Dialect): DataVersion {
  // Plain SQL compiled once: it runs before every cached read that has no token yet.
  const query = CompiledQuery.raw(`select ${dataVersionSql(dialect)} as v`, []);
  return async () => String((await db.executeQuery<{ v: unknown }>(query)).rows[0]?.v);
}

/**
 * The change token as an SQL expression, so a query that runs anyway on every request (the
 * account check) can read it in the same round trip; ReadCache.get takes it from there.
 */
export function dataVersionSql(dialect: Dialect): string {
  return dialect === 'sqlite' ? `total_changes() || ':' || (select data_version from pragma_data_version)` : 'pg_current_snapshot()::text';
}

interface Entry {
  version: string;
  value: Promise<unknown>;
}

/**
 * Results of expensive reads (a leaderboard, a group's task list) kept until the data version
 * moves: a hit costs one tiny query instead of the read, and a write anywhere is seen at the very
 * next request, on every instance. Concurrent misses for one key share one computation. Callers
 * must treat the values as read-only. Bounded: the oldest keys go first.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly version: DataVersion,
    private readonly maxEntries = 500,
  ) {}

  /** `version`: a token this request already read (before any of its reads), saving the query. */
  async get<T>(key: string, compute: () => Promise<T>, version?: string | null): Promise<T> {
    version ??= await this.version();
    const hit = this.entries.get(key);
    if (hit && hit.version === version) return hit.value as Promise<T>;
    const value = compute();
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    // A failed read is not remembered.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }
}
