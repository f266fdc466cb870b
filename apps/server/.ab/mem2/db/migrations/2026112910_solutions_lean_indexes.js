/**
 * Indexes of `solutions` that no query needs, each written by every answer and every verdict (a
 * verdict changes `reviewed` and `correct`, which other indexes hold, so PostgreSQL writes a new
 * entry into every index of the table, not a HOT update):
 * - solutions_author_task_idx (author, task) is the head of solutions_author_task_time_idx, which
 *   answers every lookup it did, mostly from the index alone;
 * - solutions_author_created_idx (author, time): no query orders or ranges one student's answers by
 *   time without the task; the per-hour activity goes through the group's members and
 *   solutions_author_task_time_idx;
 * - solutions_image_key_idx held a null for every text answer: an image link looks up a key, never
 *   a null, so the index now holds only the answers with a photo.
 * Measured on two copies of the bench's school (260,000 answers), one with the old indexes, with
 * pgbench alternating between them, 8 clients each inserting an answer and judging it: 948–1,232 →
 * 1,129–1,405 transactions a second (13–22 % more in each pair); the three indexes held 19 MB.
 * On SQLite, where each write runs on the event loop, the same answer and verdict on two copies
 * of the file, alternated, took 376–475 µs instead of 478–584 (79–81 %). What it costs: a student's
 * own answers read from the wider index, 84–90 → 87–96 µs on SQLite when not cached (an answer of
 * theirs moved them), against the 100 µs saved on each answer with its verdict.
 * Dropping an index leaves the previous release's queries as they were (it never names one), so
 * this is safe during a rolling upgrade. Idempotent: SQLite's DDL here is not transactional.
 */
export async function up(db) {
    await db.schema.dropIndex('solutions_author_task_idx').ifExists().execute();
    await db.schema.dropIndex('solutions_author_created_idx').ifExists().execute();
    await db.schema.dropIndex('solutions_image_key_idx').ifExists().execute();
    await db.schema.createIndex('solutions_image_key_idx').ifNotExists().on('solutions').column('image_key').where('image_key', 'is not', null).execute();
}
export async function down(db) {
    await db.schema.dropIndex('solutions_image_key_idx').ifExists().execute();
    await db.schema.createIndex('solutions_image_key_idx').on('solutions').column('image_key').execute();
    await db.schema.createIndex('solutions_author_created_idx').on('solutions').columns(['author_id', 'created_at']).execute();
    await db.schema.createIndex('solutions_author_task_idx').on('solutions').columns(['author_id', 'task_id']).execute();
}
//# sourceMappingURL=2026112910_solutions_lean_indexes.js.map