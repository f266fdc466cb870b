import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { SqliteDatabase } from './sqlite-driver.js';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { withStatementCache } from './statement-cache.js';
/** Told the duration of every query Kysely runs (metrics); unset, it costs one check per query. */
let queryObserver;
/** Sets (or clears) the one observer of query durations for every database of this process. */
export function observeQueries(observer) {
    queryObserver = observer;
}
const logQuery = (event) => queryObserver?.(event.queryDurationMillis, event.level === 'error');
/** True when `db` talks to PostgreSQL (for the few statements written differently per engine). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export const onPostgres = (db) => db.getExecutor().adapter instanceof PostgresAdapter;
/** True for `postgres://` and `postgresql://` URLs. */
export const isPostgresUrl = (url) => /^postgres(ql)?:\/\//.test(url);
/** `sqlite:/abs/file`, `file:/abs/file` or a plain path → the file path. */
export function sqliteFileFromUrl(url) {
    return url.replace(/^(sqlite|file):(\/\/)?/, '');
}
/**
 * The WAL is truncated back to this size after each checkpoint: without a limit it keeps the size
 * of its largest burst until the server stops.
 */
const SQLITE_WAL_LIMIT_BYTES = 8 * 1024 * 1024;
/** Opens the database named by `url`; dialect differences stay inside db/. */
export function createDb(url, options = {}) {
    if (isPostgresUrl(url)) {
        const connection = { connectionString: url, ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}) };
        const pool = new pg.Pool({ ...connection, max: options.poolSize ?? 10 });
        survivesLostConnections(pool);
        const db = new Kysely({ dialect: new PostgresDialect({ pool }), log: logQuery });
        return {
            db,
            dialect: 'postgres',
            pgPool: pool,
            ...(options.searchPath ? { schema: options.searchPath } : {}),
            destroy: async () => db.destroy(),
        };
    }
    const file = sqliteFileFromUrl(url);
    if (file !== ':memory:')
        mkdirSync(path.dirname(file), { recursive: true });
    const database = new SqliteDatabase(file);
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    database.pragma('synchronous = NORMAL');
    database.pragma(`journal_size_limit = ${SQLITE_WAL_LIMIT_BYTES}`);
    // The query planner's statistics, as SQLite advises for long-lived connections: gathered on open
    // (tables never analysed, or grown much since) and every few hours. Without them SQLite can pick
    // the wrong index for a group's members and walk every active user.
    optimizeSqlite(database);
    const optimizer = setInterval(() => optimizeSqlite(database), SQLITE_OPTIMIZE_EVERY_MS);
    optimizer.unref();
    const db = new Kysely({ dialect: new SqliteDialect({ database: withStatementCache(database) }), log: logQuery });
    return {
        db,
        dialect: 'sqlite',
        destroy: async () => {
            clearInterval(optimizer);
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
function survivesLostConnections(pool) {
    pool.on('error', () => { });
    pool.on('connect', (client) => client.on('error', () => { }));
}
const SQLITE_OPTIMIZE_EVERY_MS = 3 * 60 * 60 * 1000;
/**
 * `PRAGMA optimize` with a bounded ANALYZE (analysis_limit: at most about 1,000 rows an index, so
 * milliseconds on any size of school). 0x10002: look at every table, not only those this
 * connection has used. Also run after migrations (migrate.ts), which add tables and indexes.
 */
export function optimizeSqlite(database) {
    database.pragma('analysis_limit = 1000');
    database.pragma('optimize = 0x10002');
}
/** `select 1`: true when the database answers. */
export async function pingDb(db) {
    try {
        await sql `select 1`.execute(db);
        return true;
    }
    catch {
        return false;
    }
}
/** A unique-constraint violation on either engine (SQLite SQLITE_CONSTRAINT_UNIQUE, PostgreSQL 23505). */
export function isUniqueViolation(err) {
    const code = err?.code;
    return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
/** PostgreSQL SQLSTATE classes and socket errors that mean "the database is unreachable right now". */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'SQLITE_BUSY']);
const UNAVAILABLE_MESSAGES = /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable/i;
/**
 * True when `err` says the database cannot be reached (restarting, refusing connections, a dropped
 * connection, SQLite busy past its timeout): the request may succeed if retried, so it is a 503.
 */
export function isDatabaseUnavailable(err) {
    if (err === null || typeof err !== 'object')
        return false;
    const e = err;
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))
        return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message))
        return true;
    // Node reports a refused connection to every address of a host as an AggregateError.
    return Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner));
}
/** A foreign-key violation on either engine. */
export function isForeignKeyViolation(err) {
    const code = err?.code;
    return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}
/** Database booleans are integers on both engines. */
export const toDbBool = (v) => (v ? 1 : 0);
export const fromDbBool = (v) => v === true || v === 1;
/** count() is a number on SQLite and a bigint string on PostgreSQL. */
export const toCount = (v) => Number(v ?? 0);
/** Every timestamp the app writes: ISO-8601 UTC text. */
export const nowIso = () => new Date().toISOString();
//# sourceMappingURL=database.js.map