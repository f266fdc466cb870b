import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** How many distinct SQL texts keep their prepared statement (the app has a few dozen queries). */
export const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely's SQLite driver calls prepare() for every query; compiling the same SQL again each time
 * costs more than running most of our indexed queries. This hands Kysely the database with a
 * bounded LRU of prepared statements keyed by SQL text. A statement still being iterated (a
 * streamed query) is busy and cannot run twice at once, so that caller gets a fresh one. SQLite
 * re-prepares a cached statement by itself when a migration changes the schema.
 */
export function withStatementCache(database: BetterSqlite3.Database, max = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare: (sql: string): SqliteStatement => {
      const cached = cache.get(sql);
      if (cached) {
        if (cached.busy) return database.prepare(sql);
        // Most recently used last: Map keeps insertion order.
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > max) cache.delete(cache.keys().next().value!);
      return statement;
    },
  };
}
