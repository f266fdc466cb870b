import { rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, JWT_SECRET, photo, seedClass, startServer, submit, tempDataDir, type RunningServer } from './helpers/real-server.js';
import { backup, locationsFromEnv } from '../apps/server/src/backup/backup.js';
import { filesUnder } from './helpers/world.js';

const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);

/**
 * Issue 54: with the usual umask 022 the database was created 0644, readable by every account on
 * the machine. The built server creates DATA_DIR 0700 and everything in it for its own user only.
 */
describe('DATA_DIR is private', () => {
  const parent = tempDataDir('perms');
  const dataDir = path.join(parent, 'data');
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(parent, { recursive: true, force: true });
  });

  it('creates DATA_DIR 0700 and the database, its WAL, the secret and the images 0600 (folders 0700)', async () => {
    // Started without JWT_SECRET (the server generates its own into DATA_DIR), under the test's umask.
    server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, await freePort());
    await server.stop();
    server = undefined;
    // The class seeded into the database the server made, then the server again with a known key.
    expect(mode(path.join(dataDir, 'jwt-secret'))).toBe('600');
    const school = await seedClass(`sqlite:${path.join(dataDir, 'mathclub.sqlite')}`, 1, 1);
    rmSync(path.join(dataDir, 'jwt-secret'));
    server = await startServer({ DATA_DIR: dataDir, JWT_SECRET, LOG_LEVEL: 'warn' }, await freePort());
    expect((await submit(server.url, school.students[0]!, school.taskIds[0]!, 'with a photo', await photo(7))).status).toBe(201);

    expect(mode(dataDir)).toBe('700');
    for (const file of ['mathclub.sqlite', 'mathclub.sqlite-wal', 'initial-admin-password']) expect(mode(path.join(dataDir, file)), file).toBe('600');
    const images = await filesUnder(path.join(dataDir, 'images'));
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(mode(path.join(dataDir, 'images', image)), image).toBe('600');
      expect(mode(path.dirname(path.join(dataDir, 'images', image))), path.dirname(image)).toBe('700');
    }
    expect(mode(path.join(dataDir, 'images'))).toBe('700');

    // And a backup of it, whatever this process's umask.
    const copy = await backup(locationsFromEnv({ DATA_DIR: dataDir }));
    expect(mode(copy.dir)).toBe('700');
    expect(mode(copy.databaseFile!)).toBe('600');
    for (const image of await filesUnder(path.join(copy.dir, 'images'))) expect(mode(path.join(copy.dir, 'images', image)), image).toBe('600');
  });
});
