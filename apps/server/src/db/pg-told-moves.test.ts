import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCURACY_BONUS, SPEED_BONUSES } from '@mathclub/shared';
import { testDatabases, type TestApp } from '../test/build-test-app.js';
import { bearer, createGroup, createTaskRow, createUser } from '../test/fixtures.js';
import { ownDatabase, testAppOnOwnDatabase, until, watchedFakeClient, withClient } from '../test/pg-clients.js';
import { multipartBody } from '../modules/files/multipart-test-body.js';
import { liveTaskVersions } from '../modules/tasks/task-versions.js';
import { taskSolutionVersions } from '../modules/tasks/tasks.repository.js';
import { createDb, nowIso, observeQueries } from './database.js';
import { migrateToLatest } from './migrate.js';
import * as toldCounterMoves from './migrations/2026120100_told_counter_moves.js';
import { instanceConnection, SoleInstance, type SoleInstanceTiming } from './pg-sole-instance.js';
import { TOLD_MOVES_OPTIONS, ToldMoves } from './pg-told-moves.js';

describe('ToldMoves', () => {
  it('moves a scope its trigger told once the transaction has ended, not before', () => {
    const moves = new ToldMoves(() => 1);
    const c = watchedFakeClient(moves);
    expect(moves.view()!('g', 5)).toBe('1.0');
    c.told('g5');
    // Inside a transaction block (and one that failed, waiting for its rollback): nothing committed yet.
    c.ready('T');
    c.ready('E');
    expect(moves.view()!('g', 5)).toBe('1.0');
    c.ready('I');
    expect(moves.view()!('g', 5)).toBe('1.1');
    // Settled once: the next statement's end moves nothing it did not tell.
    c.ready('I');
    expect(moves.view()!('g', 5)).toBe('1.1');
    expect(moves.view()!('u', 5)).toBe('1.0');
  });

  it('counts each scope of a notice that names several', () => {
    const moves = new ToldMoves(() => 1);
    const c = watchedFakeClient(moves);
    const view = moves.view()!;
    c.told('g5 p5 u12 t40');
    c.told('g5');
    c.ready('I');
    expect(['g5', 'p5', 'u12', 't40', 'g6'].map((k) => view(k[0]!, Number(k.slice(1))))).toEqual(['1.1', '1.1', '1.1', '1.1', '1.0']);
  });

  it("keeps each connection's transaction apart, and counts one whose connection is lost as ended", () => {
    const moves = new ToldMoves(() => 1);
    const [a, b] = [watchedFakeClient(moves), watchedFakeClient(moves)];
    expect(moves.view()!('t', 7)).toBe('1.0');
    a.told('t7');
    b.told('t7');
    b.ready('I');
    expect(moves.view()!('t', 7)).toBe('1.1');
    // Committed or not, nobody can tell: it moves as if it had.
    a.lost();
    expect(moves.view()!('t', 7)).toBe('1.2');
  });

  it('ignores other notices, has no view while the instance is not alone, and starts over in each epoch', () => {
    let epoch: number | null = 3;
    const moves = new ToldMoves(() => epoch);
    const c = watchedFakeClient(moves);
    expect(moves.accountsStamp()).toBe('3.0 3.0');
    c.emit('notice', { message: 'relation "x" already exists, skipping' });
    c.emit('notice', { message: 'mathclub moved' });
    c.told('r0');
    c.ready('I');
    expect(moves.view()!('r', 0)).toBe('3.1');
    expect(moves.accountsStamp()).toBe('3.1 3.0');
    epoch = null;
    expect(moves.view()).toBeNull();
    expect(moves.accountsStamp()).toBeNull();
    c.told('r0');
    // Kept again after a gap in which other instances may have written: nothing counted before it
    // is taken for what is counted now, and the epoch tells the two apart.
    epoch = 4;
    expect(moves.view()!('r', 0)).toBe('4.0');
    c.ready('I');
    expect(moves.view()!('r', 0)).toBe('4.1');
  });
});

