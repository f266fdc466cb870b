/**
 * The typed answers without a photo that wait for review on a task, oldest first; at most `limit`
 * (one open answer per student and task makes this the size of a class: the limit only guards).
 * Driven by solutions_task_idx.
 */
export async function waitingTypedAnswers(db, taskId, limit) {
    const rows = await db
        .selectFrom('solutions')
        .select(['id', 'answer', 'auto_verdict as autoVerdict'])
        .where('task_id', '=', taskId)
        .where('reviewed', '=', 0)
        .where('image_key', 'is', null)
        .where('answer', '<>', '')
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .limit(limit)
        .execute();
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
//# sourceMappingURL=answer-groups.repository.js.map