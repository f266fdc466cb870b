import { sql } from 'kysely';
/**
 * The school's owner (PRODUCT.md §16): the one teacher who manages teacher accounts. An upgraded
 * database makes its first-start `admin` the owner (the oldest activated teacher when `admin` is
 * gone), so an existing school keeps someone who can manage its teachers. A partial unique index
 * keeps it to one row on both engines.
 */
export async function up(db) {
    await db.schema.alterTable('users').addColumn('owner', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql `create unique index users_single_owner on users (owner) where owner = 1`.execute(db);
    const teacher = `role in ('teacher', 'admin') and activated = 1`;
    await sql `update users set owner = 1 where id = (select min(id) from users where login_key = 'admin' and ${sql.raw(teacher)})`.execute(db);
    await sql `update users set owner = 1 where id = (select min(id) from users where ${sql.raw(teacher)})
    and not exists (select 1 from users where owner = 1)`.execute(db);
}
export async function down(db) {
    await db.schema.dropIndex('users_single_owner').execute();
    await db.schema.alterTable('users').dropColumn('owner').execute();
}
//# sourceMappingURL=2026112300_users_owner.js.map