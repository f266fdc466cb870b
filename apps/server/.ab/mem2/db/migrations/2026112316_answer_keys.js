/**
 * Answer keys and instant checking (PRODUCT.md §9). Tasks gain the teacher's key, its kind, its
 * tolerance and what the checker's verdict does; solutions the checker's verdict and whether it was final. Existing tasks
 * have no key and stay judged by hand. `double precision` is REAL on SQLite and float8 on
 * PostgreSQL: both hand JavaScript a number.
 */
export async function up(db) {
    await db.schema.alterTable('tasks').addColumn('answer_kind', 'text', (c) => c.notNull().defaultTo('none')).execute();
    await db.schema.alterTable('tasks').addColumn('answer_key', 'text').execute();
    await db.schema.alterTable('tasks').addColumn('tolerance', 'double precision', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('tasks').addColumn('check_mode', 'text', (c) => c.notNull().defaultTo('manual')).execute();
    await db.schema.alterTable('solutions').addColumn('auto_verdict', 'text').execute();
    // 1 when the checker's verdict was final (auto mode): "who reviewed" stays honest with no
    // account behind it (reviewer_id stays null); a teacher's later verdict sets it back to 0.
    await db.schema.alterTable('solutions').addColumn('judged_by_checker', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}
export async function down(db) {
    await db.schema.alterTable('solutions').dropColumn('judged_by_checker').execute();
    await db.schema.alterTable('solutions').dropColumn('auto_verdict').execute();
    for (const column of ['check_mode', 'tolerance', 'answer_key', 'answer_kind']) {
        await db.schema.alterTable('tasks').dropColumn(column).execute();
    }
}
//# sourceMappingURL=2026112316_answer_keys.js.map