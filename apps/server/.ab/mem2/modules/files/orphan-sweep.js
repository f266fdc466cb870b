/** Files younger than this may belong to an upload whose row is being written right now. */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;
/**
 * Removes stored images that no task or solution names. A request stores the image before it
 * inserts the row (so a refused insert can delete it); a crash between the two leaves a file
 * nobody can reach. Run at start-up; only files older than `minAgeMs` are touched.
 */
export async function sweepOrphanImages(db, store, minAgeMs = ORPHAN_MIN_AGE_MS, now = Date.now()) {
    const [tasks, solutions] = await Promise.all([
        db.selectFrom('tasks').select('image_key').where('image_key', 'is not', null).execute(),
        db.selectFrom('solutions').select('image_key').where('image_key', 'is not', null).execute(),
    ]);
    const referenced = new Set([...tasks, ...solutions].map((row) => row.image_key));
    let removed = 0;
    for await (const { key, writtenAt } of store.list()) {
        if (referenced.has(key) || now - writtenAt.getTime() < minAgeMs)
            continue;
        await store.delete(key);
        removed++;
    }
    return removed;
}
//# sourceMappingURL=orphan-sweep.js.map