import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, taskSchema, TEXT_OR_IMAGE_REQUIRED, type Task, type TeacherTask } from '@mathclub/shared';
import { nowIso } from '../../db/database.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createGroup, createUser } from '../../test/fixtures.js';
import { jsonBody, multipartBody, type MultipartBody, type TestFile } from '../files/multipart-test-body.js';
import * as corpus from '../files/test-images.js';
import { countStoredImages, fetchImage } from '../files/test-helpers.js';

type Fields = Record<string, string | number | undefined>;

describe.each(testDatabases())('tasks on %s', (dialect) => {
  let t: TestApp;
  let groupA: { id: number; name: string };
  let groupB: { id: number; name: string };
  let teacherA: Awaited<ReturnType<typeof createUser>>;
  let teacherB: Awaited<ReturnType<typeof createUser>>;
  let studentA: Awaited<ReturnType<typeof createUser>>;
  let studentB: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    groupA = await createGroup(t);
    groupB = await createGroup(t);
    teacherA = await createUser(t, { role: 'teacher', name: 'Olena Petrivna', groupIds: [groupA.id] });
    teacherB = await createUser(t, { role: 'teacher', groupIds: [groupB.id] });
    studentA = await createUser(t, { groupIds: [groupA.id] });
    studentB = await createUser(t, { groupIds: [groupB.id] });
  });
  afterAll(async () => t.close());

  const valid = (overrides: Fields = {}): Fields => ({ title: 'Fractions', text: 'Find $x$ if $2x = 4$', level: 'beginner', points: '3', group: groupA.id, ...overrides });
  const send = (token: string | undefined, body: MultipartBody, method: 'POST' = 'POST') =>
    t.app.inject({ method, url: '/api/tasks', headers: { ...(token ? bearer(token) : {}), ...body.headers, 'accept-language': 'en' }, payload: body.payload });
  const post = (token: string, fields: Fields, files: TestFile[] = []) => send(token, multipartBody(fields, files));
  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const del = (id: number, token: string) => t.app.inject({ method: 'DELETE', url: `/api/tasks/${id}`, headers: bearer(token) });
  const image = (data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg'): TestFile => ({ field: 'taskImage', data, filename, contentType });
  const taskCount = async () => Number((await t.db.selectFrom('tasks').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('creates a text task and answers 201 with the whole task', async () => {
    const res = await post(teacherA.token, valid({ title: '  Fractions  ' }));
    expect(res.statusCode, res.body).toBe(201);
    const task = taskSchema.parse(res.json());
    expect(task).toEqual({
      id: expect.any(Number),
      title: 'Fractions',
      text: 'Find $x$ if $2x = 4$',
      level: 'beginner',
      points: 3,
      group: { id: groupA.id, name: groupA.name },
      createdAt: expect.any(String),
      author: { id: teacherA.user.id, name: 'Olena Petrivna' },
      // No key given: judged by hand, as before answer keys.
      answerKind: 'none',
      answerKey: null,
      tolerance: 0,
      checkMode: 'manual',
    });
    expect(new Date(task.createdAt).toISOString()).toBe(task.createdAt);
    expect(res.json()).not.toHaveProperty('imageSecureUrl');
  });

  it('creates an image-only task; the stored image has no GPS and comes back through its signed URL', async () => {
    const before = await countStoredImages(t);
    const original = await corpus.jpegWithGps({ width: 64, height: 32, orientation: 6 });
    const res = await post(teacherA.token, valid({ text: '' }), [image(original)]);
    expect(res.statusCode, res.body).toBe(201);
    const task = res.json<Task>();
    expect(task.text).toBe('');
    expect(task.imageSecureUrl).toMatch(/^\/api\/files\/[0-9a-f]{2}\/[0-9a-f]{32}\.jpg\?exp=\d+&sig=[\w-]+$/);
    expect(await countStoredImages(t)).toBe(before + 1);

    const img = await fetchImage(t, task.imageSecureUrl!);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.headers['content-security-policy']).toBe("default-src 'none'");
    expect(img.headers['content-disposition']).toBe('inline');
    expect(img.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(img.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    // EXIF orientation 6 was applied: stored upright.
    expect([meta.width, meta.height]).toEqual([32, 64]);
  });

  it('accepts an image of exactly 5,000,000 bytes and refuses 5,000,001 with 413', async () => {
    const ok = await post(teacherA.token, valid(), [image(await corpus.jpegOfSize(IMAGE_MAX_BYTES))]);
    expect(ok.statusCode, ok.body).toBe(201);
    const before = await countStoredImages(t);
    const tooBig = await post(teacherA.token, valid(), [image(await corpus.jpegOfSize(IMAGE_MAX_BYTES + 1))]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'IMAGE_TOO_LARGE', validationErrors: { taskImage: 'images.error.tooLarge' } });
    expect(await countStoredImages(t)).toBe(before);
  });

  it('validates every field and reports all broken rules at once', async () => {
    const cases: [Fields, Record<string, string>][] = [
      [valid({ title: undefined }), { title: 'teacher.tasks.form.errors.titleRequired' }],
      [valid({ title: '   ' }), { title: 'teacher.tasks.form.errors.titleRequired' }],
      [valid({ title: 'x'.repeat(201) }), { title: 'teacher.tasks.form.errors.titleTooLong' }],
      [valid({ text: '' }), { text: TEXT_OR_IMAGE_REQUIRED }],
      [valid({ text: ' \n ' }), { text: TEXT_OR_IMAGE_REQUIRED }],
      [valid({ text: undefined }), { text: TEXT_OR_IMAGE_REQUIRED }],
      [valid({ text: 'x'.repeat(10_001) }), { text: 'teacher.tasks.form.errors.textTooLong' }],
      // Longer than the multipart field limit: arrives truncated, still too long.
      [valid({ text: 'я'.repeat(30_000) }), { text: 'teacher.tasks.form.errors.textTooLong' }],
      [valid({ level: undefined }), { level: 'teacher.tasks.form.errors.levelRequired' }],
      [valid({ level: 'expert' }), { level: 'teacher.tasks.form.errors.levelRequired' }],
      [valid({ points: undefined }), { points: 'teacher.tasks.form.errors.pointsRequired' }],
      [valid({ points: '' }), { points: 'teacher.tasks.form.errors.pointsRequired' }],
      [valid({ points: 'abc' }), { points: 'teacher.tasks.form.errors.pointsRequired' }],
      [valid({ points: '6' }), { points: 'teacher.tasks.form.errors.pointsRange' }],
      [valid({ points: '0' }), { points: 'teacher.tasks.form.errors.pointsRange' }],
      [valid({ points: '2.5' }), { points: 'teacher.tasks.form.errors.pointsRange' }],
      [valid({ group: undefined }), { group: 'teacher.tasks.form.errors.groupRequired' }],
      [valid({ group: '' }), { group: 'teacher.tasks.form.errors.groupRequired' }],
      [valid({ group: 'abc' }), { group: 'teacher.tasks.form.errors.groupRequired' }],
      [valid({ group: '99999999999' }), { group: 'teacher.tasks.form.errors.groupRequired' }],
      [valid({ title: 'Nul\u0000' }), { title: 'common.error.invalidValue' }],
      [
        { title: '', text: '', level: '', points: '', group: '' },
        {
          title: 'teacher.tasks.form.errors.titleRequired',
          text: TEXT_OR_IMAGE_REQUIRED,
          level: 'teacher.tasks.form.errors.levelRequired',
          points: 'teacher.tasks.form.errors.pointsRequired',
          group: 'teacher.tasks.form.errors.groupRequired',
        },
      ],
    ];
    const before = await taskCount();
    for (const [fields, validationErrors] of cases) {
      const res = await post(teacherA.token, fields);
      expect(res.statusCode, JSON.stringify(fields).slice(0, 100)).toBe(400);
      expect(res.json(), JSON.stringify(fields).slice(0, 100)).toEqual({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not filled in correctly',
        validationErrors,
      });
    }
    expect(await taskCount()).toBe(before);
  });

  it('accepts every level and points 1 to 5', async () => {
    for (const [level, points] of [['beginner', 1], ['experienced', 5], ['advanced', 2]] as const) {
      const res = await post(teacherA.token, valid({ level, points }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ level, points });
    }
  });

  it('refuses an unknown group (400) and a group the teacher does not belong to (403)', async () => {
    const unknown = await post(teacherA.token, valid({ group: 987_654 }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().validationErrors).toEqual({ group: 'teacher.tasks.form.errors.groupUnknown' });
    const other = await post(teacherA.token, valid({ group: groupB.id }));
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('FORBIDDEN');
  });

  it('refuses hostile and broken images with the field named, storing nothing', async () => {
    const before = await countStoredImages(t);
    const rows = await taskCount();
    const cases: [TestFile, number, string, string][] = [
      [image(corpus.svgWithScript, 'formula.svg', 'image/svg+xml'), 400, 'UNSUPPORTED_IMAGE', 'images.error.unsupported'],
      [image(corpus.renamedText, 'photo.jpg', 'image/jpeg'), 400, 'UNSUPPORTED_IMAGE', 'images.error.unsupported'],
      [image(corpus.fakePdf, 'scan.png', 'image/png'), 400, 'UNSUPPORTED_IMAGE', 'images.error.unsupported'],
      [image(await corpus.truncatedJpeg()), 400, 'UNSUPPORTED_IMAGE', 'images.error.unsupported'],
      [image(Buffer.alloc(0), 'empty.jpg'), 400, 'UNSUPPORTED_IMAGE', 'images.error.unsupported'],
      [image(corpus.hugePixelPng(), 'bomb.png', 'image/png'), 400, 'IMAGE_TOO_MANY_PIXELS', 'images.error.tooManyPixels'],
    ];
    for (const [file, status, code, key] of cases) {
      const res = await post(teacherA.token, valid(), [file]);
      expect(res.statusCode, file.filename).toBe(status);
      expect(res.json(), file.filename).toMatchObject({ code, validationErrors: { taskImage: key } });
    }
    expect(await countStoredImages(t)).toBe(before);
    expect(await taskCount()).toBe(rows);
  });

  it('answers every malformed upload with a clean 4xx and stores nothing', async () => {
    const before = await countStoredImages(t);
    const rows = await taskCount();
    const jpeg = await corpus.plainJpeg(20, 20);
    const full = multipartBody(valid(), [image(jpeg)]);
    const expectations: [string, MultipartBody | { payload: Buffer | string; headers: Record<string, string> }, number, Record<string, string>?][] = [
      ['no boundary', multipartBody(valid(), [image(jpeg)], { boundary: false }), 400],
      ['JSON instead of a form', jsonBody(valid()), 415],
      ['plain text', { payload: 'title=x', headers: { 'content-type': 'text/plain' } }, 415],
      ['url-encoded form', { payload: 'title=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 415],
      ['no body at all', { payload: '', headers: {} }, 415],
      ['truncated body', { payload: full.payload.subarray(0, full.payload.length - 200), headers: full.headers }, 400],
      ['garbage', { payload: Buffer.from('this is not multipart at all'), headers: full.headers }, 400],
      ['two files', multipartBody(valid(), [image(jpeg), image(jpeg, 'second.jpg')]), 400, { taskImage: 'images.error.onlyOne' }],
      ['a file under another name', multipartBody(valid(), [{ field: 'picture', data: jpeg }]), 400, { picture: 'common.error.invalidValue' }],
      ['text where the file goes', multipartBody(valid({ taskImage: 'not a file' })), 400, { taskImage: 'images.error.unsupported' }],
      ['too many fields', multipartBody({ ...valid(), a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, i: 9, j: 10 }), 413],
    ];
    for (const [name, body, status, validationErrors] of expectations) {
      const res = await send(teacherA.token, body as MultipartBody);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      if (validationErrors) expect(res.json().validationErrors, name).toEqual(validationErrors);
      expect(res.json().code, name).toBeTypeOf('string');
    }
    // The same field twice is ambiguous: refused.
    const boundary = '----twice';
    const twice = Buffer.from(
      [`--${boundary}`, 'Content-Disposition: form-data; name="title"', '', 'One', `--${boundary}`, 'Content-Disposition: form-data; name="title"', '', 'Two', `--${boundary}--`, ''].join('\r\n'),
    );
    const dup = await send(teacherA.token, { payload: twice, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().validationErrors).toMatchObject({ title: 'common.error.invalidValue' });
    expect(await countStoredImages(t)).toBe(before);
    expect(await taskCount()).toBe(rows);
  });

  it('keeps the multipart parser to the upload routes: other endpoints answer 415 to a form', async () => {
    const body = multipartBody({ name: 'Form group' });
    const res = await t.app.inject({ method: 'POST', url: '/api/groups', headers: { ...bearer(teacherA.token), ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('treats an untouched browser file input (empty part, no file name) as no image', async () => {
    const res = await post(teacherA.token, valid(), [{ field: 'taskImage', data: Buffer.alloc(0), filename: '', contentType: 'application/octet-stream' }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).not.toHaveProperty('imageSecureUrl');
  });

  it('lets only signed-in teachers create tasks, before reading the upload', async () => {
    const body = multipartBody(valid(), [image(await corpus.plainJpeg(10, 10))]);
    expect((await send(undefined, body)).statusCode).toBe(401);
    expect((await send(studentA.token, body)).statusCode).toBe(403);
  });

  describe('lists', () => {
    let a1: Task;
    let a2: Task;
    let b1: Task;
    beforeAll(async () => {
      a1 = (await post(teacherA.token, valid({ title: 'A1' }))).json();
      a2 = (await post(teacherA.token, valid({ title: 'A2', text: '' }), [image(await corpus.pngWithAlpha())])).json();
      b1 = (await post(teacherB.token, valid({ title: 'B1', group: groupB.id }))).json();
    });

    it("gives a teacher the live tasks of their groups, newest first, with images signed", async () => {
      const res = await get('/api/tasks', teacherA.token);
      expect(res.statusCode).toBe(200);
      const list = res.json<Task[]>();
      const ids = list.map((x) => x.id);
      expect(ids).toContain(a1.id);
      expect(ids).not.toContain(b1.id);
      expect(ids.indexOf(a2.id)).toBeLessThan(ids.indexOf(a1.id));
      expect(list.every((x) => x.group.id === groupA.id)).toBe(true);
      const withImage = list.find((x) => x.id === a2.id)!;
      expect(withImage.imageSecureUrl).toMatch(/\.png\?exp=/);
      expect(list.find((x) => x.id === a1.id)).not.toHaveProperty('imageSecureUrl');
      const sorted = [...list].sort((x, y) => y.createdAt.localeCompare(x.createdAt) || y.id - x.id);
      expect(list).toEqual(sorted);
      const png = await fetchImage(t, withImage.imageSecureUrl!);
      expect(png.headers['content-type']).toBe('image/png');
    });

    it('gives a teacher of several groups the tasks of all of them, and /mine the same without the keys', async () => {
      const both = await createUser(t, { role: 'teacher', groupIds: [groupA.id, groupB.id] });
      const ids = (await get('/api/tasks', both.token)).json<Task[]>().map((x) => x.id);
      expect(ids).toEqual(expect.arrayContaining([a1.id, a2.id, b1.id]));
      const withoutKeys = (await get('/api/tasks', both.token)).json<TeacherTask[]>().map(({ answerKey: _key, tolerance: _tolerance, counts: _counts, ...rest }) => rest);
      expect((await get('/api/tasks/mine', both.token)).json()).toEqual(withoutKeys);
      const none = await createUser(t, { role: 'teacher' });
      expect((await get('/api/tasks', none.token)).json()).toEqual([]);
    });

    it("gives a student their group's tasks only; never another group's; /api/tasks is for teachers", async () => {
      const mine = (await get('/api/tasks/mine', studentA.token)).json<Task[]>();
      expect(mine.map((x) => x.id)).toEqual(expect.arrayContaining([a1.id, a2.id]));
      expect(mine.map((x) => x.id)).not.toContain(b1.id);
      expect(mine.every((x) => x.group.id === groupA.id)).toBe(true);
      const other = (await get('/api/tasks/mine', studentB.token)).json<Task[]>();
      expect(other.map((x) => x.id)).toContain(b1.id);
      expect(other.map((x) => x.id)).not.toContain(a1.id);
      expect((await get('/api/tasks', studentA.token)).statusCode).toBe(403);
      const loner = await createUser(t);
      expect((await get('/api/tasks/mine', loner.token)).json()).toEqual([]);
    });
  });

  describe('delete', () => {
    it('soft-deletes: gone from every list, kept in the database with its solutions; a second delete is 404', async () => {
      const task = (await post(teacherA.token, valid({ title: 'To delete' }))).json<Task>();
      await t.db
        .insertInto('solutions')
        .values({ task_id: task.id, author_id: studentA.user.id, answer: '42', image_key: null, reviewed: 0, correct: 0, feedback: null, created_at: nowIso(), reviewed_at: null, reviewer_id: null })
        .execute();
      const res = await del(task.id, teacherA.token);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await get('/api/tasks', teacherA.token)).json<Task[]>().map((x) => x.id)).not.toContain(task.id);
      expect((await get('/api/tasks/mine', studentA.token)).json<Task[]>().map((x) => x.id)).not.toContain(task.id);
      const row = await t.db.selectFrom('tasks').select(['id', 'deleted_at']).where('id', '=', task.id).executeTakeFirstOrThrow();
      expect(row.deleted_at).toEqual(expect.any(String));
      const solutions = await t.db.selectFrom('solutions').select('id').where('task_id', '=', task.id).execute();
      expect(solutions).toHaveLength(1);
      const again = await del(task.id, teacherA.token);
      expect(again.statusCode).toBe(404);
      expect(again.json().code).toBe('NOT_FOUND');
    });

    it("answers 404 to a teacher of another group and keeps the task; students get 403", async () => {
      const task = (await post(teacherA.token, valid({ title: 'Keep me' }))).json<Task>();
      expect((await del(task.id, teacherB.token)).statusCode).toBe(404);
      expect((await del(task.id, studentA.token)).statusCode).toBe(403);
      expect((await del(999_999, teacherA.token)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: '/api/tasks/abc', headers: bearer(teacherA.token) })).statusCode).toBe(400);
      expect((await get('/api/tasks', teacherA.token)).json<Task[]>().map((x) => x.id)).toContain(task.id);
    });

    it('lets only one of two concurrent deletes succeed', async () => {
      const task = (await post(teacherA.token, valid({ title: 'Twice' }))).json<Task>();
      const codes = (await Promise.all([del(task.id, teacherA.token), del(task.id, teacherA.token)])).map((r) => r.statusCode).sort();
      expect(codes).toEqual([204, 404]);
    });
  });
});
