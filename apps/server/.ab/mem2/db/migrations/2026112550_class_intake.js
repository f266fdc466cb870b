/**
 * Bringing a class in (PRODUCT.md §13). Groups gain a join code, kept so that a copy of the
 * database does not reveal it: `join_code_nonce` is random and the code is an HMAC of it under the
 * server's secret (so a teacher can see the live code again), `join_code_hash` an HMAC of the code
 * itself, unique, which an entered code is looked up by. Rotating replaces both. Three switches:
 * closed (students join only by code), activate_on_join (a sign-up through the join link needs no
 * teacher) and leaderboard_short_names ("first name + initial" for students). All off by default.
 */
export async function up(db) {
    await db.schema.alterTable('groups').addColumn('join_code_nonce', 'text').execute();
    await db.schema.alterTable('groups').addColumn('join_code_hash', 'text').execute();
    await db.schema.alterTable('groups').addColumn('closed', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('groups').addColumn('activate_on_join', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('groups').addColumn('leaderboard_short_names', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    // NULLs never collide on either engine: groups without a code share no key.
    await db.schema.createIndex('groups_join_code_hash').unique().on('groups').column('join_code_hash').execute();
}
export async function down(db) {
    await db.schema.dropIndex('groups_join_code_hash').execute();
    for (const column of ['leaderboard_short_names', 'activate_on_join', 'closed', 'join_code_hash', 'join_code_nonce']) {
        await db.schema.alterTable('groups').dropColumn(column).execute();
    }
}
//# sourceMappingURL=2026112550_class_intake.js.map