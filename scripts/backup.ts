/**
 * `npm run backup`: a consistent copy of the SQLite database and the uploaded images, safe while
 * the server runs, into DATA_DIR/backups/<UTC timestamp>/ (or BACKUP_DIR/<UTC timestamp>/).
 *
 * The database is copied first with SQLite's online backup API, then the images. Images are
 * written before the row that points to them and never changed afterwards, so every row in the
 * copy finds its image in the copy (an image newer than the database copy is harmless).
 * On PostgreSQL the database belongs to pg_dump; this copies the images and says how. Images in
 * an S3 bucket (S3_BUCKET) are the storage's to keep; this says so.
 */
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SqliteDatabase } from '../apps/server/src/db/sqlite-driver.js';
import { isPostgresUrl, sqliteFileFromUrl } from '../apps/server/src/db/database.js';

export interface BackupOptions {
  dataDir: string;
  databaseUrl: string;
  /** Parent folder of the timestamped backup (default DATA_DIR/backups). */
  backupDir?: string;
  /** S3_BUCKET when images live in object storage: then they are not under DATA_DIR to copy. */
  imagesBucket?: string;
  now?: Date;
}

export interface BackupResult {
  dir: string;
  /** The database copy, or undefined on PostgreSQL. */
  databaseFile: string | undefined;
  databaseBytes: number;
  images: number;
  /** Said to the operator: where the backup is and, on PostgreSQL, what else to run. */
  notes: string[];
}

/** Where the server keeps its data, read from the environment the same way the server does. */
export function locationsFromEnv(env: NodeJS.ProcessEnv): BackupOptions {
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
const stamp = (date: Date) => date.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');

/** Copies a folder tree file by file, leaving out half-written temporary files. */
function copyTree(from: string, to: string): number {
  if (!existsSync(from)) return 0;
  let count = 0;
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      count += copyTree(source, target);
    } else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
      mkdirSync(to, { recursive: true });
      copyFileSync(source, target);
      count++;
    }
  }
  return count;
}

/** Makes one backup; throws when the database copy fails its integrity check. */
export async function backup(options: BackupOptions): Promise<BackupResult> {
  const dir = path.join(options.backupDir ?? path.join(options.dataDir, 'backups'), stamp(options.now ?? new Date()));
  if (existsSync(dir)) throw new Error(`${dir} already exists`);
  mkdirSync(dir, { recursive: true });
  const notes: string[] = [];
  let databaseFile: string | undefined;
  let databaseBytes = 0;

  if (isPostgresUrl(options.databaseUrl)) {
    notes.push(
      'The database is PostgreSQL: back it up with pg_dump, for example',
      `  pg_dump --format=custom --file=${path.join(dir, 'mathclub.pgdump')} "$DATABASE_URL"`,
      'and restore it with pg_restore --clean --dbname="$DATABASE_URL" <file>.',
    );
  } else {
    const source = sqliteFileFromUrl(options.databaseUrl);
    if (!existsSync(source)) throw new Error(`No SQLite database at ${source} (is DATA_DIR right?)`);
    databaseFile = path.join(dir, path.basename(source));
    const db = new SqliteDatabase(source, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      // The online backup API copies pages while the server keeps writing, restarting as needed,
      // and yields a consistent snapshot.
      await db.backup(databaseFile);
    } finally {
      db.close();
    }
    const copy = new SqliteDatabase(databaseFile, { fileMustExist: true });
    try {
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`The copy failed its integrity check: ${String(check)}`);
      // A single self-contained file, whatever the live database's journal mode.
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    databaseBytes = statSync(databaseFile).size;
  }

  let images = 0;
  if (options.imagesBucket) {
    notes.push(
      `Images live in the object storage bucket ${options.imagesBucket} and are not copied here:`,
      'turn on the storage\'s versioning or replication to keep them safe.',
    );
  } else {
    images = copyTree(path.join(options.dataDir, 'images'), path.join(dir, 'images'));
  }
  // The signing key keeps sessions and image links valid after a restore; it is a secret.
  const secret = path.join(options.dataDir, 'jwt-secret');
  if (existsSync(secret)) {
    copyFileSync(secret, path.join(dir, 'jwt-secret'));
    chmodSync(path.join(dir, 'jwt-secret'), 0o600);
  }
  chmodSync(dir, 0o700);
  return { dir, databaseFile, databaseBytes, images, notes };
}

async function main(): Promise<void> {
  const result = await backup(locationsFromEnv(process.env));
  console.log(`Backup written to ${result.dir}`);
  if (result.databaseFile) console.log(`  database: ${path.basename(result.databaseFile)} (${result.databaseBytes} bytes, integrity ok)`);
  console.log(`  images: ${result.images} file(s)`);
  for (const note of result.notes) console.log(note);
  console.log('To restore: stop the server, copy these files back into DATA_DIR, start the server (see README, "Backups").');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error('Backup failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
