import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
/** Keys look like `ab/ab12…ef.jpg`: 128 random bits, two-character shard folders. */
const KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f]{32}\.(jpg|png)$/;
/** True when `key` could have been made by an ImageStore (so never a path out of the folder). */
export function isImageKey(key) {
    return KEY_PATTERN.test(key);
}
export function contentTypeOfKey(key) {
    return key.endsWith('.png') ? 'image/png' : 'image/jpeg';
}
/** A new unguessable key for an image of this type (every store names its objects this way). */
export function newImageKey(extension) {
    const id = randomBytes(16).toString('hex');
    const key = `${id.slice(0, 2)}/${id}.${extension}`;
    if (!isImageKey(key))
        throw new Error(`unsupported extension ${extension}`);
    return key;
}
/** Images as files under one folder, written atomically (temp file + rename). */
export class DiskImageStore {
    root;
    constructor(root) {
        this.root = root;
    }
    async put(data, extension) {
        const key = newImageKey(extension);
        const path = join(this.root, key);
        await mkdir(dirname(path), { recursive: true });
        const temp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
        try {
            await writeFile(temp, data, { flag: 'wx' });
            await rename(temp, path);
        }
        catch (error) {
            await rm(temp, { force: true });
            throw error;
        }
        return key;
    }
    async get(key) {
        if (!isImageKey(key))
            return null;
        try {
            return await readFile(join(this.root, key));
        }
        catch (error) {
            if (error.code === 'ENOENT')
                return null;
            throw error;
        }
    }
    async delete(key) {
        if (!isImageKey(key))
            return;
        await rm(join(this.root, key), { force: true });
    }
    async *list() {
        let shards;
        try {
            shards = await readdir(this.root);
        }
        catch (error) {
            if (error.code === 'ENOENT')
                return;
            throw error;
        }
        for (const shard of shards) {
            if (!/^[0-9a-f]{2}$/.test(shard))
                continue;
            for (const name of await readdir(join(this.root, shard))) {
                const key = `${shard}/${name}`;
                if (!isImageKey(key))
                    continue;
                const info = await stat(join(this.root, key)).catch(() => null);
                if (info)
                    yield { key, writtenAt: info.mtime };
            }
        }
    }
}
//# sourceMappingURL=image-store.js.map