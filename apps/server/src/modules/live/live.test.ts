import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notificationListSchema, type Solution } from '@mathclub/shared';
import { nowIso } from '../../db/database.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createGroup, createUser } from '../../test/fixtures.js';
import { writeElsewhere } from '../../test/write-elsewhere.js';
import { AchievementsService } from '../achievements/achievements.service.js';
import { multipartBody } from '../files/multipart-test-body.js';
import { insertEvents } from './live.repository.js';
import { openStream, type ReceivedEvent, type TestStream } from './test-stream.js';

type Caller = Awaited<ReturnType<typeof createUser>>;

const setups = testDatabases().flatMap((dialect) => [
  { dialect, redis: undefined as string | undefined },
  ...(process.env.TEST_REDIS_URL ? [{ dialect, redis: process.env.TEST_REDIS_URL }] : []),
]);

/** Lets anything in flight arrive before asserting that something did not. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));
const kinds = (s: TestStream) => s.events.map((e) => e.event);

describe.each(setups)('live events on $dialect (redis: $redis)', ({ dialect, redis }) => {
  let t: TestApp;
  let base: string;
  let groupA: number;
  let groupB: number;
  let teacherA: Caller;
  let teacherB: Caller;
  let studentA: Caller;
  let classmate: Caller;
  let studentB: Caller;
  const streams: TestStream[] = [];

  beforeAll(async () => {
    t = await buildTestApp(dialect, redis ? { redisUrl: redis } : {});
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    groupA = (await createGroup(t)).id;
    groupB = (await createGroup(t)).id;
    teacherA = await createUser(t, { role: 'teacher', name: 'Teacher A', groupIds: [groupA] });
    teacherB = await createUser(t, { role: 'teacher', groupIds: [groupB] });
    studentA = await createUser(t, { name: 'Student A', groupIds: [groupA] });
    classmate = await createUser(t, { groupIds: [groupA] });
    studentB = await createUser(t, { groupIds: [groupB] });
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t.close();
  });

  const open = async (token: string, lastEventId?: string) => {
    const s = await openStream(base, token, lastEventId);
    streams.push(s);
    if (s.status === 200) await s.waitFor((e) => e.event === 'ready');
    return s;
  };
  const addTask = async (groupId: number, title = 'Fractions') =>
    (
      await t.db
        .insertInto('tasks')
        .values({ title, text: 'x', level: 'beginner', points: 2, group_id: groupId, author_id: teacherA.user.id, image_key: null, created_at: nowIso(), deleted_at: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const submit = async (caller: Caller, taskId: number, answer: string) => {
    const body = multipartBody({ taskId, answer });
    const res = await t.app.inject({ method: 'POST', url: '/api/solutions', headers: { ...bearer(caller.token), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Solution>();
  };
  const judge = async (id: number, correct: boolean, feedback?: string) => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/solutions/${id}`, headers: bearer(teacherA.token), payload: { reviewed: true, correct, ...(feedback ? { feedback } : {}) } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const notifications = async (caller: Caller) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(caller.token) });
    expect(res.statusCode).toBe(200);
    return notificationListSchema.parse(res.json());
  };

  it('uses the fan-out this set-up calls for', () => {
    expect(t.app.liveHub.fanOut.driver).toBe(redis ? 'redis' : dialect === 'postgres' ? 'postgres' : 'in-process');
  });

  it('streams as text/event-stream, never cached, and refuses no token or a bad Last-Event-ID', async () => {
    const s = await open(studentA.token);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.headers.get('cache-control')).toBe('no-store');
    s.close();
    const anonymous = await fetch(`${base}/api/events`);
    expect(anonymous.status).toBe(401);
    const bad = await fetch(`${base}/api/events`, { headers: { ...bearer(studentA.token), 'last-event-id': 'drop table' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()) as object).toMatchObject({ statusCode: 400 });
  });

  it("announces an answer the checker judged at once: its group's teachers see it judged, with no notification to act on, and its author's first solve once", async () => {
    const student = await createUser(t, { name: 'Auto Student', groupIds: [groupA] });
    const [sTeacherA, sStudent] = await Promise.all([teacherA, student].map((c) => open(c.token)));
    const [wrongTask, rightTask] = [await addTask(groupA, 'Auto one'), await addTask(groupA, 'Auto two')];
    await t.db.updateTable('tasks').set({ answer_kind: 'number', answer_key: '5/6', check_mode: 'auto' }).where('id', 'in', [wrongTask, rightTask]).execute();
    const notesBefore = (await notifications(teacherA)).notifications.length;

    const wrong = await submit(student, wrongTask, '6/5');
    expect(wrong).toMatchObject({ reviewed: true, correct: false });
    const right = await submit(student, rightTask, '10/12');
    expect(right).toMatchObject({ reviewed: true, correct: true });
    for (const solution of [wrong, right]) {
      const seen = await sTeacherA!.waitFor((e) => e.event === 'solution.submitted' && (e.data as { solution: Solution }).solution.id === solution.id);
      expect(seen.data).toMatchObject({ solution: { id: solution.id, reviewed: true, correct: solution.correct, answer: solution.answer }, groupId: groupA });
    }
    await sStudent!.waitFor((e) => e.event === 'achievement.earned' && (e.data as { code: string }).code === 'solved_1');
    await settle();
    expect((await notifications(teacherA)).notifications.length).toBe(notesBefore);
    expect(sStudent!.events.filter((e) => e.event === 'achievement.earned' && (e.data as { code: string }).code === 'solved_1')).toHaveLength(1);
    expect(kinds(sStudent!)).not.toContain('solution.submitted');
  });

  it('tells each event only to its audience: never a student or teacher of another group', async () => {
    const [sTeacherA, sTeacherB, sStudentA, sClassmate, sStudentB] = await Promise.all([teacherA, teacherB, studentA, classmate, studentB].map((c) => open(c.token)));
    const taskId = await addTask(groupA, 'Live task');

    // A new task: the students of its group.
    await t.app.live.taskPublished({ id: taskId, title: 'Live task', group: { id: groupA } });
    const published = (e: ReceivedEvent) => e.event === 'task.published' && (e.data as { taskId: number }).taskId === taskId;
    await sStudentA!.waitFor(published);
    await sClassmate!.waitFor(published);

    // A new answer: the teachers of the group, with the answer itself for the review page.
    const solution = await submit(studentA, taskId, 'SECRET-LIVE-ANSWER');
    const submitted = await sTeacherA!.waitFor((e) => e.event === 'solution.submitted');
    expect(submitted.data).toMatchObject({ solution: { id: solution.id, answer: 'SECRET-LIVE-ANSWER', author: { name: 'Student A' } }, groupId: groupA, taskTitle: 'Live task' });

    // A verdict: its author, with the feedback (and the group's teachers, for their review pages).
    await judge(solution.id, true, 'Well done');
    const judged = await sStudentA!.waitFor((e) => e.event === 'solution.judged');
    expect(judged.data).toMatchObject({ solution: { id: solution.id, reviewed: true, correct: true, feedback: 'Well done' }, taskTitle: 'Live task' });
    await sStudentA!.waitFor((e) => e.event === 'achievement.earned' && (e.data as { code: string }).code === 'solved_1');
    await settle();

    expect(kinds(sStudentB!).filter((k) => k !== 'ready')).toEqual([]);
    expect(kinds(sTeacherB!).filter((k) => k !== 'ready')).toEqual([]);
    expect(kinds(sClassmate!)).not.toContain('solution.judged');
    expect(kinds(sClassmate!)).not.toContain('solution.submitted');
    expect(kinds(sStudentA!)).not.toContain('solution.submitted');
    expect(kinds(sTeacherA!)).not.toContain('task.published');
    expect(kinds(sTeacherA!)).not.toContain('achievement.earned');
    for (const s of [sClassmate!, sStudentB!, sTeacherB!]) expect(JSON.stringify(s.events)).not.toContain('SECRET-LIVE-ANSWER');
    // Event ids grow, so a client resumes from the last one it saw.
    const ids = sStudentA!.events.map((e) => Number(e.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it("answers a verdict without waiting for the achievements it earned: they follow on the author's stream, after the verdict, and closing waits for them", async () => {
    const student = await createUser(t, { name: 'Gated Student', groupIds: [groupA] });
    const sStudent = await open(student.token);
    const solution = await submit(student, await addTask(groupA, 'Gated'), '7');
    // The achievements' read held until the test lets it go.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const read = AchievementsService.prototype.newlyEarnedMany;
    const held = vi.spyOn(AchievementsService.prototype, 'newlyEarnedMany').mockImplementation(async function (this: AchievementsService, ...args) {
      await gate;
      return read.apply(this, args);
    });
    try {
      await judge(solution.id, true);
      const judged = await sStudent.waitFor((e) => e.event === 'solution.judged' && (e.data as { solution: Solution }).solution.id === solution.id);
      expect(held).toHaveBeenCalledWith([student.user.id]);
      let settled = false;
      const closing = t.app.live.settled().then(() => (settled = true));
      await settle();
      expect(settled).toBe(false);
      expect(kinds(sStudent)).not.toContain('achievement.earned');
      release();
      await closing;
      const earned = await sStudent.waitFor((e) => e.event === 'achievement.earned' && (e.data as { code: string }).code === 'solved_1');
      expect(Number(earned.id)).toBeGreaterThan(Number(judged.id));
    } finally {
      release();
      held.mockRestore();
    }
  });

  it('raises the task events from the task routes: published (not while scheduled), edited, closed', async () => {
    const s = await open(studentA.token);
    const other = await open(studentB.token);
    const createTask = async (fields: Record<string, string | number>) => {
      const body = multipartBody({ title: 'Routed', text: 'Solve it', level: 'beginner', points: 2, group: groupA, ...fields });
      const res = await t.app.inject({ method: 'POST', url: '/api/tasks', headers: { ...bearer(teacherA.token), ...body.headers }, payload: body.payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>().id;
    };
    const scheduled = await createTask({ title: 'Later', opensAt: new Date(Date.now() + 86_400_000).toISOString() });
    const id = await createTask({ title: 'Routed' });
    const of = (kind: string, taskId: number) => (e: ReceivedEvent) => e.event === kind && (e.data as { taskId: number }).taskId === taskId;
    expect((await s.waitFor(of('task.published', id))).data).toMatchObject({ title: 'Routed', groupId: groupA });
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/tasks/${id}`, headers: bearer(teacherA.token), payload: { points: 3 } });
    expect(patched.statusCode, patched.body).toBe(200);
    await s.waitFor(of('task.updated', id));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/tasks/${id}`, headers: bearer(teacherA.token) })).statusCode).toBe(204);
    await s.waitFor(of('task.closed', id));
    await settle();
    expect(s.events.some(of('task.published', scheduled))).toBe(false);
    expect(other.events.map((e) => e.event)).toEqual(['ready']);
  });

  it('stores notifications per user, newest first, with an unread count, and marks only one’s own read', async () => {
    const taskId = await addTask(groupA, 'Notified task');
    await t.app.live.taskPublished({ id: taskId, title: 'Notified task', group: { id: groupA } });
    const solution = await submit(classmate, taskId, '7');
    await judge(solution.id, false, 'Check the sign');

    const mine = await notifications(classmate);
    expect(mine.notifications[0]).toMatchObject({ kind: 'solution.judged', read: false, correct: false, feedback: 'Check the sign', task: { id: taskId, title: 'Notified task' }, solutionId: solution.id });
    expect(mine.notifications.map((n) => n.kind)).toContain('task.published');
    expect(mine.unread).toBe(mine.notifications.filter((n) => !n.read).length);
    const times = mine.notifications.map((n) => n.id);
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const teachers = await notifications(teacherA);
    expect(teachers.notifications.find((n) => n.solutionId === solution.id)).toMatchObject({ kind: 'solution.submitted', author: { id: classmate.user.id } });
    expect((await notifications(studentB)).notifications).toEqual([]);
    expect((await notifications(teacherB)).notifications).toEqual([]);

    // Someone else's ids are ignored; one's own become read.
    const others = (await notifications(studentA)).notifications.map((n) => n.id);
    const res = await t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: bearer(classmate.token), payload: { ids: [...others, mine.notifications[0]!.id] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unread: mine.unread - 1 });
    expect((await notifications(studentA)).notifications.every((n) => others.includes(n.id))).toBe(true);
    expect((await notifications(studentA)).unread).toBeGreaterThan(0);
    expect((await notifications(classmate)).notifications[0]!.read).toBe(true);

    for (const payload of [{}, { ids: [] }, { ids: ['1'] }, { ids: Array.from({ length: 51 }, (_, i) => i + 1) }, { ids: [0] }]) {
      const bad = await t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: bearer(classmate.token), payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      const errors = bad.json<{ validationErrors: Record<string, string> }>().validationErrors;
      expect(Object.keys(errors)[0]).toMatch(/^ids/);
      expect(Object.values(errors)).toEqual(['notifications.error.ids']);
    }
  });

  it("notifies the teachers the answer's group has at that moment: one added, then one deactivated, by another instance", async () => {
    const group = (await createGroup(t)).id;
    const first = await createUser(t, { role: 'teacher', groupIds: [group] });
    const second = await createUser(t, { role: 'teacher', groupIds: [] });
    const students = [await createUser(t, { groupIds: [group] }), await createUser(t, { groupIds: [group] }), await createUser(t, { groupIds: [group] })];
    const taskId = await addTask(group, 'Roster');
    const notified = async (solutionId: number) => {
      const rows = await t.db.selectFrom('notifications').select(['user_id', 'payload']).where('kind', '=', 'solution.submitted').execute();
      return rows.filter((r) => (JSON.parse(r.payload) as { solutionId: number }).solutionId === solutionId).map((r) => Number(r.user_id)).sort((a, b) => a - b);
    };
    expect(await notified((await submit(students[0]!, taskId, '1')).id)).toEqual([first.user.id]);
    await writeElsewhere(t, 'insert into user_groups (user_id, group_id) values (?, ?)', [second.user.id, group]);
    expect(await notified((await submit(students[1]!, taskId, '2')).id)).toEqual([first.user.id, second.user.id].sort((a, b) => a - b));
    await writeElsewhere(t, 'update users set activated = 0 where id = ?', [first.user.id]);
    expect(await notified((await submit(students[2]!, taskId, '3')).id)).toEqual([second.user.id]);
  });

  it('prunes notifications after 90 days and events after a day', async () => {
    const old = new Date(Date.now() - 91 * 86_400_000).toISOString();
    await t.db.insertInto('notifications').values({ user_id: studentB.user.id, kind: 'task.published', payload: '{}', created_at: old, read_at: null }).execute();
    await t.db.insertInto('live_events').values({ audience: 'user', audience_id: studentB.user.id, kind: 'task.published', payload: '{}', created_at: old }).execute();
    const { prune } = await import('./live.repository.js');
    await prune(t.db, new Date(Date.now() - 86_400_000).toISOString(), new Date(Date.now() - 90 * 86_400_000).toISOString());
    expect(await t.db.selectFrom('notifications').select('id').where('created_at', '=', old).execute()).toEqual([]);
    expect(await t.db.selectFrom('live_events').select('id').where('created_at', '=', old).execute()).toEqual([]);
  });

  it('resumes with Last-Event-ID: the events missed while away, in order, then live ones', async () => {
    const first = await open(studentA.token);
    const ready = first.events.find((e) => e.event === 'ready')!;
    first.close();
    const t1 = await addTask(groupA, 'While away 1');
    const t2 = await addTask(groupA, 'While away 2');
    await t.app.live.taskPublished({ id: t1, title: 'While away 1', group: { id: groupA } });
    await t.app.live.taskPublished({ id: t2, title: 'While away 2', group: { id: groupA } });
    await t.app.live.taskPublished({ id: await addTask(groupB), title: 'Other group', group: { id: groupB } });

    const again = await open(studentA.token, ready.id);
    const missed = again.events.filter((e) => e.event === 'task.published').map((e) => (e.data as { taskId: number }).taskId);
    expect(missed).toEqual([t1, t2]);
    const t3 = await addTask(groupA, 'Live again');
    await t.app.live.taskPublished({ id: t3, title: 'Live again', group: { id: groupA } });
    await again.waitFor((e) => e.event === 'task.published' && (e.data as { taskId: number }).taskId === t3);
    expect(again.events.filter((e) => e.event === 'task.published').map((e) => (e.data as { taskId: number }).taskId)).toEqual([t1, t2, t3]);
  });

  it('writes every event to its stream when their messages come out of id order (PostgreSQL commits them so)', async () => {
    const s = await open(studentA.token);
    // Two events stored, then announced higher id first: on PostgreSQL the transaction that took
    // the lower id can commit (and notify) after the other's.
    const [low] = await insertEvents(t.db, [{ to: { audience: 'user', id: studentA.user.id }, kind: 'achievement.earned', data: { kind: 'achievement.earned', code: 'solved_1' } }]);
    const [high] = await insertEvents(t.db, [{ to: { audience: 'user', id: studentA.user.id }, kind: 'achievement.earned', data: { kind: 'achievement.earned', code: 'solved_5' } }]);
    expect(low!).toBeLessThan(high!);
    await t.app.liveHub.fanOut.publish([high!]);
    await s.waitFor((e) => e.id === String(high));
    await t.app.liveHub.fanOut.publish([low!]);
    await s.waitFor((e) => e.id === String(low));
    // Announced again (a resume's backlog and a live message may overlap): written once.
    await t.app.liveHub.fanOut.publish([low!, high!]);
    await settle();
    expect(s.events.filter((e) => e.id === String(low) || e.id === String(high))).toHaveLength(2);
  });

  it("closes a deactivated user's stream at the next event, and a logged-out session's", async () => {
    const student = await createUser(t, { groupIds: [groupA] });
    const s = await open(student.token);
    const res = await t.app.inject({ method: 'PUT', url: `/api/users/${student.user.id}`, headers: bearer(teacherA.token), payload: { activated: false } });
    expect(res.statusCode, res.body).toBe(200);
    const taskId = await addTask(groupA);
    await t.app.live.taskPublished({ id: taskId, title: 'After deactivation', group: { id: groupA } });
    await s.ended;
    expect(kinds(s)).not.toContain('task.published');
    // Nor can it open again.
    expect((await fetch(`${base}/api/events`, { headers: bearer(student.token) })).status).toBe(401);

    const other = await createUser(t, { groupIds: [groupA] });
    const s2 = await open(other.token);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(other.token) })).statusCode).toBe(204);
    await t.app.live.taskPublished({ id: taskId, title: 'After logout', group: { id: groupA } });
    await s2.ended;
    expect(kinds(s2)).not.toContain('task.published');
  });
});
