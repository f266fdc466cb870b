import type { Kysely } from 'kysely';

/**
 * When a teacher turned the account off (null: active, or never activated). Sign-in tells a
 * deactivated student so, instead of "waiting for activation" as if they were new (issue 26).
 * Only adds a column: an instance of the previous release keeps working on the same database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('deactivated_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('deactivated_at').execute();
}
