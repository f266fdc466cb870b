/**
 * The leaderboard numbers each student's attempts at each task by submission time and reads only
 * their verdicts: this index answers that without touching the rows, whose long answers would
 * otherwise be read from SQLite's overflow pages (PostgreSQL can use it for an index-only scan).
 */
export async function up(db) {
    await db.schema
        .createIndex('solutions_author_task_time_idx')
        .on('solutions')
        .columns(['author_id', 'task_id', 'created_at', 'id', 'reviewed', 'correct'])
        .execute();
}
export async function down(db) {
    await db.schema.dropIndex('solutions_author_task_time_idx').execute();
}
//# sourceMappingURL=2026112110_solutions_author_task_time.js.map