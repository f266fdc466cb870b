/**
 * The thread that takes a SQLite backup (see sqlite-snapshot.ts): `VACUUM INTO` on a connection of
 * its own, then the copy's integrity check. Off the main thread so that it can say how far the
 * copy is while SQLite works.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteDatabase } from '../db/sqlite-driver.js';
const { source, target } = workerData;
const db = new SqliteDatabase(source, { fileMustExist: true });
try {
    // The server may hold the write lock for a moment when the read transaction starts.
    db.pragma('busy_timeout = 10000');
    // One read transaction from start to end: a consistent snapshot that writers never restart
    // (the online backup API starts over whenever another connection writes, so under a class's
    // answers it never finished). Writers go on meanwhile: WAL readers do not block them.
    db.prepare('vacuum into ?').run(target);
}
finally {
    db.close();
}
parentPort?.postMessage({ copied: true });
const copy = new SqliteDatabase(target, { fileMustExist: true });
let integrity;
try {
    integrity = String(copy.pragma('integrity_check', { simple: true }));
    // A single self-contained file, whatever the live database's journal mode.
    copy.pragma('journal_mode = DELETE');
}
finally {
    copy.close();
}
parentPort?.postMessage({ integrity });
//# sourceMappingURL=sqlite-snapshot.worker.js.map