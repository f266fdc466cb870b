import { LRUCache } from 'lru-cache';
/** How many distinct SQL texts keep their prepared statement (the app has a few dozen queries). */
const STATEMENT_CACHE_SIZE = 256;
/**
 * Kysely's SQLite driver prepares every query anew, and compiling the SQL costs more than running
 * most of our indexed queries: this hands Kysely the database with its statements kept by SQL
 * text. A statement still being iterated is busy, so that caller gets a fresh one; SQLite prepares
 * a kept statement again by itself when a migration changes the schema.
 */
export function withStatementCache(database) {
    const kept = new LRUCache({ max: STATEMENT_CACHE_SIZE });
    return {
        close: () => {
            kept.clear();
            database.close();
        },
        prepare: (sql) => {
            const statement = kept.get(sql);
            if (statement && !statement.busy)
                return statement;
            const fresh = database.prepare(sql);
            if (!statement)
                kept.set(sql, fresh);
            return fresh;
        },
    };
}
//# sourceMappingURL=statement-cache.js.map