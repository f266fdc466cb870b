import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeTokenReader } from '../../db/change-tokens.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { createGroup, createTaskRow, createUser } from '../../test/fixtures.js';
import { GradebookCache } from './gradebook-cache.js';
import { GradebookService } from './gradebook.service.js';

/** The kept books are bounded by the bytes they hold, not only by their number. */
describe.each(testDatabases())('gradebook cache on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  /** A group of `students` and `tasks`. */
  const group = async (students: number, tasks: number) => {
    const teacher = await createUser(t, { role: 'teacher' });
    const { id } = await createGroup(t);
    for (let s = 0; s < students; s++) await createUser(t, { name: `Student ${s}`, groupIds: [id] });
    for (let k = 0; k < tasks; k++) await createTaskRow(t, id, teacher.user.id, `Task ${k}`);
    return id;
  };

  it('keeps the most recently read books within its bytes: the least recently read is built again', async () => {
    const service = new GradebookService(t.db, 'Europe/Kyiv');
    let builds = 0;
    const layout = service.layout.bind(service);
    service.layout = (groupId) => {
      builds++;
      return layout(groupId);
    };
    const [a, b] = [await group(6, 8), await group(6, 8)];
    const probe = new GradebookCache(t.db, service, changeTokenReader(t.db));
    const oneBook = (await probe.get(a)).retainedBytes;
    expect(probe.bytes).toBe(oneBook);
    builds = 0;

    // Room for one book of this size and a half: reading b lets a go.
    const cache = new GradebookCache(t.db, service, changeTokenReader(t.db), 50, Math.floor(oneBook * 1.5));
    await cache.get(a);
    await cache.get(a);
    expect(builds).toBe(1);
    await cache.get(b);
    expect(cache.bytes).toBeLessThanOrEqual(oneBook * 1.5);
    await cache.get(b);
    expect(builds).toBe(2);
    await cache.get(a);
    expect(builds).toBe(3);

    // With room for both, both stay.
    builds = 0;
    const roomy = new GradebookCache(t.db, service, changeTokenReader(t.db), 50, oneBook * 3);
    for (const id of [a, b, a, b]) await roomy.get(id);
    expect(builds).toBe(2);
    expect(roomy.bytes).toBeGreaterThanOrEqual(2 * oneBook * 0.9);
  });
});
