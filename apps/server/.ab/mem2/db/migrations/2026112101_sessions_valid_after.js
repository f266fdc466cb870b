/**
 * Tokens issued before this moment no longer count: set when a password changes, so a stolen
 * session ends with the old password. Null means every unexpired token counts.
 */
export async function up(db) {
    await db.schema.alterTable('users').addColumn('sessions_valid_after', 'text').execute();
}
export async function down(db) {
    await db.schema.alterTable('users').dropColumn('sessions_valid_after').execute();
}
//# sourceMappingURL=2026112101_sessions_valid_after.js.map