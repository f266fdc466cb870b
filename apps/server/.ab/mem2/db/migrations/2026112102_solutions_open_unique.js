import { sql } from 'kysely';
/**
 * At most one open solution per student and task: while one is unreviewed (reviewed = 0) or
 * judged correct (correct = 1), a second insert fails on both engines, so two concurrent
 * submissions cannot both get through. Incorrect verdicts fall out of the index: retries are free.
 */
export async function up(db) {
    await sql `create unique index solutions_open_unique on solutions (task_id, author_id) where reviewed = 0 or correct = 1`.execute(db);
}
export async function down(db) {
    await db.schema.dropIndex('solutions_open_unique').execute();
}
//# sourceMappingURL=2026112102_solutions_open_unique.js.map