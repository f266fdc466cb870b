/**
 * A teacher's saved comments (PRODUCT.md §15): at most 100 each, listed most used first. `uses`
 * grows with every verdict that puts one in. Deleted with their teacher. Only adds a table: an
 * instance of the previous release keeps working on the same database.
 */
export async function up(db, dialect) {
    const id = (col) => dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity();
    await db.schema
        .createTable('feedback_snippets')
        .addColumn('id', 'integer', id)
        .addColumn('teacher_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    // A teacher's list, their count against the cap and the ownership check all start from the teacher.
    await db.schema.createIndex('feedback_snippets_teacher_idx').on('feedback_snippets').column('teacher_id').execute();
}
export async function down(db) {
    await db.schema.dropTable('feedback_snippets').execute();
}
//# sourceMappingURL=2026112580_feedback_snippets.js.map