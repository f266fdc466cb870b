import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { createGroup, createTaskRow, createUser } from '../../test/fixtures.js';
import { newSolutionValues } from '../solutions/solutions.repository.js';
import { aroundId, insertEvents, insertRowWithEvent, type NewLiveEvent, type PendingEvent } from './live.repository.js';

/** Every live event, or the notifications of these users. */
async function rowCount(t: TestApp, table: 'live_events' | 'notifications', userIds: number[]): Promise<number> {
  return table === 'live_events'
    ? Number((await t.db.selectFrom('live_events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
    : Number((await t.db.selectFrom('notifications').select((eb) => eb.fn.countAll().as('n')).where('user_id', 'in', userIds).executeTakeFirstOrThrow()).n);
}

describe.each(testDatabases())('storing live events on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const count = (table: 'live_events' | 'notifications', userIds: number[]) => rowCount(t, table, userIds);

  it('stores more events than one INSERT holds, each user notification and a group notification to its teachers, all returned by id', async () => {
    const group = await createGroup(t);
    const teachers = [await createUser(t, { role: 'teacher', groupIds: [group.id] }), await createUser(t, { role: 'teacher', groupIds: [group.id] })];
    const students = await Promise.all([0, 1, 2].map(() => createUser(t, { groupIds: [group.id] })));
    const everyone = [...teachers, ...students].map((u) => u.user.id);
    const before = await count('live_events', []);
    // 1,201 events: three multi-row INSERTs of at most 500 (on PostgreSQL three CTEs of one statement).
    const events: NewLiveEvent[] = Array.from({ length: 1_200 }, (_, i) => ({
      to: { audience: 'user', id: students[i % 3]!.user.id },
      kind: 'achievement.earned',
      data: { kind: 'achievement.earned', code: `c${i}` },
      notification: { kind: 'achievement.earned', payload: { code: `c${i}` } },
    }));
    events.push({ to: { audience: 'group_teachers', id: group.id }, kind: 'solution.submitted', data: { n: 1 }, notification: { kind: 'solution.submitted', payload: { n: 1 } } });
    const ids = await insertEvents(t.db, events);
    expect(new Set(ids).size).toBe(1_201);
    expect(await count('live_events', [])).toBe(before + 1_201);
    const stored = await t.db.selectFrom('live_events').select(['id', 'payload']).where('id', 'in', ids).execute();
    expect(stored.filter((e) => e.payload === JSON.stringify({ kind: 'achievement.earned', code: 'c1199' }))).toHaveLength(1);
    // 400 for each student, one for each teacher of the group, none for anyone else.
    expect(await count('notifications', everyone)).toBe(1_202);
    expect(await count('notifications', [teachers[0]!.user.id])).toBe(1);
    expect(await count('notifications', [students[2]!.user.id])).toBe(400);
  });

  it('stores an announcement too large for one PostgreSQL statement (more bound parameters than it takes) whole', async () => {
    const student = await createUser(t);
    // 14,000 events and as many notifications: 140,000 parameters as one statement, over 65,535.
    const events: NewLiveEvent[] = Array.from({ length: 14_000 }, (_, i) => ({
      to: { audience: 'user', id: student.user.id },
      kind: 'achievement.earned',
      data: { i },
      notification: { kind: 'achievement.earned', payload: { i } },
    }));
    const ids = await insertEvents(t.db, events);
    expect(new Set(ids).size).toBe(14_000);
    expect(await count('notifications', [student.user.id])).toBe(14_000);
  }, 60_000);

  it("finds the id's place only where a key holds 0", () => {
    expect(aroundId('{"a":{"id":0,"b":"\\"id\\":0"}}', '"a":{"id":')).toEqual(['{"a":{"id":', ',"b":"\\"id\\":0"}}']);
    expect(aroundId('{"solutionId":0}', '"solutionId":')).toEqual(['{"solutionId":', '}']);
    expect(() => aroundId('{"solutionId":7}', '"solutionId":')).toThrow();
    expect(() => aroundId('{"solutionId":05}', '"solutionId":')).toThrow();
  });
});

/** PostgreSQL only: SQLite stores an answer and its event as two steps in process. */
describe.each(testDatabases().filter((d) => d === 'postgres'))('an answer and its event in one statement on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const count = (table: 'live_events' | 'notifications', userIds: number[]) => rowCount(t, table, userIds);

  it("stores a row and the event announcing it in one statement, the row's id written where the payloads held 0, or neither", async () => {
    const group = await createGroup(t);
    const teachers = [await createUser(t, { role: 'teacher', groupIds: [group.id] }), await createUser(t, { role: 'teacher', groupIds: [group.id] })];
    const student = await createUser(t, { groupIds: [group.id] });
    const taskId = await createTaskRow(t, group.id, teachers[0]!.user.id);
    // An answer whose text holds what the id's place looks like: JSON escapes its quotes, so only the key matches.
    const answer = '"solution":{"id":0} and "solutionId":0';
    const values = newSolutionValues({ taskId, authorId: student.user.id, answer, imageKey: null, autoVerdict: null, finalVerdict: null });
    const data = (id: number) => ({ kind: 'solution.submitted', solution: { id, answer, author: { id: student.user.id } }, groupId: group.id });
    const payload = (id: number) => ({ task: { id: taskId }, solutionId: id, author: { id: student.user.id, name: answer } });
    const pending: PendingEvent = {
      event: { to: { audience: 'group_teachers', id: group.id }, kind: 'solution.submitted', data: data(0), notification: { kind: 'solution.submitted', payload: payload(0), recipients: teachers.map((x) => x.user.id) } },
      idPlaces: { data: '"solution":{"id":', notification: '"solutionId":' },
    };
    const insert = () => t.db.insertInto('solutions').values(values).onConflict((oc) => oc.columns(['task_id', 'author_id']).where(sql<boolean>`reviewed = 0 or correct = 1`).doNothing()).returning('id');
    const stored = await insertRowWithEvent(t.db, insert(), pending);
    expect(stored).toBeDefined();
    const row = await t.db.selectFrom('solutions').select(['id', 'answer']).where('id', '=', stored!.id).executeTakeFirstOrThrow();
    expect(row.answer).toBe(answer);
    const event = await t.db.selectFrom('live_events').select('payload').where('id', '=', stored!.eventId).executeTakeFirstOrThrow();
    expect(event.payload).toBe(JSON.stringify(data(stored!.id)));
    const notes = await t.db.selectFrom('notifications').select(['user_id', 'payload']).where('user_id', 'in', teachers.map((x) => x.user.id)).orderBy('user_id').execute();
    expect(notes).toEqual(teachers.map((x) => ({ user_id: x.user.id, payload: JSON.stringify(payload(stored!.id)) })));

    // The same author's second open answer: the insert adds nothing, and neither event nor notification is stored.
    const events = await count('live_events', []);
    expect(await insertRowWithEvent(t.db, insert(), pending)).toBeUndefined();
    expect(await count('live_events', [])).toBe(events);
    expect(await count('notifications', teachers.map((x) => x.user.id))).toBe(2);
  });

  it('stores an event without a notification with its row (an answer the checker judged at once): no notification is written', async () => {
    const group = await createGroup(t);
    const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    const student = await createUser(t, { groupIds: [group.id] });
    const taskId = await createTaskRow(t, group.id, teacher.user.id);
    const values = newSolutionValues({ taskId, authorId: student.user.id, answer: '5/6', imageKey: null, autoVerdict: 'correct', finalVerdict: { correct: true } });
    const data = (id: number) => ({ kind: 'solution.submitted', solution: { id, reviewed: true, correct: true }, groupId: group.id });
    const pending: PendingEvent = { event: { to: { audience: 'group_teachers', id: group.id }, kind: 'solution.submitted', data: data(0) }, idPlaces: { data: '"solution":{"id":' } };
    const notes = await count('notifications', [teacher.user.id]);
    const stored = await insertRowWithEvent(t.db, t.db.insertInto('solutions').values(values).returning('id'), pending);
    const event = await t.db.selectFrom('live_events').select('payload').where('id', '=', stored!.eventId).executeTakeFirstOrThrow();
    expect(event.payload).toBe(JSON.stringify(data(stored!.id)));
    expect(await count('notifications', [teacher.user.id])).toBe(notes);
    // An event with a notification needs a place for the id in it, or nothing is written.
    const rows = await count('live_events', []);
    const noPlace: PendingEvent = { ...pending, event: { ...pending.event, notification: { kind: 'solution.submitted', payload: { solutionId: 0 }, recipients: [teacher.user.id] } } };
    await expect(insertRowWithEvent(t.db, t.db.insertInto('solutions').values(values).returning('id'), noPlace)).rejects.toThrow(/place/);
    expect(await count('live_events', [])).toBe(rows);
  });
});
