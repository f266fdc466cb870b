import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Solution, Task } from '@mathclub/shared';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createGroup, createUser } from '../../test/fixtures.js';
import { multipartBody } from './multipart-test-body.js';
import { LINK_MAX_SECONDS } from './signed-url.js';
import * as corpus from './test-images.js';

/** PRODUCT.md §16: image links live at most an hour and answer 404 once their task or solution is gone. */
describe.each(testDatabases())('image links end with their task on %s', (dialect) => {
  let t: TestApp;
  let teacher: Awaited<ReturnType<typeof createUser>>;
  let student: Awaited<ReturnType<typeof createUser>>;
  let groupId: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    groupId = (await createGroup(t)).id;
    teacher = await createUser(t, { role: 'teacher', groupIds: [groupId] });
    student = await createUser(t, { groupIds: [groupId] });
  });
  afterAll(async () => t.close());

  const post = async <T>(url: string, token: string, fields: Record<string, string | number>, field: string) => {
    const body = multipartBody(fields, [{ field, data: await corpus.plainJpeg(40, 30) }]);
    const res = await t.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<T>();
  };
  const newTask = () => post<Task>('/api/tasks', teacher.token, { title: 'Picture', text: 'x', level: 'beginner', points: 1, group: groupId }, 'taskImage');
  const fetch = (url: string) => t.app.inject({ method: 'GET', url });

  it('signs links that expire within an hour', async () => {
    const task = await newTask();
    const exp = Number(new URL(task.imageSecureUrl!, 'http://x').searchParams.get('exp'));
    const lifetime = exp - Date.now() / 1000;
    expect(lifetime).toBeLessThanOrEqual(LINK_MAX_SECONDS);
    expect(lifetime).toBeGreaterThan(LINK_MAX_SECONDS - 600 - 5);
  });

  it("answers 404 for a deleted task's image and its solutions' images, with links signed before the deletion", async () => {
    const task = await newTask();
    const solution = await post<Solution>('/api/solutions', student.token, { taskId: task.id, answer: '42' }, 'solutionImage');
    const keep = await newTask();
    expect((await fetch(task.imageSecureUrl!)).statusCode).toBe(200);
    expect((await fetch(solution.imageSecureUrl!)).statusCode).toBe(200);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/tasks/${task.id}`, headers: bearer(teacher.token) });
    expect(deleted.statusCode).toBe(204);
    for (const url of [task.imageSecureUrl!, solution.imageSecureUrl!]) {
      const res = await fetch(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    // Another task's image is untouched, and the files stay on disk for the record (soft delete).
    expect((await fetch(keep.imageSecureUrl!)).statusCode).toBe(200);
    const row = await t.db.selectFrom('tasks').select('image_key').where('id', '=', task.id).executeTakeFirstOrThrow();
    expect(await t.app.images.get(row.image_key!)).not.toBeNull();
  });

  it('answers 404 for a correctly signed link to an image no task or solution names', async () => {
    const key = await t.app.images.put(await corpus.plainJpeg(8, 8), 'jpg');
    expect((await fetch(t.app.imageUrls.urlFor(key)!)).statusCode).toBe(404);
  });
});
