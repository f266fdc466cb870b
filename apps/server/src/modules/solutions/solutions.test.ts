import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_OR_IMAGE_REQUIRED, solutionSchema, type Solution } from '@mathclub/shared';
import { isUniqueViolation, nowIso } from '../../db/database.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createGroup, createUser } from '../../test/fixtures.js';
import { jsonBody, multipartBody, type TestFile } from '../files/multipart-test-body.js';
import * as corpus from '../files/test-images.js';
import { countStoredImages, fetchImage } from '../files/test-helpers.js';

type Fields = Record<string, string | number | undefined>;
type Caller = Awaited<ReturnType<typeof createUser>>;

describe.each(testDatabases())('solutions on %s', (dialect) => {
  let t: TestApp;
  let groupA: { id: number; name: string };
  let groupB: { id: number; name: string };
  let teacherA: Caller;
  let teacherB: Caller;
  let studentB: Caller;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    groupA = await createGroup(t);
    groupB = await createGroup(t);
    teacherA = await createUser(t, { role: 'teacher', name: 'Teacher A', groupIds: [groupA.id] });
    teacherB = await createUser(t, { role: 'teacher', groupIds: [groupB.id] });
    studentB = await createUser(t, { groupIds: [groupB.id] });
  });
  afterAll(async () => t.close());

  const addTask = async (groupId: number, deleted = false) =>
    (
      await t.db
        .insertInto('tasks')
        .values({ title: 'T', text: 'x', level: 'beginner', points: 2, group_id: groupId, author_id: teacherA.user.id, image_key: null, created_at: nowIso(), deleted_at: deleted ? nowIso() : null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const studentOf = (groupId: number, name?: string) => createUser(t, { groupIds: [groupId], ...(name ? { name } : {}) });
  const submit = (token: string | undefined, fields: Fields, files: TestFile[] = [], language = 'en') => {
    const body = multipartBody(fields, files);
    return t.app.inject({ method: 'POST', url: '/api/solutions', headers: { ...(token ? bearer(token) : {}), ...body.headers, 'accept-language': language }, payload: body.payload });
  };
  const list = (token: string, query = '') => t.app.inject({ method: 'GET', url: `/api/solutions${query}`, headers: bearer(token) });
  const review = (token: string, id: number, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/solutions/${id}`, headers: { ...bearer(token), 'accept-language': 'en' }, payload: payload as object });
  const photo = (data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg'): TestFile => ({ field: 'solutionImage', data, filename, contentType });
  const solutionCount = async () => Number((await t.db.selectFrom('solutions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  describe('submission', () => {
    it('stores a trimmed answer and answers 201 with the solution', async () => {
      const task = await addTask(groupA.id);
      const student = await studentOf(groupA.id, 'Taras');
      const res = await submit(student.token, { taskId: task, answer: '  $x = 2$ \n' });
      expect(res.statusCode, res.body).toBe(201);
      expect(solutionSchema.parse(res.json())).toEqual({
        id: expect.any(Number),
        taskId: task,
        authorId: student.user.id,
        author: { id: student.user.id, name: 'Taras' },
        answer: '$x = 2$',
        reviewed: false,
        correct: false,
        feedback: null,
        createdAt: expect.any(String),
        reviewedAt: null,
        reviewer: null,
        // The task has no answer key: nothing to check, the teacher judges.
        autoVerdict: null,
        judgedBy: null,
        // No marks on a photo yet (PRODUCT.md §14).
        annotations: [],
      });
      // The answer sent back is the solution as stored (it is built from what was written, not read back).
      expect((await list(student.token)).json()).toEqual([res.json()]);
    });

    it('accepts a photo alone; it is stored without GPS and reachable through its signed link', async () => {
      const task = await addTask(groupA.id);
      const student = await studentOf(groupA.id);
      const res = await submit(student.token, { taskId: task, answer: '' }, [photo(await corpus.jpegWithGps())]);
      expect(res.statusCode, res.body).toBe(201);
      const solution = res.json<Solution>();
      expect(solution.answer).toBe('');
      const img = await fetchImage(t, solution.imageSecureUrl!);
      expect(img.statusCode).toBe(200);
      expect((await list(student.token)).json()).toEqual([solution]);
      expect((await sharp(img.rawPayload).metadata()).exif).toBeUndefined();
      expect(img.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    });

    it('validates the fields', async () => {
      const task = await addTask(groupA.id);
      const student = await studentOf(groupA.id);
      const cases: [Fields, Record<string, string>][] = [
        [{ taskId: task }, { answer: ANSWER_OR_IMAGE_REQUIRED }],
        [{ taskId: task, answer: ' \n\t ' }, { answer: ANSWER_OR_IMAGE_REQUIRED }],
        [{ taskId: task, answer: 'x'.repeat(10_001) }, { answer: 'solutions.error.answerTooLong' }],
        [{ taskId: task, answer: 'я'.repeat(30_000) }, { answer: 'solutions.error.answerTooLong' }],
        [{ answer: '42' }, { taskId: 'common.error.invalidId' }],
        [{ taskId: 'abc', answer: '42' }, { taskId: 'common.error.invalidId' }],
        [{ taskId: '-1', answer: '42' }, { taskId: 'common.error.invalidId' }],
        [{ taskId: task, answer: 'nul\u0000' }, { answer: 'common.error.invalidValue' }],
        [{}, { taskId: 'common.error.invalidId', answer: ANSWER_OR_IMAGE_REQUIRED }],
      ];
      for (const [fields, validationErrors] of cases) {
        const res = await submit(student.token, fields);
        expect(res.statusCode, JSON.stringify(fields).slice(0, 80)).toBe(400);
        expect(res.json().validationErrors, JSON.stringify(fields).slice(0, 80)).toEqual(validationErrors);
      }
      expect((await list(student.token)).json()).toEqual([]);
    });

    it('refuses malformed uploads and bad images cleanly, leaving no file and no row', async () => {
      const task = await addTask(groupA.id);
      const student = await studentOf(groupA.id);
      const files = await countStoredImages(t);
      const rows = await solutionCount();
      const jpeg = await corpus.plainJpeg(20, 20);
      const bodies = [
        { body: multipartBody({ taskId: task, answer: 'a' }, [photo(jpeg)], { boundary: false }), status: 400 },
        { body: jsonBody({ taskId: task, answer: 'a' }), status: 415 },
        { body: multipartBody({ taskId: task }, [photo(jpeg), photo(jpeg)]), status: 400, errors: { solutionImage: 'images.error.onlyOne' } },
        { body: multipartBody({ taskId: task }, [photo(await corpus.jpegOfSize(5_000_001))]), status: 413, errors: { solutionImage: 'images.error.tooLarge' } },
        { body: multipartBody({ taskId: task }, [photo(corpus.svgWithScript, 'a.svg', 'image/svg+xml')]), status: 400, errors: { solutionImage: 'images.error.unsupported' } },
        { body: multipartBody({ taskId: task }, [photo(corpus.renamedText)]), status: 400, errors: { solutionImage: 'images.error.unsupported' } },
        { body: multipartBody({ taskId: task }, [photo(await corpus.truncatedJpeg())]), status: 400, errors: { solutionImage: 'images.error.unsupported' } },
        { body: multipartBody({ taskId: task }, [photo(corpus.hugePixelPng(), 'a.png', 'image/png')]), status: 400, errors: { solutionImage: 'images.error.tooManyPixels' } },
      ];
      for (const { body, status, errors } of bodies) {
        const res = await t.app.inject({ method: 'POST', url: '/api/solutions', headers: { ...bearer(student.token), ...body.headers }, payload: body.payload });
        expect(res.statusCode, res.body).toBe(status);
        if (errors) expect(res.json().validationErrors).toEqual(errors);
      }
      const full = multipartBody({ taskId: task, answer: 'a' }, [photo(jpeg)]);
      const cut = await t.app.inject({ method: 'POST', url: '/api/solutions', headers: { ...bearer(student.token), ...full.headers }, payload: full.payload.subarray(0, 300) });
      expect(cut.statusCode).toBe(400);
      expect(await countStoredImages(t)).toBe(files);
      expect(await solutionCount()).toBe(rows);
    });

    it("answers 404 for another group's, a deleted or an unknown task, storing no photo; teachers cannot submit", async () => {
      const student = await studentOf(groupA.id);
      const files = await countStoredImages(t);
      const jpeg = await corpus.plainJpeg(20, 20);
      for (const taskId of [await addTask(groupB.id), await addTask(groupA.id, true), 999_999]) {
        const res = await submit(student.token, { taskId, answer: '1' }, [photo(jpeg)]);
        expect(res.statusCode, String(taskId)).toBe(404);
      }
      expect(await countStoredImages(t)).toBe(files);
      const loner = await createUser(t);
      expect((await submit(loner.token, { taskId: await addTask(groupA.id), answer: '1' })).statusCode).toBe(404);
      expect((await submit(teacherA.token, { taskId: await addTask(groupA.id), answer: '1' })).statusCode).toBe(403);
      expect((await submit(undefined, { taskId: await addTask(groupA.id), answer: '1' })).statusCode).toBe(401);
    });

    it('refuses a second answer while one is unreviewed or correct (409), and allows a retry after an incorrect verdict', async () => {
      const task = await addTask(groupA.id);
      const student = await studentOf(groupA.id);
      const first = (await submit(student.token, { taskId: task, answer: '1' })).json<Solution>();

      const files = await countStoredImages(t);
      const again = await submit(student.token, { taskId: task, answer: '2' }, [photo(await corpus.plainJpeg(20, 20))]);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ statusCode: 409, code: 'SOLUTION_EXISTS', message: 'You have already sent a solution to this task. You can try again if the teacher marks it incorrect' });
      expect((await submit(student.token, { taskId: task, answer: '2' }, [], 'uk')).json().message).toMatch(/^Твій розв’язок цієї задачі вже надіслано/);
      expect(await countStoredImages(t)).toBe(files);

      expect((await review(teacherA.token, first.id, { reviewed: true, correct: false, feedback: 'Check the sign' })).statusCode).toBe(200);
      const retry = await submit(student.token, { taskId: task, answer: '3' });
      expect(retry.statusCode).toBe(201);
      expect((await review(teacherA.token, retry.json<Solution>().id, { reviewed: true, correct: true })).statusCode).toBe(200);
      expect((await submit(student.token, { taskId: task, answer: '4' })).statusCode).toBe(409);

      const mine = (await list(student.token, `?taskId=${task}`)).json<Solution[]>();
      expect(mine.map((s) => [s.answer, s.reviewed, s.correct])).toEqual([
        ['1', true, false],
        ['3', true, true],
      ]);
    });

    it('enforces one open solution per student and task in the database itself', async () => {
      const task = await addTask(groupA.id);
      const student = await studentOf(groupA.id);
      const row = { task_id: task, author_id: student.user.id, answer: 'a', image_key: null, reviewed: 0, correct: 0, feedback: null, created_at: nowIso(), reviewed_at: null, reviewer_id: null };
      await t.db.insertInto('solutions').values(row).execute();
      const err = await t.db.insertInto('solutions').values(row).execute().catch((e: unknown) => e);
      expect(isUniqueViolation(err)).toBe(true);
      // Closed (incorrect) ones do not count.
      await t.db.insertInto('solutions').values({ ...row, reviewed: 1, correct: 0 }).execute();
      await t.db.insertInto('solutions').values({ ...row, reviewed: 1, correct: 0 }).execute();
    });
  });

  describe('lists', () => {
    let taskA: number;
    let taskA2: number;
    let taskB: number;
    let s1: Caller;
    let s2: Caller;
    const ids = (res: { json: () => unknown }) => (res.json() as Solution[]).map((s) => s.id);

    beforeAll(async () => {
      taskA = await addTask(groupA.id);
      taskA2 = await addTask(groupA.id);
      taskB = await addTask(groupB.id);
      s1 = await studentOf(groupA.id);
      s2 = await studentOf(groupA.id);
      await submit(s1.token, { taskId: taskA, answer: 's1 a' });
      await submit(s2.token, { taskId: taskA, answer: 's2 a' });
      await submit(s1.token, { taskId: taskA2, answer: 's1 a2' }, [photo(await corpus.plainJpeg(30, 30))]);
      await submit(studentB.token, { taskId: taskB, answer: 'b' });
    });

    it('gives a student only their own solutions, whatever they ask for', async () => {
      const other = s2.user.id;
      const authorIds = [undefined, s1.user.id, other, studentB.user.id, 999_999];
      const taskIds = [undefined, taskA, taskA2, taskB];
      const reviewed = [undefined, 'true', 'false'];
      for (const a of authorIds) {
        for (const tk of taskIds) {
          for (const r of reviewed) {
            const q = new URLSearchParams();
            if (a !== undefined) q.set('authorId', String(a));
            if (tk !== undefined) q.set('taskId', String(tk));
            if (r !== undefined) q.set('reviewed', r);
            const res = await list(s1.token, `?${q}`);
            expect(res.statusCode, q.toString()).toBe(200);
            const got = res.json<Solution[]>();
            expect(got.every((s) => s.authorId === s1.user.id), q.toString()).toBe(true);
            if (a !== undefined && a !== s1.user.id) expect(got, q.toString()).toEqual([]);
          }
        }
      }
      const all = (await list(s1.token)).json<Solution[]>();
      expect(all.map((s) => s.answer).sort()).toEqual(['s1 a', 's1 a2']);
      expect(all.find((s) => s.answer === 's1 a2')!.imageSecureUrl).toMatch(/^\/api\/files\//);
      expect(all.find((s) => s.answer === 's1 a')).not.toHaveProperty('imageSecureUrl');
    });

    it("gives a teacher the solutions of their groups' tasks, narrowed by the filters; another group's teacher gets none", async () => {
      const all = (await list(teacherA.token)).json<Solution[]>();
      const mine = all.filter((s) => [taskA, taskA2].includes(s.taskId));
      expect(mine).toHaveLength(3);
      expect(all.some((s) => s.taskId === taskB)).toBe(false);
      expect(ids(await list(teacherA.token, `?taskId=${taskA}`))).toHaveLength(2);
      expect((await list(teacherA.token, `?authorId=${s2.user.id}`)).json<Solution[]>().map((s) => s.answer)).toEqual(['s2 a']);
      expect((await list(teacherA.token, `?taskId=${taskB}`)).json()).toEqual([]);
      expect((await list(teacherA.token, `?authorId=${studentB.user.id}`)).json()).toEqual([]);
      const b = (await list(teacherB.token)).json<Solution[]>();
      expect(b.every((s) => s.taskId !== taskA && s.taskId !== taskA2)).toBe(true);
      expect(b.map((s) => s.answer)).toContain('b');
      const nobody = await createUser(t, { role: 'teacher' });
      expect((await list(nobody.token)).json()).toEqual([]);
    });

    it('lists unreviewed first, then oldest first; ?reviewed filters; deleted tasks drop out', async () => {
      const task = await addTask(groupA.id);
      const a = await studentOf(groupA.id);
      const b = await studentOf(groupA.id);
      const c = await studentOf(groupA.id);
      const first = (await submit(a.token, { taskId: task, answer: 'first' })).json<Solution>();
      await submit(b.token, { taskId: task, answer: 'second' });
      await submit(c.token, { taskId: task, answer: 'third' });
      await review(teacherA.token, first.id, { reviewed: true, correct: true });
      const ordered = (await list(teacherA.token, `?taskId=${task}`)).json<Solution[]>();
      expect(ordered.map((s) => s.answer)).toEqual(['second', 'third', 'first']);
      expect((await list(teacherA.token, `?taskId=${task}&reviewed=false`)).json<Solution[]>().map((s) => s.answer)).toEqual(['second', 'third']);
      expect((await list(teacherA.token, `?taskId=${task}&reviewed=true`)).json<Solution[]>().map((s) => s.answer)).toEqual(['first']);

      await t.db.updateTable('tasks').set({ deleted_at: nowIso() }).where('id', '=', task).execute();
      expect((await list(teacherA.token, `?taskId=${task}`)).json()).toEqual([]);
      expect((await list(a.token)).json()).toEqual([]);
      expect(await t.db.selectFrom('solutions').select('id').where('task_id', '=', task).execute()).toHaveLength(3);
    });

    it('refuses a malformed query', async () => {
      for (const q of ['?reviewed=maybe', '?authorId=abc', '?taskId=0', '?authorId=-4']) {
        const res = await list(teacherA.token, q);
        expect(res.statusCode, q).toBe(400);
      }
    });
  });

  describe('review', () => {
    it('records the verdict, the reviewer, the time and the feedback; the student sees them', async () => {
      const task = await addTask(groupA.id);
      const student = await studentOf(groupA.id);
      const solution = (await submit(student.token, { taskId: task, answer: '7' })).json<Solution>();
      const res = await review(teacherA.token, solution.id, { correct: true, reviewed: true, feedback: '  Well done  ' });
      expect(res.statusCode, res.body).toBe(200);
      const reviewed = solutionSchema.parse(res.json());
      expect(reviewed).toMatchObject({ id: solution.id, reviewed: true, correct: true, feedback: 'Well done', reviewer: { id: teacherA.user.id, name: 'Teacher A' } });
      expect(new Date(reviewed.reviewedAt!).toISOString()).toBe(reviewed.reviewedAt);
      expect((await list(student.token)).json<Solution[]>()[0]).toEqual(reviewed);

      // Without feedback the saved one stays; an empty one clears it.
      expect((await review(teacherA.token, solution.id, { correct: true, reviewed: true })).json().feedback).toBe('Well done');
      expect((await review(teacherA.token, solution.id, { correct: true, reviewed: true, feedback: '' })).json().feedback).toBeNull();
    });

    it('resets to unreviewed, unless the student has sent a newer solution meanwhile (409)', async () => {
      const task = await addTask(groupA.id);
      const student = await studentOf(groupA.id);
      const first = (await submit(student.token, { taskId: task, answer: '1' })).json<Solution>();
      await review(teacherA.token, first.id, { correct: false, reviewed: true });
      const reset = await review(teacherA.token, first.id, { correct: true, reviewed: false });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toMatchObject({ reviewed: false, correct: false, reviewer: null, reviewedAt: null });
      expect((await list(student.token)).json()).toEqual([reset.json()]);

      await review(teacherA.token, first.id, { correct: false, reviewed: true });
      const newer = await submit(student.token, { taskId: task, answer: '2' });
      expect(newer.statusCode).toBe(201);
      for (const body of [{ correct: false, reviewed: false }, { correct: true, reviewed: true }]) {
        const res = await review(teacherA.token, first.id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(409);
        expect(res.json()).toEqual({ statusCode: 409, code: 'SOLUTION_EXISTS', message: 'The student has sent a newer solution to this task: review that one instead' });
      }
      const saved = (await list(teacherA.token, `?taskId=${task}`)).json<Solution[]>();
      expect(saved.map((s) => [s.answer, s.reviewed, s.correct])).toEqual([
        ['2', false, false],
        ['1', true, false],
      ]);
    });

    it("lets only a teacher of the task's group review", async () => {
      const task = await addTask(groupA.id);
      const student = await studentOf(groupA.id);
      const solution = (await submit(student.token, { taskId: task, answer: '1' })).json<Solution>();
      expect((await review(teacherB.token, solution.id, { correct: true, reviewed: true })).statusCode).toBe(404);
      expect((await review(student.token, solution.id, { correct: true, reviewed: true })).statusCode).toBe(403);
      expect((await review(teacherA.token, 999_999, { correct: true, reviewed: true })).statusCode).toBe(404);
      const invalid = await review(teacherA.token, solution.id, { correct: 'yes' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().validationErrors).toMatchObject({ correct: 'review.error.verdictRequired', reviewed: 'review.error.verdictRequired' });
      await t.db.updateTable('tasks').set({ deleted_at: nowIso() }).where('id', '=', task).execute();
      expect((await review(teacherA.token, solution.id, { correct: true, reviewed: true })).statusCode).toBe(404);
      const row = await t.db.selectFrom('solutions').select(['reviewed', 'reviewer_id']).where('id', '=', solution.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ reviewed: 0, reviewer_id: null });
    });
  });

  describe('concurrency', () => {
    it('keeps every answer when 40 students of a group submit at once', async () => {
      const task = await addTask(groupA.id);
      const students = await Promise.all(Array.from({ length: 40 }, () => studentOf(groupA.id)));
      const results = await Promise.all(students.map((s, i) => submit(s.token, { taskId: task, answer: `answer ${i}` })));
      expect(results.map((r) => r.statusCode)).toEqual(Array(40).fill(201));
      const rows = await t.db.selectFrom('solutions').select(['author_id', 'answer']).where('task_id', '=', task).execute();
      expect(rows).toHaveLength(40);
      expect(new Set(rows.map((r) => r.author_id)).size).toBe(40);
      expect((await list(teacherA.token, `?taskId=${task}`)).json()).toHaveLength(40);
    });

    it('lets exactly one of five concurrent submissions by one student through, keeping one photo', async () => {
      const task = await addTask(groupA.id);
      const student = await studentOf(groupA.id);
      const files = await countStoredImages(t);
      const jpeg = await corpus.plainJpeg(200, 100);
      const results = await Promise.all(Array.from({ length: 5 }, (_, i) => submit(student.token, { taskId: task, answer: `try ${i}` }, [photo(jpeg)])));
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
      expect(await t.db.selectFrom('solutions').select('id').where('task_id', '=', task).execute()).toHaveLength(1);
      expect(await countStoredImages(t)).toBe(files + 1);
    });
  });
});
