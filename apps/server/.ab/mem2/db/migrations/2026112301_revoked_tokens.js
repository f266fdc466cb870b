/**
 * Tokens ended by `POST /api/auth/logout` before they expire (PRODUCT.md §16). Kept in the
 * database every instance reads, and read with the account check itself (one batched query), so a
 * logout holds on every instance at once without a query of its own. Rows are removed once their
 * token has expired anyway (the expires_at index).
 */
export async function up(db) {
    await db.schema
        .createTable('revoked_tokens')
        .addColumn('jti', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
    await db.schema.createIndex('revoked_tokens_user_idx').on('revoked_tokens').column('user_id').execute();
    await db.schema.createIndex('revoked_tokens_expires_idx').on('revoked_tokens').column('expires_at').execute();
}
export async function down(db) {
    await db.schema.dropTable('revoked_tokens').execute();
}
//# sourceMappingURL=2026112301_revoked_tokens.js.map