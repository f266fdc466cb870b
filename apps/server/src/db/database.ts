import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { SqliteDatabase } from './sqlite-driver.js';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.js';
import { withStatementCache } from './statement-cache.js';

export type Dialect = 'sqlite' | 'postgres';

/** A Kysely instance plus which engine it talks to and how to close it. */
export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** PostgreSQL schema the connections use when not the default (tests). */
  schema?: string;
  /** PostgreSQL: Kysely's pool, for the few hot queries that run as named prepared statements. */
  pgPool?: pg.Pool;
  destroy: () => Promise<void>;
}

export interface CreateDbOptions {
  /** PostgreSQL only: the schema every connection uses (tests run each file in its own). */
  searchPath?: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
}

/** True for `postgres://` and `postgresql://` URLs. */
export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url);

/** `sqlite:/abs/file`, `file:/abs/file` or a plain path → the file path. */
export function sqliteFileFromUrl(url: string): string {
  return url.replace(/^(sqlite|file):(\/\/)?/, '');
}

/** Opens the database named by `url`; dialect differences stay inside db/. */
export function createDb(url: string, options: CreateDbOptions = {}): Database {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    // Nor a checked-out one (the server restarting between two queries of a request): pg emits
    // 'error' on the client, which kills the process without a listener. The query in flight fails
    // (a 503), and the pool drops the broken client when it is released.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', pgPool: pool, ...(options.searchPath ? { schema: options.searchPath } : {}), destroy: () => db.destroy() };
  }
  const file = sqliteFileFromUrl(url);
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

/** `select 1`: true when the database answers. */
export async function pingDb(db: Kysely<DB>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** A unique-constraint violation on either engine (SQLite SQLITE_CONSTRAINT_UNIQUE, PostgreSQL 23505). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** PostgreSQL SQLSTATE classes and socket errors that mean "the database is unreachable right now". */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'SQLITE_BUSY']);
const UNAVAILABLE_MESSAGES = /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable/i;

/**
 * True when `err` says the database cannot be reached (restarting, refusing connections, a dropped
 * connection, SQLite busy past its timeout): the request may succeed if retried, so it is a 503.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (err === null || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  // Node reports a refused connection to every address of a host as an AggregateError.
  return Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner));
}

/** A foreign-key violation on either engine. */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/** Database booleans are integers on both engines. */
export const toDbBool = (v: boolean): number => (v ? 1 : 0);
export const fromDbBool = (v: number | boolean | null | undefined): boolean => v === true || v === 1;
/** count() is a number on SQLite and a bigint string on PostgreSQL. */
export const toCount = (v: string | number | bigint | null | undefined): number => Number(v ?? 0);
/** Every timestamp the app writes: ISO-8601 UTC text. */
export const nowIso = (): string => new Date().toISOString();