/**
 * The production timing scaled down, as in pg-sole-instance.test.ts, but a clean heartbeat lets the
 * instance keep for 5 s: a heartbeat held up by a busy test machine must not end an epoch in the
 * middle of a test that counts the queries of one.
 */
const FAST: SoleInstanceTiming = { everyMs: 40, freshMs: 400, cleanChecks: 3, validMs: 5_000, strangerHoldMs: 1_000 };

/** A plain client, with the startup options given, and the details its session is told. */
const asClient = <T>(url: string, options: string | undefined, use: (client: pg.Client, told: string[]) => Promise<T>): Promise<T> => withClient(url, use, options);

/**
 * Migration 2026120100 and db/pg-told-moves.ts: the triggers tell the writing connection which
 * counters it moved, and an instance alone on its database counts them itself, so every write is
 * seen at the next request without the account check asking PostgreSQL for any counter.
 */
describe.each(testDatabases().filter((d) => d === 'postgres'))('counter moves told on %s', () => {
  // A database of its own, so that the instance can be alone on it (pg-sole-instance.test.ts).
  const own = ownDatabase('mathclub_told');
  const { name, url, adminUrl } = own;
  let t: TestApp;
  const alone = () => t.database.counterView?.() != null;
  beforeAll(async () => {
    t = await testAppOnOwnDatabase(own, FAST);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('tells a session that asks each counter its writes move, and a session that does not ask nothing', async () => {
    const group = await createGroup(t);
    const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    const student = await createUser(t, { groupIds: [group.id] });
    // A DBA's setting that would silence notices is overridden by the instance's own.
    await asClient(adminUrl, undefined, (c) => c.query(`alter database ${name} set client_min_messages = warning`));
    await asClient(url, TOLD_MOVES_OPTIONS, async (c, told) => {
      const task = await c.query<{ id: number }>(
        `insert into tasks (title, text, level, points, group_id, author_id, created_at) values ('T', 'x', 'beginner', 2, $1, $2, $3) returning id`,
        [group.id, teacher.user.id, nowIso()],
      );
      const taskId = task.rows[0]!.id;
      expect(told.splice(0)).toEqual([`k0 k${group.id}`]);
      await c.query(`update tasks set title = 'U' where id = $1`, [taskId]);
      expect(told.splice(0)).toEqual([`k0 k${group.id} e0`]);
      const solution = await c.query<{ id: number }>(`insert into solutions (task_id, author_id, answer, created_at) values ($1, $2, '4', $3) returning id`, [taskId, student.user.id, nowIso()]);
      expect(told.splice(0)).toEqual([`g${group.id} u${student.user.id} t${taskId}`]);
      await c.query('update solutions set reviewed = 1, correct = 1 where id = $1', [solution.rows[0]!.id]);
      expect(told.splice(0)).toEqual([`g${group.id} p${group.id} u${student.user.id} t${taskId}`]);
      await c.query(`update users set name = 'N' where id = $1`, [student.user.id]);
      expect(told.splice(0)).toEqual(['r0']);
      await c.query(`insert into revoked_tokens (jti, user_id, expires_at) values ('x', $1, $2)`, [student.user.id, nowIso()]);
      expect(told.splice(0)).toEqual(['a0']);
    });
    await asClient(url, undefined, async (c, told) => {
      await c.query(`update users set name = 'M' where id = $1`, [student.user.id]);
      expect(told).toEqual([]);
    });
    await asClient(adminUrl, undefined, (c) => c.query(`alter database ${name} reset client_min_messages`));
  });

  it('while alone, sees an answer, a verdict, a logout and a deactivation at the next request, asking no counter for them', async () => {
    const group = await createGroup(t);
    const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    const student = await createUser(t, { groupIds: [group.id] });
    const other = await createUser(t, { groupIds: [group.id] });
    const taskId = await createTaskRow(t, group.id, teacher.user.id);
    await t.database.instance!.announce();
    await until(alone, 'the instance counts its moves');
    const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
    const board = async () => (await get(other.token, `/api/leaderboard?groupId=${group.id}`)).json<{ userId: number; points: number }[]>();
    // Cached from here on: the lists and the board as they are now.
    expect((await get(student.token, '/api/solutions')).json()).toEqual([]);
    expect((await board()).find((r) => r.userId === student.user.id)?.points ?? 0).toBe(0);
    expect((await get(teacher.token, '/api/solutions?reviewed=false')).json()).toEqual([]);
    const stamp = t.database.changeStamp!();
    const accountQueries = vi.spyOn(t.database.accountPool!, 'query');
    try {
      const body = multipartBody({ taskId, answer: '4' });
      const sent = await t.app.inject({ method: 'POST', url: '/api/solutions', headers: { ...bearer(student.token), ...body.headers }, payload: body.payload });
      expect(sent.statusCode, sent.body).toBe(201);
      const mine = (await get(student.token, '/api/solutions')).json<{ id: number; reviewed: boolean }[]>();
      expect(mine.map((s) => [s.id, s.reviewed])).toEqual([[sent.json<{ id: number }>().id, false]]);
      expect((await get(teacher.token, '/api/solutions?reviewed=false')).json<{ id: number }[]>().map((s) => s.id)).toEqual([sent.json<{ id: number }>().id]);
      const judged = await t.app.inject({ method: 'PUT', url: `/api/solutions/${sent.json<{ id: number }>().id}`, headers: bearer(teacher.token), payload: { reviewed: true, correct: true } });
      expect(judged.statusCode, judged.body).toBe(200);
      // The task's 2 points, the first solver's speed bonus and the bonus for a first answer right.
      expect((await board()).find((r) => r.userId === student.user.id)?.points).toBe(2 + SPEED_BONUSES[0] + ACCURACY_BONUS);
      expect((await get(student.token, '/api/solutions')).json<{ correct: boolean }[]>().map((s) => s.correct)).toEqual([true]);
      // Only counters moved: every account was answered from what was read before, in one epoch.
      expect(t.database.changeStamp!()).toBe(stamp);
      expect(accountQueries).not.toHaveBeenCalled();
    } finally {
      accountQueries.mockRestore();
    }
    // A logout ends that token at the next request, and a deactivation the account.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(other.token) })).statusCode).toBe(204);
    expect((await get(other.token, '/api/tasks/mine')).statusCode).toBe(401);
    const off = await t.app.inject({ method: 'PUT', url: `/api/users/${student.user.id}`, headers: bearer(teacher.token), payload: { ...student.user, activated: false } });
    expect(off.statusCode, off.body).toBe(200);
    const refused = await get(student.token, '/api/tasks/mine');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_DEACTIVATED' });
  });

  it("counts a transaction's moves when it commits, not before", async () => {
    await until(alone, 'the instance counts its moves');
    const group = await createGroup(t);
    const version = () => t.database.counterView!()!('k', group.id);
    const before = version();
    const seen: string[] = [];
    await t.db.transaction().execute(async (trx) => {
      const teacher = await trx.selectFrom('users').select('id').limit(1).executeTakeFirstOrThrow();
      await trx
        .insertInto('tasks')
        .values({ title: 'T', text: 'x', level: 'beginner', points: 2, group_id: group.id, author_id: teacher.id, image_key: null, created_at: nowIso(), deleted_at: null })
        .execute();
      seen.push(version());
    });
    seen.push(version());
    const [epoch, count] = before.split('.').map(Number) as [number, number];
    expect(seen).toEqual([`${epoch}.${count}`, `${epoch}.${count + 1}`]);
  });

  it("answers the live tasks' versions from the counted counters, asking only after a task of the group changed", async () => {
    await until(alone, 'the instance counts its moves');
    const group = await createGroup(t);
    const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    const student = await createUser(t, { groupIds: [group.id] });
    const addTask = () => createTaskRow(t, group.id, teacher.user.id);
    const [a, b] = [await addTask(), await addTask()];
    let queries = 0;
    observeQueries(() => queries++);
    try {
      const first = await liveTaskVersions(t.db, [group.id]);
      expect([...first.keys()].sort()).toEqual([...(await taskSolutionVersions(t.db, [group.id])).keys()].sort());
      queries = 0;
      expect(await liveTaskVersions(t.db, [group.id])).toEqual(first);
      expect(queries).toBe(0);
      // An answer moves its task's version and no other; nothing is asked for it.
      await t.db.insertInto('solutions').values({ task_id: a, author_id: student.user.id, answer: '4', reviewed: 0, correct: 0, created_at: nowIso() }).execute();
      queries = 0;
      const answered = await liveTaskVersions(t.db, [group.id]);
      expect(queries).toBe(0);
      expect(answered.get(a)).not.toBe(first.get(a));
      expect(answered.get(b)).toBe(first.get(b));
      // A task added or deleted is the group's tasks changing: asked once, then kept again.
      const c = await addTask();
      await t.db.updateTable('tasks').set({ deleted_at: nowIso() }).where('id', '=', b).execute();
      queries = 0;
      const changed = await liveTaskVersions(t.db, [group.id]);
      expect(queries).toBe(1);
      expect([...changed.keys()].sort((x, y) => x - y)).toEqual([a, c]);
      queries = 0;
      await liveTaskVersions(t.db, [group.id]);
      expect(queries).toBe(0);
    } finally {
      observeQueries(undefined);
    }
  });

  it('can be undone, telling nothing while the counters still move, and done again twice', async () => {
    const group = await createGroup(t);
    const { db } = t.database;
    const rename = (c: pg.Client) => c.query('update groups set name = name where id = $1', [group.id]);
    const roster = async () => Number((await db.selectFrom('change_counters').select('version').where('kind', '=', 'r').where('id', '=', 0).executeTakeFirstOrThrow()).version);
    await toldCounterMoves.down(db as Kysely<unknown>, 'postgres');
    try {
      const before = await roster();
      await asClient(url, TOLD_MOVES_OPTIONS, async (c, told) => {
        await rename(c);
        expect(told).toEqual([]);
      });
      expect(await roster()).toBe(before + 1);
    } finally {
      await toldCounterMoves.up(db as Kysely<unknown>, 'postgres');
      // Twice: a migration interrupted after its first statements runs again from the start.
      await toldCounterMoves.up(db as Kysely<unknown>, 'postgres');
    }
    await asClient(url, TOLD_MOVES_OPTIONS, async (c, told) => {
      await rename(c);
      expect(told).toEqual(['r0']);
    });
  });
});

describe.each(testDatabases().filter((d) => d === 'postgres'))('an instance whose sessions are not told on %s', () => {
  const { url, create, drop } = ownDatabase('mathclub_untold');
  beforeAll(async () => {
    await create();
    const database = createDb(url, { poolSize: 1 });
    await migrateToLatest(database);
    await database.destroy();
  });
  afterAll(async () => {
    await drop();
  });

  /** Whether a lone instance whose connections start with `options` comes to keep. */
  async function keeps(options: string | undefined): Promise<boolean> {
    const own = instanceConnection(url);
    const instance = new SoleInstance(own.id, own.applicationName, () => new pg.Client({ connectionString: own.url, ...(options ? { options } : {}) }), FAST);
    try {
      await instance.announce();
      await new Promise((resolve) => setTimeout(resolve, FAST.everyMs * (FAST.cleanChecks + 4)));
      return instance.keepingEpoch() !== null;
    } finally {
      await instance.stop();
    }
  }

  // Through a pooler that drops startup options, say: it would count none of its own writes' moves.
  it('never keeps, and does keep once they are', async () => {
    expect(await keeps(undefined)).toBe(false);
    expect(await keeps('-c client_min_messages=warning -c mathclub.told_moves=on')).toBe(false);
    expect(await keeps(TOLD_MOVES_OPTIONS)).toBe(true);
  });
});
