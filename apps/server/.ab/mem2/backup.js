/**
 * The backup command: `npm run backup` from a checkout, `node apps/server/dist/backup.js` in the
 * container image (which has neither the scripts folder nor tsx). Reads DATA_DIR, DATABASE_URL,
 * BACKUP_DIR and S3_BUCKET like the server; says how far it is while it copies.
 */
import path from 'node:path';
import { backup, locationsFromEnv } from './backup/backup.js';
const mb = (bytes) => (bytes / 1e6).toFixed(1);
function say(progress) {
    if (progress.stage === 'images') {
        console.log(`  images: ${progress.copied} copied so far`);
        return;
    }
    if (progress.checking) {
        console.log(`  database: copied (${mb(progress.copiedBytes)} MB); checking the copy's integrity…`);
        return;
    }
    const percent = progress.totalBytes > 0 ? Math.min(100, Math.round((100 * progress.copiedBytes) / progress.totalBytes)) : 100;
    console.log(`  database: ${percent}% (${mb(progress.copiedBytes)} of about ${mb(progress.totalBytes)} MB)`);
}
async function main() {
    // What the backup writes is the school's data and its signing key: nobody else's to read.
    process.umask(0o077);
    const started = Date.now();
    const options = locationsFromEnv(process.env);
    console.log(`Backing up ${options.dataDir}…`);
    const result = await backup(options, say);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`Backup written to ${result.dir} in ${seconds} s`);
    if (result.databaseFile)
        console.log(`  database: ${path.basename(result.databaseFile)} (${result.databaseBytes} bytes, integrity ok)`);
    console.log(`  images: ${result.images} file(s)`);
    for (const note of result.notes)
        console.log(note);
    console.log('To restore: stop the server, copy these files back into DATA_DIR, start the server (see README, "Backups").');
}
main().catch((err) => {
    console.error('Backup failed:', err instanceof Error ? err.message : err);
    process.exit(1);
});
//# sourceMappingURL=backup.js.map