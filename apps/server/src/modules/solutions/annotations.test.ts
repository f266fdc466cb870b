import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNOTATIONS_INVALID, type Annotation, type Solution } from '@mathclub/shared';
import { nowIso } from '../../db/database.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createGroup, createUser } from '../../test/fixtures.js';
import { multipartBody } from '../files/multipart-test-body.js';
import * as corpus from '../files/test-images.js';
import { countStoredImages, fetchImage } from '../files/test-helpers.js';

type Caller = Awaited<ReturnType<typeof createUser>>;

/** PRODUCT.md §14: a teacher's marks on a student's photo, saved with the verdict. */
describe.each(testDatabases())('marks on a photo (annotations) on %s', (dialect) => {
  let t: TestApp;
  let group: { id: number };
  let teacher: Caller;
  let author: Caller;
  let classmate: Caller;
  let otherTeacher: Caller;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    group = await createGroup(t);
    const otherGroup = await createGroup(t);
    teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    otherTeacher = await createUser(t, { role: 'teacher', groupIds: [otherGroup.id] });
    author = await createUser(t, { groupIds: [group.id], name: 'Olena' });
    classmate = await createUser(t, { groupIds: [group.id] });
  });
  afterAll(async () => t.close());

  const addTask = async () =>
    (
      await t.db
        .insertInto('tasks')
        .values({ title: 'T', text: 'x', level: 'beginner', points: 2, group_id: group.id, author_id: teacher.user.id, image_key: null, created_at: nowIso(), deleted_at: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  /** The author answers a new task with a photo. */
  const photoSolution = async (): Promise<Solution> => {
    const body = multipartBody({ taskId: await addTask(), answer: '' }, [{ field: 'solutionImage', data: await corpus.plainJpeg(), filename: 'p.jpg', contentType: 'image/jpeg' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/solutions', headers: { ...bearer(author.token), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Solution>();
  };
  const review = (token: string, id: number, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/solutions/${id}`, headers: { ...bearer(token), 'accept-language': 'en' }, payload });
  const listFor = async (token: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/solutions', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json<Solution[]>();
  };
  const storedText = async (id: number) => (await t.db.selectFrom('solutions').select('annotations').where('id', '=', id).executeTakeFirstOrThrow()).annotations;

  const marks: Annotation[] = [
    { type: 'path', color: '#d32f2f', points: [[0.1, 0.2], [0.15, 0.25], [0.3, 0.2]] },
    { type: 'tick', color: '#2e7d32', x: 0.8, y: 0.1 },
    { type: 'cross', color: '#d32f2f', x: 0, y: 1 },
    { type: 'circle', color: '#1565c0', x: 0.5, y: 0.5, r: 0.12 },
    { type: 'text', color: '#000000', x: 0.6, y: 0.7, text: 'Крок 2: знак?' },
  ];

  it('saves them with the verdict and gives them back as saved to the teacher and the author', async () => {
    const solution = await photoSolution();
    expect(solution.annotations).toEqual([]);
    const imageBefore = await fetchImage(t, solution.imageSecureUrl!);
    const res = await review(teacher.token, solution.id, { correct: false, reviewed: true, feedback: 'See the marks', annotations: marks });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Solution>().annotations).toEqual(marks);
    expect(JSON.parse((await storedText(solution.id))!)).toEqual(marks);

    const mine = (await listFor(author.token)).find((s) => s.id === solution.id)!;
    expect(mine.annotations).toEqual(marks);
    expect(mine.feedback).toBe('See the marks');
    const teachers = (await listFor(teacher.token)).find((s) => s.id === solution.id)!;
    expect(teachers.annotations).toEqual(marks);
    // The verdict's notification says the photo was marked.
    const told = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(author.token) });
    const notification = told.json<{ notifications: { solutionId: number | null; marked?: boolean | null }[] }>().notifications.find((n) => n.solutionId === solution.id);
    expect(notification).toMatchObject({ marked: true });
    // The stored photo itself is never changed.
    const imageAfter = await fetchImage(t, teachers.imageSecureUrl!);
    expect(imageAfter.statusCode).toBe(200);
    expect(imageAfter.rawPayload.equals(imageBefore.rawPayload)).toBe(true);
  });

  it('keeps them when a later verdict leaves them out, replaces them when given, clears them with []', async () => {
    const solution = await photoSolution();
    await review(teacher.token, solution.id, { correct: false, reviewed: true, annotations: marks });
    const kept = await review(teacher.token, solution.id, { correct: true, reviewed: true });
    expect(kept.json<Solution>().annotations).toEqual(marks);
    const cleanPhoto = await photoSolution();
    await review(teacher.token, cleanPhoto.id, { correct: true, reviewed: true });
    const told = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(author.token) });
    expect(told.json<{ notifications: { solutionId: number | null; marked?: boolean | null }[] }>().notifications.find((n) => n.solutionId === cleanPhoto.id)).toMatchObject({ marked: false });
    const replaced = await review(teacher.token, solution.id, { correct: true, reviewed: true, annotations: [marks[1]] });
    expect(replaced.json<Solution>().annotations).toEqual([marks[1]]);
    const cleared = await review(teacher.token, solution.id, { correct: true, reviewed: true, annotations: [] });
    expect(cleared.json<Solution>().annotations).toEqual([]);
    expect(await storedText(solution.id)).toBeNull();
  });

  it('never hands them to another student, and another group’s teacher cannot mark the photo', async () => {
    const solution = await photoSolution();
    await review(teacher.token, solution.id, { correct: false, reviewed: true, annotations: marks });
    const theirs = await listFor(classmate.token);
    expect(theirs.find((s) => s.id === solution.id)).toBeUndefined();
    const asked = await t.app.inject({ method: 'GET', url: `/api/solutions?authorId=${author.user.id}`, headers: bearer(classmate.token) });
    expect(asked.json()).toEqual([]);
    expect(JSON.stringify(theirs)).not.toContain('Крок 2');

    const foreign = await review(otherTeacher.token, solution.id, { correct: true, reviewed: true, annotations: [] });
    expect(foreign.statusCode).toBe(404);
    const student = await review(classmate.token, solution.id, { correct: true, reviewed: true, annotations: [] });
    expect(student.statusCode).toBe(403);
    expect(JSON.parse((await storedText(solution.id))!)).toEqual(marks);
  });

  it('takes the largest marks §14 allows: 200 marks, paths of 500 points', async () => {
    const solution = await photoSolution();
    const path = (k: number): Annotation => ({ type: 'path', color: '#1565c0', points: Array.from({ length: 500 }, (_, i) => [Number((i / 500).toFixed(4)), Number(((k + 1) / 201).toFixed(4))] as [number, number]) });
    const most = Array.from({ length: 200 }, (_, k) => path(k));
    const res = await review(teacher.token, solution.id, { correct: true, reviewed: true, annotations: most });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json<Solution>().annotations).toEqual(most);
  });

  const tick = { type: 'tick', color: '#2e7d32', x: 0.5, y: 0.5 };
  it.each([
    ['201 marks', Array.from({ length: 201 }, () => tick), 'annotations'],
    ['a path of 501 points', [{ type: 'path', color: '#000000', points: Array.from({ length: 501 }, () => [0.5, 0.5]) }], 'annotations.0.points'],
    ['a coordinate above 1', [tick, { ...tick, y: 1.0001 }], 'annotations.1.y'],
    ['a negative coordinate', [{ type: 'path', color: '#000000', points: [[0.2, 0.2], [-0.1, 0.3]] }], 'annotations.0.points.1.0'],
    ['an unknown type', [{ type: 'arrow', color: '#000000', x: 0.5, y: 0.5 }], 'annotations.0.type'],
    ['an extra key', [{ ...tick, style: 'fill:url(javascript:alert(1))' }], 'annotations.0'],
    ['a colour that is not #rrggbb', [{ ...tick, color: 'red' }], 'annotations.0.color'],
    ['a label of 201 characters', [{ type: 'text', color: '#000000', x: 0.5, y: 0.5, text: 'x'.repeat(201) }], 'annotations.0.text'],
    ['not a list', { 0: tick }, 'annotations'],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_name, annotations, field) => {
    const solution = await photoSolution();
    const res = await review(teacher.token, solution.id, { correct: true, reviewed: true, annotations });
    expect(res.statusCode, res.body).toBe(400);
    // The web app shows the i18n key in the teacher's language.
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', validationErrors: { [field]: ANNOTATIONS_INVALID } });
    const row = await t.db.selectFrom('solutions').select(['annotations', 'reviewed']).where('id', '=', solution.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ annotations: null, reviewed: 0 });
  });

  it('keeps a script in a label as the text it is', async () => {
    const solution = await photoSolution();
    const label: Annotation = { type: 'text', color: '#d32f2f', x: 0.3, y: 0.3, text: '<script>alert(1)</script><img src=x onerror=alert(2)>' };
    const res = await review(teacher.token, solution.id, { correct: false, reviewed: true, annotations: [label] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const mine = (await listFor(author.token)).find((s) => s.id === solution.id)!;
    expect(mine.annotations).toEqual([label]);
  });

  it('leaves the photo count alone: marking stores no new image', async () => {
    const solution = await photoSolution();
    const before = await countStoredImages(t);
    await review(teacher.token, solution.id, { correct: true, reviewed: true, annotations: marks });
    expect(await countStoredImages(t)).toBe(before);
  });
});
