import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthenticatedUser, LeaderboardRow } from '@mathclub/shared';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createGroup, createUser } from '../../test/fixtures.js';
import { LeaderboardService } from './leaderboard.service.js';
import { periodStart } from './period-start.js';

type Verdict = 'correct' | 'incorrect' | 'unreviewed';

describe.each(testDatabases())('leaderboard on %s', (dialect) => {
  let t: TestApp;
  let teacher: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    teacher = await createUser(t, { role: 'teacher' });
  });
  afterAll(async () => t.close());

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), 'accept-language': 'en' } });
  const board = async (groupId: number, period = 'all', token = teacher.token): Promise<LeaderboardRow[]> => {
    const res = await get(`/api/leaderboard?groupId=${groupId}&period=${period}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** A group the shared teacher belongs to, with students named as given. */
  const groupWith = async (...names: string[]) => {
    const group = await createGroup(t);
    await t.db.insertInto('user_groups').values({ user_id: teacher.user.id, group_id: group.id }).execute();
    const students = [];
    for (const name of names) students.push((await createUser(t, { name, groupIds: [group.id] })).user);
    return { group, students };
  };
  const task = async (groupId: number, points: number, deleted = false) => {
    const row = await t.db
      .insertInto('tasks')
      .values({
        title: 'Task',
        text: 'Find $x$.',
        level: 'beginner',
        points,
        group_id: groupId,
        author_id: teacher.user.id,
        created_at: '2026-01-01T00:00:00.000Z',
        deleted_at: deleted ? '2026-01-02T00:00:00.000Z' : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const solve = async (taskId: number, authorId: number, createdAt: string, verdict: Verdict = 'correct', reviewedAt?: string) => {
    const reviewed = verdict !== 'unreviewed';
    await t.db
      .insertInto('solutions')
      .values({
        task_id: taskId,
        author_id: authorId,
        answer: 'x = 1',
        reviewed: reviewed ? 1 : 0,
        correct: verdict === 'correct' ? 1 : 0,
        created_at: createdAt,
        reviewed_at: reviewed ? (reviewedAt ?? new Date(Date.parse(createdAt) + 60_000).toISOString()) : null,
        reviewer_id: reviewed ? teacher.user.id : null,
      })
      .execute();
  };
  const at = (minute: number) => new Date(Date.UTC(2026, 8, 1, 10, minute)).toISOString();
  const row = (rank: number, user: { id: number; name: string }, points: number, solved: number) => ({ rank, userId: user.id, name: user.name, points, solved });

  it('shows a student short names from the very next request after the setting changes, even when it changes outside this instance', async () => {
    const { group } = await groupWith();
    const { token } = await createUser(t, { name: 'Olena Petrenko', groupIds: [group.id] });
    const names = async () => (await board(group.id, 'all', token)).map((r) => r.name);
    // Read twice: the setting is cached with the boards from here on.
    expect(await names()).toEqual(['Olena Petrenko']);
    expect(await names()).toEqual(['Olena Petrenko']);
    // Written straight to the database, as another instance would: no cache of this one is told.
    await t.db.updateTable('groups').set({ leaderboard_short_names: 1 }).where('id', '=', group.id).execute();
    expect(await names()).toEqual(['Olena P.']);
    await t.db.updateTable('groups').set({ leaderboard_short_names: 0 }).where('id', '=', group.id).execute();
    expect(await names()).toEqual(['Olena Petrenko']);
  });

  it('gives task points, the accuracy bonus only for a first-attempt success, and speed bonuses by submission order', async () => {
    const { group, students } = await groupWith('Olena', 'Petro');
    const [olena, petro] = students as [typeof students[0], typeof students[0]];
    const t1 = await task(group.id, 3);
    await solve(t1, petro.id, at(1), 'incorrect');
    await solve(t1, olena.id, at(2), 'correct');
    await solve(t1, petro.id, at(3), 'correct');
    // Olena: 3 + 1 (first attempt) + 3 (first correct); Petro retried: 3 + 0 + 2.
    expect(await board(group.id)).toEqual([row(1, olena, 7, 1), row(2, petro, 5, 1)]);
  });

  it('orders the speed bonus by submission time, not by review time, and gives a fourth solver none', async () => {
    const { group, students } = await groupWith('A', 'B', 'C', 'D');
    const [a, b, c, d] = students as [typeof students[0], typeof students[0], typeof students[0], typeof students[0]];
    const t1 = await task(group.id, 1);
    // Reviewed in the opposite order of submission.
    await solve(t1, d.id, at(4), 'correct', at(10));
    await solve(t1, c.id, at(3), 'correct', at(11));
    await solve(t1, b.id, at(2), 'correct', at(12));
    await solve(t1, a.id, at(1), 'correct', at(13));
    expect(await board(group.id)).toEqual([row(1, a, 5, 1), row(2, b, 4, 1), row(3, c, 3, 1), row(4, d, 2, 1)]);
  });

  it('breaks a tie in submission time by the earlier solution', async () => {
    const { group, students } = await groupWith('Second', 'First');
    const [second, first] = students as [typeof students[0], typeof students[0]];
    const t1 = await task(group.id, 2);
    await solve(t1, first.id, at(5));
    await solve(t1, second.id, at(5));
    expect(await board(group.id)).toEqual([row(1, first, 6, 1), row(2, second, 5, 1)]);
  });

  it('leaves out deleted tasks and deactivated students, and the others move up the speed order', async () => {
    const { group, students } = await groupWith('Fast', 'Next', 'Later');
    const [fast, next, later] = students as [typeof students[0], typeof students[0], typeof students[0]];
    const live = await task(group.id, 2);
    const gone = await task(group.id, 5, true);
    await solve(live, fast.id, at(1));
    await solve(live, next.id, at(2));
    await solve(live, later.id, at(3));
    await solve(gone, next.id, at(4));
    expect((await board(group.id)).map((r) => r.points)).toEqual([6, 5, 4]);
    await t.db.updateTable('users').set({ activated: 0 }).where('id', '=', fast.id).execute();
    expect(await board(group.id)).toEqual([row(1, next, 6, 1), row(2, later, 5, 1)]);
  });

  it('lists students with nothing yet at 0, ignores unreviewed work, teachers, other groups and former members', async () => {
    const { group, students } = await groupWith('Busy', 'Idle', 'Waiting');
    const [busy, idle, waiting] = students as [typeof students[0], typeof students[0], typeof students[0]];
    const other = await groupWith('Elsewhere');
    const t1 = await task(group.id, 4);
    const otherTask = await task(other.group.id, 5);
    await solve(t1, busy.id, at(2));
    await solve(t1, waiting.id, at(1), 'unreviewed');
    await solve(t1, teacher.user.id, at(0));
    await solve(otherTask, busy.id, at(3));
    // A student who solved first, then moved to another group, no longer counts here.
    const moved = (await createUser(t, { name: 'Moved', groupIds: [group.id] })).user;
    await solve(t1, moved.id, at(0));
    await t.db.updateTable('user_groups').set({ group_id: other.group.id }).where('user_id', '=', moved.id).execute();
    expect(await board(group.id)).toEqual([row(1, busy, 8, 1), row(2, idle, 0, 0), row(2, waiting, 0, 0)]);
  });

  it('shares a rank between equal points (1, 1, 3) and lists a tie by name, Ukrainian order, then id', async () => {
    const { group, students } = await groupWith('Ірина', 'Ігор', 'Ганна', 'Ґедзь', 'Ігор');
    const [iryna, ihor, hanna, gedz, ihor2] = students as [typeof students[0], typeof students[0], typeof students[0], typeof students[0], typeof students[0]];
    const t1 = await task(group.id, 5);
    const t2 = await task(group.id, 5);
    // Iryna: 5+1+3 = 9 on t1. Hanna: 5+1+3 = 9 on t2. Gedz: 5+1+2 = 8 on t2.
    await solve(t1, iryna.id, at(1));
    await solve(t2, hanna.id, at(1));
    await solve(t2, gedz.id, at(2));
    expect(await board(group.id)).toEqual([
      row(1, hanna, 9, 1),
      row(1, iryna, 9, 1),
      row(3, gedz, 8, 1),
      row(4, ihor, 0, 0),
      row(4, ihor2, 0, 0),
    ]);
  });

  it('counts a solution in the week and the month by its submission time, with the bonuses it earned', async () => {
    const { group, students } = await groupWith('Early', 'Recent');
    const [early, recent] = students as [typeof students[0], typeof students[0]];
    const t1 = await task(group.id, 2);
    const longAgo = new Date(Date.now() - 70 * 86_400_000).toISOString();
    await solve(t1, early.id, longAgo);
    await solve(t1, recent.id, new Date(Date.now() - 60_000).toISOString(), 'incorrect');
    await solve(t1, recent.id, new Date().toISOString());
    expect(await board(group.id, 'all')).toEqual([row(1, early, 6, 1), row(2, recent, 4, 1)]);
    // Recent keeps the second place's bonus; Early's solution is outside the period.
    expect(await board(group.id, 'week')).toEqual([row(1, recent, 4, 1), row(2, early, 0, 0)]);
    expect(await board(group.id, 'month')).toEqual([row(1, recent, 4, 1), row(2, early, 0, 0)]);
    // No period given: all time.
    expect((await get(`/api/leaderboard?groupId=${group.id}`, teacher.token)).json()).toEqual(await board(group.id, 'all'));
  });

  it("starts the week on Monday and the month on the 1st at midnight in the school's time zone", async () => {
    const { group, students } = await groupWith('Sunday', 'Monday', 'October', 'November');
    const [sunday, monday, october, november] = students as [typeof students[0], typeof students[0], typeof students[0], typeof students[0]];
    const t1 = await task(group.id, 1);
    // Saturday 21 November 2026, 14:00 in Kyiv (UTC+2): the week began Sun 15 Nov 22:00 UTC, the month 31 Oct 22:00 UTC.
    const now = new Date('2026-11-21T12:00:00.000Z');
    await solve(t1, october.id, '2026-10-31T21:59:59.999Z');
    await solve(t1, november.id, '2026-10-31T22:00:00.000Z');
    await solve(t1, sunday.id, '2026-11-15T21:59:59.999Z');
    await solve(t1, monday.id, '2026-11-15T22:00:00.000Z');
    const service = new LeaderboardService(t.db, 'Europe/Kyiv', () => now);
    const actor = teacher.user as AuthenticatedUser;
    const points = async (period: 'week' | 'month' | 'all') =>
      Object.fromEntries((await service.forGroup({ ...actor, groups: [group] }, group.id, period)).map((r) => [r.name, r.points]));
    expect(await points('all')).toEqual({ October: 5, November: 4, Sunday: 3, Monday: 2 });
    expect(await points('month')).toEqual({ October: 0, November: 4, Sunday: 3, Monday: 2 });
    expect(await points('week')).toEqual({ October: 0, November: 0, Sunday: 0, Monday: 2 });
    const utc = new LeaderboardService(t.db, 'UTC', () => now);
    expect((await utc.forGroup({ ...actor, groups: [group] }, group.id, 'week')).find((r) => r.name === 'Sunday')?.points).toBe(0);
    expect((await utc.forGroup({ ...actor, groups: [group] }, group.id, 'month')).find((r) => r.name === 'October')?.points).toBe(0);
    expect(periodStart('week', now, 'UTC')).toBe('2026-11-16T00:00:00.000Z');
  });

  describe('access', () => {
    it('lets a student see only their own group and a teacher only the groups they belong to', async () => {
      const { group } = await groupWith('Member');
      const other = await createGroup(t);
      const student = await createUser(t, { groupIds: [group.id] });
      const outsider = await createUser(t, { role: 'teacher', groupIds: [other.id] });
      expect((await get(`/api/leaderboard?groupId=${group.id}`, student.token)).statusCode).toBe(200);
      const forbidden = await get(`/api/leaderboard?groupId=${other.id}`, student.token);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({ code: 'FORBIDDEN', message: 'You are not allowed to do this' });
      expect((await get(`/api/leaderboard?groupId=${group.id}`, outsider.token)).statusCode).toBe(403);
      expect((await get(`/api/leaderboard?groupId=${other.id}`, outsider.token)).statusCode).toBe(200);
      expect((await get(`/api/leaderboard?groupId=${group.id}`)).statusCode).toBe(401);
    });

    it('answers 404 for a group that does not exist', async () => {
      const res = await get('/api/leaderboard?groupId=999999', teacher.token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    });

    it('refuses a bad period or group id with validation errors', async () => {
      const { group } = await groupWith();
      const badPeriod = await get(`/api/leaderboard?groupId=${group.id}&period=year`, teacher.token);
      expect(badPeriod.statusCode).toBe(400);
      expect(badPeriod.json()).toMatchObject({ code: 'VALIDATION_FAILED', validationErrors: { period: 'leaderboard.error.period' } });
      for (const query of ['', '?groupId=abc', '?groupId=0', '?groupId=-1', '?groupId=1.5', '?groupId=99999999999']) {
        const res = await get(`/api/leaderboard${query}`, teacher.token);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().validationErrors, query).toEqual({ groupId: 'common.error.invalidId' });
      }
    });
  });
});
