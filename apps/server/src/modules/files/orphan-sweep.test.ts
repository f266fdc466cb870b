import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { createGroup, createUser } from '../../test/fixtures.js';
import { DiskImageStore } from './image-store.js';
import { ORPHAN_MIN_AGE_MS, sweepOrphanImages } from './orphan-sweep.js';

describe.each(testDatabases())('orphan image sweep on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  it('removes only old files that no row names', async () => {
    const root = path.join(t.dataDir, 'sweep-images');
    const store = new DiskImageStore(root);
    const group = await createGroup(t);
    const { user: teacher } = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    const kept = await store.put(Buffer.from('task image'), 'jpg');
    const orphan = await store.put(Buffer.from('crashed upload'), 'jpg');
    const inFlight = await store.put(Buffer.from('upload being written'), 'png');
    const now = new Date().toISOString();
    await t.db
      .insertInto('tasks')
      .values({ title: 'T', text: '', level: 'beginner', points: 1, group_id: group.id, author_id: teacher.id, image_key: kept, created_at: now, deleted_at: null })
      .execute();
    const old = new Date(Date.now() - 2 * ORPHAN_MIN_AGE_MS);
    await utimes(path.join(root, kept), old, old);
    await utimes(path.join(root, orphan), old, old);

    expect(await sweepOrphanImages(t.db, store)).toBe(1);
    expect(await store.get(orphan)).toBeNull();
    expect(await store.get(kept)).not.toBeNull();
    expect(await store.get(inFlight)).not.toBeNull();
  });

  it('does nothing when no image was ever stored', async () => {
    expect(await sweepOrphanImages(t.db, new DiskImageStore(path.join(t.dataDir, 'never-created')))).toBe(0);
  });
});
