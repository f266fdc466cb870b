import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { SqliteDatabase } from './sqlite-driver.js';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql, type LogEvent } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.js';
import { withStatementCache } from './statement-cache.js';
import { sqliteChangeStamp } from './sqlite-change-stamp.js';
import { startCheckpointer, type CheckpointerOptions } from './sqlite-checkpointer.js';
import { StatementNames, preparedStatements } from './pg-prepared.js';
import { instanceConnection, SoleInstance, type SoleInstanceTiming } from './pg-sole-instance.js';
import { TOLD_MOVES_OPTIONS, ToldMoves, type CounterView } from './pg-told-moves.js';

export type Dialect = 'sqlite' | 'postgres';

/** A Kysely instance plus which engine it talks to and how to close it. */
export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** PostgreSQL schema the connections use when not the default (tests). */
  schema?: string;
  /** PostgreSQL: Kysely's pool, for the few hot queries that run as named prepared statements. */
  pgPool?: pg.Pool;
  /** PostgreSQL: the account check's own two connections (it only reads). */
  accountPool?: pg.Pool;
  /**
   * Differs after any change to what the account check reads, or null when that cannot be known
   * without a query. SQLite: any change to any row, by any connection (sqlite-change-stamp.ts).
   * PostgreSQL: the roster's and the logged-out tokens' counts, while this instance is provably the
   * only one (pg-sole-instance.ts, pg-told-moves.ts; null until `instance.announce()`).
   */
  changeStamp?: () => string | null;
  /**
   * PostgreSQL: the change counters as this instance counts them while it is alone (every token
   * and the account check's counters without a query), or null while they must be read.
   */
  counterView?: () => CounterView | null;
  /** PostgreSQL: this process among the instances using the database; announce it before writing. */
  instance?: SoleInstance;
  destroy: () => Promise<void>;
}

export interface CreateDbOptions {
  /** PostgreSQL only: the schema every connection uses (tests run each file in its own). */
  searchPath?: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /** PostgreSQL only: the heartbeats' timing (tests shorten it). */
  instanceTiming?: SoleInstanceTiming;
  /** SQLite only: how the WAL's checkpoints are made off the event loop (tests). */
  checkpointer?: CheckpointerOptions;
}

/** Per Kysely instance, the counted counters of its database (`Database.counterView`), for the code that holds only `db`. */
const counterViews = new WeakMap<Kysely<DB>, () => CounterView | null>();

/** The counters this instance counts itself for `db`'s database (pg-told-moves.ts); undefined where it never does (SQLite, a transaction). */
export function counterViewOf(db: Kysely<DB>): (() => CounterView | null) | undefined {
  return counterViews.get(db);
}

/** Told the duration of every query Kysely runs (metrics); unset, it costs one check per query. */
let queryObserver: ((durationMs: number, failed: boolean) => void) | undefined;

/** Sets (or clears) the one observer of query durations for every database of this process. */
export function observeQueries(observer: ((durationMs: number, failed: boolean) => void) | undefined): void {
  queryObserver = observer;
}

const logQuery = (event: LogEvent) => queryObserver?.(event.queryDurationMillis, event.level === 'error');

/** True for `postgres://` and `postgresql://` URLs. */
/** True when `db` talks to PostgreSQL (for the few statements written differently per engine). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export const onPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url);

/** `sqlite:/abs/file`, `file:/abs/file` or a plain path → the file path. */
export function sqliteFileFromUrl(url: string): string {
  return url.replace(/^(sqlite|file):(\/\/)?/, '');
}

/** Opens the database named by `url`; dialect differences stay inside db/. */
export function createDb(url: string, options: CreateDbOptions = {}): Database {
  if (isPostgresUrl(url)) {
    // Prepared statements are planned once per connection, for the parameters' general case
    // (pg-prepared.ts says why that is the right plan for our queries).
    // Every connection is told the counter moves of its own writes (pg-told-moves.ts).
    const settings = ['-c plan_cache_mode=force_generic_plan', TOLD_MOVES_OPTIONS, ...(options.searchPath ? [`-c search_path=${options.searchPath}`] : [])];
    // Every connection carries the instance's name, so the other instances' heartbeats tell them
    // from any other client (pg-sole-instance.ts); the live updates' listener copies the pool's options.
    const own = instanceConnection(url);
    const connection = { connectionString: own.url, options: settings.join(' ') };
    const instance = new SoleInstance(own.id, own.applicationName, () => new pg.Client(connection), options.instanceTiming);
    const told = new ToldMoves(instance.keepingEpoch);
    const pool = new pg.Pool({ ...connection, max: options.poolSize ?? 10 });
    const statementNames = new StatementNames();
    survivesLostConnections(pool);
    pool.on('connect', (client) => {
      preparedStatements(client, statementNames);
      told.watch(client);
    });
    // The account check reads only, on connections of its own.
    const accountPool = new pg.Pool({ ...connection, max: 2 });
    survivesLostConnections(accountPool);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: logQuery });
    const counterView = () => told.view();
    counterViews.set(db, counterView);
    return {
      db,
      dialect: 'postgres',
      pgPool: pool,
      accountPool,
      instance,
      changeStamp: told.accountsStamp,
      counterView,
      ...(options.searchPath ? { schema: options.searchPath } : {}),
      destroy: async () => {
        await accountPool.end();
        await db.destroy();
        // Last: while its connections close, the others still know them as an instance's.
        await instance.stop();
      },
    };
  }
  const file = sqliteFileFromUrl(url);
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  // The query planner's statistics, as SQLite advises for long-lived connections: gathered on open
  // (tables never analysed, or grown much since) and every few hours. Without them SQLite picked
  // the wrong index for a group's members (it walked every active user: 0.75 ms instead of 0.02 ms
  // per notification, and a leaderboard took 3.1 ms instead of 1.5 ms on the bench's school).
  optimizeSqlite(database);
  const optimizer = setInterval(() => optimizeSqlite(database), SQLITE_OPTIMIZE_EVERY_MS);
  optimizer.unref();
  // The WAL copied back into the file by a thread of its own, not by whichever request commits.
  const checkpointer = file === ':memory:' ? undefined : startCheckpointer(file, database, options.checkpointer);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(database) }), log: logQuery });
  return {
    db,
    dialect: 'sqlite',
    changeStamp: sqliteChangeStamp(database),
    destroy: async () => {
      clearInterval(optimizer);
      await checkpointer?.close();
      await db.destroy();
    },
  };
}

/**
 * An idle client losing its connection must not crash the process; the pool replaces it. Nor a
 * checked-out one (the server restarting between two queries of a request): pg emits 'error' on
 * the client, which kills the process without a listener. The query in flight fails (a 503), and
 * the pool drops the broken client when it is released.
 */
function survivesLostConnections(pool: pg.Pool): void {
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
}

const SQLITE_OPTIMIZE_EVERY_MS = 3 * 60 * 60 * 1000;

/**
 * `PRAGMA optimize` with a bounded ANALYZE (analysis_limit: at most about 1,000 rows an index, so
 * milliseconds on any size of school). 0x10002: look at every table, not only those this
 * connection has used. Also run after migrations (migrate.ts), which add tables and indexes.
 */
export function optimizeSqlite(database: { pragma: (source: string) => unknown }): void {
  database.pragma('analysis_limit = 1000');
  database.pragma('optimize = 0x10002');
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
