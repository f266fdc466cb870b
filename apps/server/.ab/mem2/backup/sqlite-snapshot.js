import { existsSync, statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { workerBootstrap } from '../lib/worker-entry.js';
import { SqliteDatabase } from '../db/sqlite-driver.js';
/** How often the copy's size is reported while SQLite writes it. */
const PROGRESS_EVERY_MS = 1_000;
/** The source's pages in use (not its free pages, which VACUUM INTO leaves out): the copy's expected size. */
function liveBytes(source) {
    const db = new SqliteDatabase(source, { readonly: true, fileMustExist: true });
    try {
        const pageSize = Number(db.pragma('page_size', { simple: true }));
        const pages = Number(db.pragma('page_count', { simple: true })) - Number(db.pragma('freelist_count', { simple: true }));
        return pageSize * pages;
    }
    finally {
        db.close();
    }
}
/**
 * Copies the SQLite database `source` to `target` as one consistent snapshot while the server keeps
 * writing (a worker thread runs `VACUUM INTO`), reports the copy's growth every second, then checks
 * the copy's integrity; throws when the check fails. Measured on 252 MB under ~100 answers a second:
 * see docs/operations.md, "Backups".
 */
export async function snapshotSqlite(source, target, onProgress = () => { }) {
    const totalBytes = liveBytes(source);
    const worker = new Worker(workerBootstrap(import.meta.url, './sqlite-snapshot.worker'), { eval: true, workerData: { source, target } });
    const size = () => (existsSync(target) ? statSync(target).size : 0);
    const ticker = setInterval(() => onProgress({ copiedBytes: size(), totalBytes }), PROGRESS_EVERY_MS);
    try {
        const integrity = await new Promise((resolve, reject) => {
            worker.on('message', (message) => {
                if ('integrity' in message)
                    return resolve(message.integrity);
                clearInterval(ticker);
                onProgress({ copiedBytes: size(), totalBytes, checking: true });
            });
            worker.once('error', reject);
            worker.once('exit', (code) => reject(new Error(`the backup thread stopped (exit code ${code}) before the copy was done`)));
        });
        if (integrity !== 'ok')
            throw new Error(`The copy failed its integrity check: ${integrity}`);
    }
    finally {
        clearInterval(ticker);
        await worker.terminate();
    }
}
//# sourceMappingURL=sqlite-snapshot.js.map