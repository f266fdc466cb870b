import type { Kysely } from 'kysely';

/**
 * Tokens issued before this moment no longer count: set when a password changes, so a stolen
 * session ends with the old password. Null means every unexpired token counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('sessions_valid_after', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('sessions_valid_after').execute();
}
