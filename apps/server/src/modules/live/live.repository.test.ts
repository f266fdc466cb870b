import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { createGroup, createUser } from '../../test/fixtures.js';
import { insertEvents, type NewLiveEvent } from './live.repository.js';

describe.each(testDatabases())('storing live events on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const count = async (table: 'live_events' | 'notifications', userIds: number[]) =>
    table === 'live_events'
      ? Number((await t.db.selectFrom('live_events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
      : Number((await t.db.selectFrom('notifications').select((eb) => eb.fn.countAll().as('n')).where('user_id', 'in', userIds).executeTakeFirstOrThrow()).n);

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
});
