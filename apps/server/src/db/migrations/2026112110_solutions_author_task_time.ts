import type { Kysely } from 'kysely';

/**
 * The leaderboard numbers each student's attempts at each task by submission time and reads only
 * their verdicts: this index answers that without touching the rows, whose long answers would
 * otherwise be read from SQLite's overflow pages (PostgreSQL can use it for an index-only scan).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('solutions_author_task_time_idx')
    .on('solutions')
    .columns(['author_id', 'task_id', 'created_at', 'id', 'reviewed', 'correct'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('solutions_author_task_time_idx').execute();
}
