import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../test/build-test-app.js';
import { bearer, createGroup, createTaskRow, createUser } from '../test/fixtures.js';
import { changeTokenReader, isNotNewer, tokenFromKnown } from './change-tokens.js';
import { ReadyJson } from '../lib/ready-json.js';
import { ReadCache } from './read-cache.js';
import { writeElsewhere as writeElsewhereInto } from '../test/write-elsewhere.js';

describe.each(testDatabases())('read cache on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const writeElsewhere = (statement: string, params: unknown[]) => writeElsewhereInto(t, statement, params);

  it('keeps a result while nothing changes and shares one computation between concurrent misses', async () => {
    const cache = new ReadCache(changeTokenReader(t.db));
    let computed = 0;
    const compute = async () => ++computed;
    expect(await Promise.all([cache.get('k', {}, compute), cache.get('k', {}, compute)])).toEqual([1, 1]);
    expect(await cache.get('k', {}, compute)).toBe(1);
    expect(computed).toBe(1);
  });

  it('recomputes after a write through the same connection and after one from another process', async () => {
    const cache = new ReadCache(changeTokenReader(t.db));
    let computed = 0;
    const compute = async () => ++computed;
    expect(await cache.get('k', {}, compute)).toBe(1);
    await createGroup(t);
    expect(await cache.get('k', {}, compute)).toBe(2);
    await writeElsewhere('insert into groups (name, name_key, created_at) values (?, ?, ?)', ['Elsewhere', 'elsewhere', new Date().toISOString()]);
    expect(await cache.get('k', {}, compute)).toBe(3);
    expect(await cache.get('k', {}, compute)).toBe(3);
  });

  it("keeps other groups' and other students' reads when an answer arrives in one group (issue 15)", async () => {
    const [a, b] = [await createGroup(t), await createGroup(t)];
    const teacher = await createUser(t, { role: 'teacher', groupIds: [a.id, b.id] });
    const [inA, inB] = [await createUser(t, { groupIds: [a.id] }), await createUser(t, { groupIds: [b.id] })];
    const taskIn = (group: number) => createTaskRow(t, group, teacher.user.id);
    const taskB = await taskIn(b.id);
    const cache = new ReadCache(changeTokenReader(t.db));
    const counts = new Map<string, number>();
    const read = (key: string, scope: Parameters<ReadCache['get']>[1]) =>
      cache.get(key, scope, async () => {
        counts.set(key, (counts.get(key) ?? 0) + 1);
        return key;
      });
    const readAll = () =>
      Promise.all([
        read('review A', { groups: [a.id], tasksOf: [a.id] }),
        read('review B', { groups: [b.id], tasksOf: [b.id] }),
        read('board A', { points: [a.id], tasksOf: [a.id] }),
        read('board B', { points: [b.id], tasksOf: [b.id] }),
        read('own A', { user: inA.user.id, tasksOf: 'existing' }),
        read('own B', { user: inB.user.id, tasksOf: 'existing' }),
        read('teacher', { groups: [a.id, b.id], tasksOf: [a.id, b.id] }),
        read('tasks', { tasksOf: [a.id] }),
        read('tasks B', { tasksOf: [b.id] }),
        read('names', { tasksOf: [] }),
        read('every task', {}),
      ]);
    const expectComputed = (n: Record<string, number>) => expect(Object.fromEntries(counts)).toEqual(n);
    await readAll();
    // An answer waiting for review: B's solutions and its author move, no board does.
    await writeElsewhere('insert into solutions (task_id, author_id, answer, reviewed, correct, created_at) values (?, ?, ?, 0, 0, ?)', [taskB, inB.user.id, '42', new Date().toISOString()]);
    await readAll();
    expectComputed({ 'review A': 1, 'review B': 2, 'board A': 1, 'board B': 1, 'own A': 1, 'own B': 2, teacher: 2, tasks: 1, 'tasks B': 1, names: 1, 'every task': 1 });
    // Judged incorrect: still no points; then judged correct: B's board moves.
    await writeElsewhere('update solutions set reviewed = 1, correct = 0 where task_id = ?', [taskB]);
    await readAll();
    expectComputed({ 'review A': 1, 'review B': 3, 'board A': 1, 'board B': 1, 'own A': 1, 'own B': 3, teacher: 3, tasks: 1, 'tasks B': 1, names: 1, 'every task': 1 });
    await writeElsewhere('update solutions set correct = 1 where task_id = ?', [taskB]);
    await readAll();
    expectComputed({ 'review A': 1, 'review B': 4, 'board A': 1, 'board B': 2, 'own A': 1, 'own B': 4, teacher: 4, tasks: 1, 'tasks B': 1, names: 1, 'every task': 1 });
    // A verdict taken back from correct moves the board again.
    await writeElsewhere('update solutions set correct = 0 where task_id = ?', [taskB]);
    await readAll();
    expectComputed({ 'review A': 1, 'review B': 5, 'board A': 1, 'board B': 3, 'own A': 1, 'own B': 5, teacher: 5, tasks: 1, 'tasks B': 1, names: 1, 'every task': 1 });
    // A new task in A moves A's reads, the teacher's and a read of every task; B's lists and
    // boards, the students' own lists (they name only tasks already answered) and the roster's
    // reads stay (issue 15: one task posted for one class emptied every class's caches).
    await taskIn(a.id);
    await readAll();
    expectComputed({ 'review A': 2, 'review B': 5, 'board A': 2, 'board B': 3, 'own A': 1, 'own B': 5, teacher: 6, tasks: 2, 'tasks B': 1, names: 1, 'every task': 2 });
    // A task edited from another process, in B: B's reads and the own lists move.
    await writeElsewhere('update tasks set points = 3 where id = ?', [taskB]);
    await readAll();
    expectComputed({ 'review A': 2, 'review B': 6, 'board A': 2, 'board B': 4, 'own A': 2, 'own B': 6, teacher: 7, tasks: 2, 'tasks B': 2, names: 1, 'every task': 3 });
    // A task moved from B to A: both groups' reads move.
    await writeElsewhere('update tasks set group_id = ? where id = ?', [a.id, taskB]);
    await readAll();
    expectComputed({ 'review A': 3, 'review B': 7, 'board A': 3, 'board B': 5, 'own A': 3, 'own B': 7, teacher: 8, tasks: 3, 'tasks B': 3, names: 1, 'every task': 4 });
    // A roster change (a new member) moves them all.
    await createUser(t, { groupIds: [b.id] });
    await readAll();
    expectComputed({ 'review A': 4, 'review B': 8, 'board A': 4, 'board B': 6, 'own A': 4, 'own B': 8, teacher: 9, tasks: 4, 'tasks B': 4, names: 2, 'every task': 5 });
  });

  it("keeps moving the previous release's structure counter for tasks and the roster (a rolling upgrade)", async () => {
    const structure = async () =>
      Number((await t.db.selectFrom('change_counters').select('version').where('kind', '=', 's').where('id', '=', 0).executeTakeFirst())?.version ?? 0);
    const group = await createGroup(t);
    const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    const before = await structure();
    await createTaskRow(t, group.id, teacher.user.id);
    expect(await structure()).toBeGreaterThan(before);
    const afterTask = await structure();
    await createUser(t, { groupIds: [group.id] });
    expect(await structure()).toBeGreaterThan(afterTask);
  });

  it("gives the same token from the counters read with the account as from a query of its own", async () => {
    const group = await createGroup(t);
    const student = await createUser(t, { groupIds: [group.id] });
    const session = await t.app.sessionUser(student.user.id);
    const scopes = [
      { tasksOf: [] },
      { tasksOf: [group.id] },
      { groups: [group.id], tasksOf: [] },
      { points: [group.id], tasksOf: [group.id] },
      { user: student.user.id, tasksOf: 'existing' as const },
      { groups: [group.id], points: [group.id], tasksOf: [group.id], user: student.user.id },
    ];
    for (const scope of scopes) expect(tokenFromKnown(session!.counters, scope)).toBe(await changeTokenReader(t.db)(scope));
    // A scope the account's counters do not cover is read instead: another group's, another
    // user's, and every task of the school (the default, which no frequent read uses).
    expect(tokenFromKnown(session!.counters, { groups: [group.id + 1000], tasksOf: [] })).toBeNull();
    expect(tokenFromKnown(session!.counters, { user: student.user.id + 1, tasksOf: 'existing' })).toBeNull();
    expect(tokenFromKnown(session!.counters, {})).toBeNull();
    expect(tokenFromKnown(session!.counters, { user: student.user.id })).toBeNull();
    expect(tokenFromKnown(session!.counters, { tasksOf: [group.id + 1000] })).toBeNull();
  });

  it('serves a request holding counters older than the entry from the entry (it raced with a write), and recomputes for newer ones', async () => {
    const group = await createGroup(t);
    const student = await createUser(t, { groupIds: [group.id] });
    const before = (await t.app.sessionUser(student.user.id))!.counters;
    const cache = new ReadCache(changeTokenReader(t.db));
    let computed = 0;
    const read = (known: typeof before) => cache.get('tasks', { groups: [group.id] }, async () => ++computed, known);
    expect(await read(before)).toBe(1);
    await createUser(t, { groupIds: [group.id] });
    const after = (await t.app.sessionUser(student.user.id))!.counters;
    expect(await read(after)).toBe(2);
    // A request whose account check ran before the write: the newer entry is good for it.
    expect(await read(before)).toBe(2);
    expect(await read(after)).toBe(2);
    expect(computed).toBe(2);
  });

  it('orders tokens of one scope by their counters', () => {
    expect(isNotNewer('r3 k0:4 g7:10', 'r3 k0:4 g7:11')).toBe(true);
    expect(isNotNewer('r3 k0:4 g7:11', 'r3 k0:4 g7:11')).toBe(true);
    expect(isNotNewer('r4 k0:4 g7:10', 'r3 k0:4 g7:11')).toBe(false);
    expect(isNotNewer('r3 k7:5 g7:10', 'r3 k7:4 g7:11')).toBe(false);
    expect(isNotNewer('r3 u5:2 k0:1 g7:10 p7:1', 'r3 u5:2 k0:1 g7:10 p7:2')).toBe(true);
    // Other scopes are not comparable.
    expect(isNotNewer('r3 k0:4 g7:10', 'r3 k0:4 g8:11')).toBe(false);
    expect(isNotNewer('r3 k7:4', 'r3 k8:4')).toBe(false);
    expect(isNotNewer('r3', 'r3 g7:11')).toBe(false);
    expect(isNotNewer('nonsense', 'r3')).toBe(false);
  });

  it('runs one computation per key at a time: a newer one starts when the older ends', async () => {
    const cache = new ReadCache(changeTokenReader(t.db));
    let running = 0;
    let most = 0;
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    const compute = (wait: Promise<void>) => async () => {
      most = Math.max(most, ++running);
      started();
      await wait;
      running--;
      return running;
    };
    const first = cache.get('k', {}, compute(slow));
    // (Its token is read first: on a busy PostgreSQL that can take longer than any fixed wait.)
    await firstStarted;
    await createGroup(t);
    const second = cache.get('k', {}, compute(Promise.resolve()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(running).toBe(1);
    release();
    await Promise.all([first, second]);
    expect(most).toBe(1);
  });

  it('does not remember a failed read', async () => {
    const cache = new ReadCache(changeTokenReader(t.db));
    await expect(cache.get('k', {}, async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', {}, async () => 'up')).toBe('up');
  });

  it('holds at most its bytes: the least recently read answers go first, one larger than the bound is served and not kept', async () => {
    const cache = new ReadCache(changeTokenReader(t.db), { maxBytes: 10_000 });
    const computed: string[] = [];
    const answer = (key: string, bytes: number) =>
      cache.get(key, {}, async () => {
        computed.push(key);
        return new ReadyJson(Buffer.alloc(bytes, 0x20));
      });
    await answer('a', 4000);
    await answer('b', 4000);
    await answer('a', 4000); // read again: now the most recent
    await answer('c', 4000); // 12,000 bytes: b, the least recently read, goes
    expect(cache.bytes).toBe(8000);
    await answer('a', 4000);
    await answer('c', 4000);
    await answer('b', 4000);
    expect(computed).toEqual(['a', 'b', 'c', 'b']);
    const huge = await answer('huge', 20_000);
    expect(huge.bytes.length).toBe(20_000);
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    await answer('huge', 20_000);
    expect(computed.filter((key) => key === 'huge')).toHaveLength(2);
  });

  it('counts the compressed forms an answer gains after it was kept, and nothing for a failed read', async () => {
    const cache = new ReadCache(changeTokenReader(t.db));
    const json = new ReadyJson(Buffer.from(JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ id: i, title: `Task ${i}` })))));
    await cache.get('list', {}, async () => json);
    expect(cache.bytes).toBe(json.bytes.length);
    const gzip = await json.encoded('gzip');
    await cache.get('list', {}, async () => json);
    expect(cache.bytes).toBe(json.bytes.length + gzip.length);
    await expect(cache.get('broken', {}, async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.bytes).toBe(json.bytes.length + gzip.length);
  });

  it('serves a leaderboard and a task list that follow a write made by another instance at the next request', async () => {
    const group = await createGroup(t);
    const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    const student = await createUser(t, { name: 'Before', groupIds: [group.id] });
    const board = async () => (await t.app.inject({ url: `/api/leaderboard?groupId=${group.id}&period=all`, headers: bearer(teacher.token) })).json();
    const tasks = async () => (await t.app.inject({ url: '/api/tasks/mine', headers: bearer(student.token) })).json();
    expect(await board()).toEqual([{ rank: 1, userId: student.user.id, name: 'Before', points: 0, solved: 0 }]);
    expect(await tasks()).toEqual([]);
    await writeElsewhere('update users set name = ? where id = ?', ['After', student.user.id]);
    await writeElsewhere('insert into tasks (title, text, level, points, group_id, author_id, created_at) values (?, ?, ?, ?, ?, ?, ?)', [
      'Elsewhere',
      'Find $x$.',
      'beginner',
      2,
      group.id,
      teacher.user.id,
      new Date().toISOString(),
    ]);
    expect(await board()).toEqual([{ rank: 1, userId: student.user.id, name: 'After', points: 0, solved: 0 }]);
    expect((await tasks()).map((task: { title: string }) => task.title)).toEqual(['Elsewhere']);
  });
});
