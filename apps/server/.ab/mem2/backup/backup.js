/**
 * A backup of one school, safe while the server runs: a consistent copy of the SQLite database,
 * the uploaded images and the signing key, into DATA_DIR/backups/<UTC time>/ (or
 * BACKUP_DIR/<UTC time>/). `npm run backup` and, in the image, `node apps/server/dist/backup.js`
 * run it (../backup.ts).
 *
 * The database is copied first (sqlite-snapshot.ts), then the images. Images are written before
 * the row that points to them and never changed afterwards, so every row in the copy finds its
 * image in the copy (an image newer than the database copy is harmless). On PostgreSQL the
 * database belongs to pg_dump; this copies the images and says how. Images in an S3 bucket
 * (S3_BUCKET) are the storage's to keep; this says so.
 */
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { isPostgresUrl, sqliteFileFromUrl } from '../db/database.js';
import { snapshotSqlite } from './sqlite-snapshot.js';
/** Where the server keeps its data, read from the environment the same way the server does. */
export function locationsFromEnv(env) {
    const base = env.INIT_CWD || process.cwd();
    const dataDir = path.resolve(base, env.DATA_DIR || './data');
    return {
        dataDir,
        databaseUrl: env.DATABASE_URL || `sqlite:${path.join(dataDir, 'mathclub.sqlite')}`,
        ...(env.BACKUP_DIR ? { backupDir: path.resolve(base, env.BACKUP_DIR) } : {}),
        ...(env.S3_BUCKET ? { imagesBucket: env.S3_BUCKET } : {}),
    };
}
/** 2026-11-21T22-40-05Z: sorts by time and is a valid folder name everywhere. */
const stamp = (date) => date.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
/** Images between two progress reports. */
const IMAGES_PER_REPORT = 1_000;
/**
 * Copies a folder tree file by file, leaving out half-written temporary files. The copies are
 * private (0600 in 0700 folders) whatever the originals' modes: a backup holds pupils' work.
 */
function copyTree(from, to, onCopied) {
    if (!existsSync(from))
        return 0;
    let count = 0;
    for (const entry of readdirSync(from, { withFileTypes: true })) {
        const source = path.join(from, entry.name);
        const target = path.join(to, entry.name);
        if (entry.isDirectory()) {
            count += copyTree(source, target, onCopied);
        }
        else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
            mkdirSync(to, { recursive: true, mode: 0o700 });
            copyFileSync(source, target);
            chmodSync(target, 0o600);
            count++;
            onCopied();
        }
    }
    return count;
}
/** Makes one backup; throws when the database copy fails its integrity check. */
export async function backup(options, onProgress = () => { }) {
    const dir = path.join(options.backupDir ?? path.join(options.dataDir, 'backups'), stamp(options.now ?? new Date()));
    if (existsSync(dir))
        throw new Error(`${dir} already exists`);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    const notes = [];
    let databaseFile;
    let databaseBytes = 0;
    if (isPostgresUrl(options.databaseUrl)) {
        notes.push('The database is PostgreSQL: back it up with pg_dump, for example', `  pg_dump --format=custom --file=${path.join(dir, 'mathclub.pgdump')} "$DATABASE_URL"`, 'and restore it with pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" <file>.');
    }
    else {
        const source = sqliteFileFromUrl(options.databaseUrl);
        if (!existsSync(source))
            throw new Error(`No SQLite database at ${source} (is DATA_DIR right?)`);
        databaseFile = path.join(dir, path.basename(source));
        await snapshotSqlite(source, databaseFile, (p) => onProgress({ stage: 'database', ...p }));
        chmodSync(databaseFile, 0o600);
        databaseBytes = statSync(databaseFile).size;
    }
    let images = 0;
    if (options.imagesBucket) {
        notes.push(`Images live in the object storage bucket ${options.imagesBucket} and are not copied here:`, 'turn on the storage\'s versioning or replication to keep them safe.');
    }
    else {
        images = copyTree(path.join(options.dataDir, 'images'), path.join(dir, 'images'), () => {
            if (++images % IMAGES_PER_REPORT === 0)
                onProgress({ stage: 'images', copied: images });
        });
    }
    // The signing key keeps sessions and image links valid after a restore; it is a secret.
    const secret = path.join(options.dataDir, 'jwt-secret');
    if (existsSync(secret)) {
        copyFileSync(secret, path.join(dir, 'jwt-secret'));
        chmodSync(path.join(dir, 'jwt-secret'), 0o600);
    }
    return { dir, databaseFile, databaseBytes, images, notes };
}
//# sourceMappingURL=backup.js.map