/**
 * An image link answers only while its task or solution is live (PRODUCT.md §16): each image
 * request looks its key up in tasks and solutions, so both need an index on it.
 */
export async function up(db) {
    await db.schema.createIndex('tasks_image_key_idx').on('tasks').column('image_key').execute();
    await db.schema.createIndex('solutions_image_key_idx').on('solutions').column('image_key').execute();
}
export async function down(db) {
    await db.schema.dropIndex('tasks_image_key_idx').execute();
    await db.schema.dropIndex('solutions_image_key_idx').execute();
}
//# sourceMappingURL=2026112302_image_key_indexes.js.map