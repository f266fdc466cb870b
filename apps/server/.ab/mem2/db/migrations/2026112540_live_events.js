import { sql } from 'kysely';
/**
 * Live updates, notifications and achievements (PRODUCT.md §12).
 * - live_events: every event a stream may be sent, addressed to an audience (one user, the students
 *   or the teachers of a group). Instances tell each other only the new ids; each reads the rows
 *   once. A stream that reconnects with Last-Event-ID reads what it missed from here. Pruned after
 *   a day.
 * - notifications: one row per user told, newest read first by (user_id, id); pruned after 90 days.
 * - achievements_announced: which achievements a student was already told about, so each is
 *   announced once (the achievements themselves are computed from the solutions).
 */
export async function up(db, dialect) {
    const id = (col) => dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity();
    await db.schema
        .createTable('live_events')
        .addColumn('id', 'integer', id)
        .addColumn('audience', 'text', (c) => c.notNull())
        .addColumn('audience_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    await db.schema.createIndex('live_events_created_idx').on('live_events').column('created_at').execute();
    await db.schema
        .createTable('notifications')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('read_at', 'text')
        .execute();
    await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('notifications_created_idx').on('notifications').column('created_at').execute();
    // The unread count reads only unread rows.
    await sql `create index notifications_unread_idx on notifications (user_id) where read_at is null`.execute(db);
    await db.schema
        .createTable('achievements_announced')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('achievements_announced_pk', ['user_id', 'code'])
        .execute();
}
export async function down(db) {
    await db.schema.dropTable('achievements_announced').execute();
    await db.schema.dropTable('notifications').execute();
    await db.schema.dropTable('live_events').execute();
}
//# sourceMappingURL=2026112540_live_events.js.map