/**
 * Which store `err` says is full, or null: SQLite's SQLITE_FULL (the unix VFS's answer to ENOSPC),
 * PostgreSQL's `53100 disk_full`, and the file system's ENOSPC or EDQUOT (a quota) for the images.
 */
export function fullStoreOf(err) {
    const code = err?.code;
    if (code === 'SQLITE_FULL' || code === '53100')
        return 'database';
    if (code === 'ENOSPC' || code === 'EDQUOT')
        return 'files';
    return null;
}
/** How long after a write failed for want of space the server reports itself as full. */
const REPORTED_FOR_MS = 60_000;
/**
 * What this instance knows of a full disk: the error handler notes every write refused for want of
 * space, `/api/ready` reports it (503 DISK_FULL) for a minute after the last one, so a load
 * balancer or monitor notices, and `onFull` counts them in the metrics (modules/metrics).
 */
export class DiskFullWatch {
    now;
    /** Told of each write refused for want of space (set by the metrics when they are on). */
    static onFull;
    lastFullAt = -Infinity;
    constructor(now = Date.now) {
        this.now = now;
    }
    /** A write failed because `store` is full. */
    note(store) {
        this.lastFullAt = this.now();
        DiskFullWatch.onFull?.(store);
    }
    /** True while a write failed for want of space within the last minute. */
    get full() {
        return this.now() - this.lastFullAt < REPORTED_FOR_MS;
    }
}
//# sourceMappingURL=disk-full.js.map