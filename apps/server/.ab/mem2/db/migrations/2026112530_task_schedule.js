/**
 * Tasks a teacher can look after (PRODUCT.md §10): an optional window in which students see and
 * answer a task. ISO-8601 UTC text like every other timestamp, so text order is time order on
 * both engines; null means "from the start" / "never closes". Existing tasks stay open.
 */
export async function up(db) {
    await db.schema.alterTable('tasks').addColumn('opens_at', 'text').execute();
    await db.schema.alterTable('tasks').addColumn('closes_at', 'text').execute();
}
export async function down(db) {
    await db.schema.alterTable('tasks').dropColumn('closes_at').execute();
    await db.schema.alterTable('tasks').dropColumn('opens_at').execute();
}
//# sourceMappingURL=2026112530_task_schedule.js.map