/**
 * The instances using a PostgreSQL database, each with its last heartbeat (db/pg-sole-instance.ts):
 * an instance that sees no other for a while answers its account checks from what it read. SQLite
 * has one process per file and never reads it; the table exists on both so the schemas match.
 */
export async function up(db, dialect) {
    await db.schema
        .createTable('server_instances')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // What its connections are called in pg_stat_activity: the others tell them from strangers' by it.
        .addColumn('application_name', 'text', (c) => c.notNull())
        .addColumn('seen_at', dialect === 'postgres' ? 'timestamptz' : 'text', (c) => c.notNull())
        // Set by an instance that stops cleanly: its closing connections are not strangers' for a while.
        .addColumn('stopped_at', dialect === 'postgres' ? 'timestamptz' : 'text')
        .execute();
}
export async function down(db) {
    await db.schema.dropTable('server_instances').execute();
}
//# sourceMappingURL=2026112900_server_instances.js.map