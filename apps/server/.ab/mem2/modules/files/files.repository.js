/**
 * True while `key` is the image of a live task or of a solution to one (PRODUCT.md §16): a link
 * to the image of a deleted task, or of a solution to it, answers 404 however it was signed. Both
 * halves use their image_key index (migration 2026112302).
 */
export async function isLiveImage(db, key) {
    const row = await db
        .selectFrom('tasks')
        .select('tasks.id')
        .where('tasks.image_key', '=', key)
        .where('tasks.deleted_at', 'is', null)
        .unionAll(db
        .selectFrom('solutions')
        .innerJoin('tasks', 'tasks.id', 'solutions.task_id')
        .select('solutions.id')
        .where('solutions.image_key', '=', key)
        .where('tasks.deleted_at', 'is', null))
        .limit(1)
        .executeTakeFirst();
    return row !== undefined;
}
//# sourceMappingURL=files.repository.js.map