import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Where cleaned images live. The embedded set-up keeps them on disk under DATA_DIR; a scaled-out
 * set-up keeps them in S3-compatible object storage (s3-image-store.ts).
 */
export interface ImageStore {
  /** Stores the bytes under a new unguessable key and returns the key. */
  put(data: Buffer, extension: string): Promise<string>;
  /** The bytes for a key, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes a key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored key with when it was written (for the orphan sweep). */
  list(): AsyncIterable<{ key: string; writtenAt: Date }>;
}

/** Keys look like `ab/ab12…ef.jpg`: 128 random bits, two-character shard folders. */
const KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f]{32}\.(jpg|png)$/;

/** True when `key` could have been made by an ImageStore (so never a path out of the folder). */
export function isImageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function contentTypeOfKey(key: string): string {
  return key.endsWith('.png') ? 'image/png' : 'image/jpeg';
}

/** A new unguessable key for an image of this type (every store names its objects this way). */
export function newImageKey(extension: string): string {
  const id = randomBytes(16).toString('hex');
  const key = `${id.slice(0, 2)}/${id}.${extension}`;
  if (!isImageKey(key)) throw new Error(`unsupported extension ${extension}`);
  return key;
}

/** Images as files under one folder, written atomically (temp file + rename). */
export class DiskImageStore implements ImageStore {
  constructor(private readonly root: string) {}

  async put(data: Buffer, extension: string): Promise<string> {
    const key = newImageKey(extension);
    const path = join(this.root, key);
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await writeFile(temp, data, { flag: 'wx' });
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return key;
  }

  async get(key: string): Promise<Buffer | null> {
    if (!isImageKey(key)) return null;
    try {
      return await readFile(join(this.root, key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isImageKey(key)) return;
    await rm(join(this.root, key), { force: true });
  }

  async *list(): AsyncIterable<{ key: string; writtenAt: Date }> {
    let shards: string[];
    try {
      shards = await readdir(this.root);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const shard of shards) {
      if (!/^[0-9a-f]{2}$/.test(shard)) continue;
      for (const name of await readdir(join(this.root, shard))) {
        const key = `${shard}/${name}`;
        if (!isImageKey(key)) continue;
        const info = await stat(join(this.root, key)).catch(() => null);
        if (info) yield { key, writtenAt: info.mtime };
      }
    }
  }
}
