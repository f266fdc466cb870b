/**
 * When a teacher turned the account off (null: active, or never activated). Sign-in tells a
 * deactivated student so, instead of "waiting for activation" as if they were new (issue 26).
 * Only adds a column: an instance of the previous release keeps working on the same database.
 */
export async function up(db) {
    await db.schema.alterTable('users').addColumn('deactivated_at', 'text').execute();
}
export async function down(db) {
    await db.schema.alterTable('users').dropColumn('deactivated_at').execute();
}
//# sourceMappingURL=2026112570_users_deactivated_at.js.map