import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCURACY_BONUS, gradebookSchema, SPEED_BONUSES, type Gradebook, type GradebookCell, type GradebookWeek, type LeaderboardRow } from '@mathclub/shared';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createGroup, createUser } from '../../test/fixtures.js';
import { safeCellText } from './gradebook-sheet.js';
import { GradebookService } from './gradebook.service.js';

type Verdict = 'correct' | 'incorrect' | 'unreviewed';
type User = Awaited<ReturnType<typeof createUser>>;

/** PRODUCT.md §11 on both databases: the matrix, its access, its spreadsheets, and a property against a plain recomputation. */
describe.each(testDatabases())('gradebook on %s', (dialect) => {
  let t: TestApp;
  let teacher: User;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    teacher = await createUser(t, { role: 'teacher' });
  });
  afterAll(async () => t.close());

  const get = (url: string, token = teacher.token, language = 'en') => t.app.inject({ method: 'GET', url, headers: { ...bearer(token), 'accept-language': language } });
  const book = async (groupId: number): Promise<Gradebook> => {
    const res = await get(`/api/groups/${groupId}/gradebook`);
    expect(res.statusCode, res.body).toBe(200);
    return gradebookSchema.parse(res.json());
  };
  const groupWith = async (...names: string[]) => {
    const group = await createGroup(t);
    await t.db.insertInto('user_groups').values({ user_id: teacher.user.id, group_id: group.id }).execute();
    const students = [];
    for (const name of names) students.push((await createUser(t, { name, groupIds: [group.id] })).user);
    return { group, students };
  };
  const task = async (groupId: number, points: number, title = 'Task', deleted = false, createdAt = '2026-01-01T00:00:00.000Z') =>
    (
      await t.db
        .insertInto('tasks')
        .values({ title, text: 'x', level: 'beginner', points, group_id: groupId, author_id: teacher.user.id, created_at: createdAt, deleted_at: deleted ? createdAt : null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const solve = async (taskId: number, authorId: number, createdAt: string, verdict: Verdict) => {
    const reviewed = verdict !== 'unreviewed';
    await t.db
      .insertInto('solutions')
      .values({
        task_id: taskId,
        author_id: authorId,
        answer: 'x',
        reviewed: reviewed ? 1 : 0,
        correct: verdict === 'correct' ? 1 : 0,
        created_at: createdAt,
        reviewed_at: reviewed ? createdAt : null,
        reviewer_id: reviewed ? teacher.user.id : null,
      })
      .execute();
  };
  const at = (minute: number) => new Date(Date.UTC(2026, 8, 1, 10, minute)).toISOString();
  const cell = (b: Gradebook, studentId: number, taskId: number) => b.cells.find((c) => c.studentId === studentId && c.taskId === taskId);

  it('has a cell for every student × task, with state, attempts and points scored as on the leaderboard', async () => {
    const { group, students } = await groupWith('Bohdan', 'Anna', 'Ірина');
    const [bohdan, anna, iryna] = students as [(typeof students)[0], (typeof students)[0], (typeof students)[0]];
    const inactive = await createUser(t, { name: 'Sleepy', activated: false, groupIds: [group.id] });
    const t1 = await task(group.id, 3, 'First', false, '2026-01-01T00:00:00.000Z');
    const t2 = await task(group.id, 2, 'Second', false, '2026-01-02T00:00:00.000Z');
    await task(group.id, 5, 'Gone', true);
    await solve(t1, anna.id, at(1), 'correct');
    await solve(t1, bohdan.id, at(2), 'incorrect');
    await solve(t1, bohdan.id, at(3), 'correct');
    await solve(t2, bohdan.id, at(4), 'incorrect');
    await solve(t2, bohdan.id, at(5), 'unreviewed');
    await solve(t2, iryna.id, at(6), 'incorrect');

    const b = await book(group.id);
    // Sorted as a Ukrainian reader expects (the leaderboard's collation): Cyrillic before Latin.
    expect(b.students.map((s) => s.name)).toEqual(['Ірина', 'Anna', 'Bohdan']);
    expect(b.students.some((s) => s.id === inactive.user.id)).toBe(false);
    expect(b.tasks).toEqual([{ id: t1, title: 'First', points: 3 }, { id: t2, title: 'Second', points: 2 }]);
    expect(b.cells).toHaveLength(6);
    expect(cell(b, anna.id, t1)).toEqual({ studentId: anna.id, taskId: t1, state: 'correct', attempts: 1, points: 3 + ACCURACY_BONUS + SPEED_BONUSES[0]! });
    expect(cell(b, bohdan.id, t1)).toEqual({ studentId: bohdan.id, taskId: t1, state: 'correct', attempts: 2, points: 3 + SPEED_BONUSES[1]! });
    expect(cell(b, bohdan.id, t2)).toMatchObject({ state: 'waiting', attempts: 2, points: 0 });
    expect(cell(b, iryna.id, t2)).toMatchObject({ state: 'incorrect', attempts: 1, points: 0 });
    expect(cell(b, anna.id, t2)).toMatchObject({ state: 'none', attempts: 0, points: 0 });

    const board = (await get(`/api/leaderboard?groupId=${group.id}&period=all`)).json<LeaderboardRow[]>();
    for (const student of b.students) {
      const total = b.cells.filter((c) => c.studentId === student.id).reduce((sum, c) => sum + c.points, 0);
      expect(total).toBe(board.find((r) => r.userId === student.id)!.points);
    }
  });

  it('is for the group’s teachers only: a student and another group’s teacher get 403, an unknown group 404', async () => {
    const { group, students } = await groupWith('Anna');
    const student = await createUser(t, { groupIds: [group.id] });
    const other = await createUser(t, { role: 'teacher', groupIds: [(await createGroup(t)).id] });
    for (const suffix of ['', '.csv', '.xlsx', '/weeks']) {
      expect((await get(`/api/groups/${group.id}/gradebook${suffix}`, student.token)).statusCode).toBe(403);
      expect((await get(`/api/groups/${group.id}/gradebook${suffix}`, other.token)).statusCode).toBe(403);
      expect((await get(`/api/groups/999999/gradebook${suffix}`)).statusCode).toBe(404);
      expect((await get(`/api/groups/abc/gradebook${suffix}`)).statusCode).toBe(400);
    }
    expect(students).toHaveLength(1);
  });

  it('sees a write at the next read (the cached matrix follows the data)', async () => {
    const { group, students } = await groupWith('Anna');
    const t1 = await task(group.id, 4);
    expect(cell(await book(group.id), students[0]!.id, t1)?.state).toBe('none');
    await solve(t1, students[0]!.id, at(1), 'unreviewed');
    expect(cell(await book(group.id), students[0]!.id, t1)).toMatchObject({ state: 'waiting', attempts: 1 });
  });

  /**
   * The cached book is patched by columns after a write (gradebook-cache.ts): after any sequence of
   * answers, verdicts, deletions and new members, every read, whatever its coding, equals the
   * matrix read afresh.
   */
  it('stays equal to a fresh read through any sequence of writes, in every coding (property)', async () => {
    const { group, students } = await groupWith('Anna', 'Bohdan', 'Ірина');
    const tasks = [await task(group.id, 3, 'A'), await task(group.id, 2, 'B'), await task(group.id, 4, 'C')];
    const fresh = new GradebookService(t.db, 'Europe/Kyiv');
    const read = async (coding: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/groups/${group.id}/gradebook`, headers: { ...bearer(teacher.token), 'accept-encoding': coding } });
      expect(res.statusCode).toBe(200);
      const encoding = res.headers['content-encoding'];
      const bytes = encoding === 'gzip' ? gunzipSync(res.rawPayload) : encoding === 'br' ? brotliDecompressSync(res.rawPayload) : res.rawPayload;
      return JSON.parse(bytes.toString('utf8')) as Gradebook;
    };
    let minute = 0;
    const step = fc.oneof(
      fc.record({ kind: fc.constant('answer' as const), student: fc.nat(2), task: fc.nat(2), verdict: fc.constantFrom<Verdict>('correct', 'incorrect', 'unreviewed') }),
      fc.record({ kind: fc.constant('judge' as const), correct: fc.boolean() }),
      fc.record({ kind: fc.constant('delete' as const) }),
      fc.record({ kind: fc.constant('join' as const) }),
      fc.record({ kind: fc.constant('read' as const), coding: fc.constantFrom('gzip', 'br', 'br, gzip', 'identity') }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const s of steps) {
          if (s.kind === 'answer') {
            const [taskId, authorId] = [tasks[s.task]!, students[s.student]!.id];
            // The database keeps one open or correct answer per pair: skip what it would refuse.
            const blocking = await t.db.selectFrom('solutions').select('id').where('task_id', '=', taskId).where('author_id', '=', authorId).where((eb) => eb.or([eb('reviewed', '=', 0), eb('correct', '=', 1)])).executeTakeFirst();
            if (!blocking) await solve(taskId, authorId, at((minute = (minute + 1) % 59)), s.verdict);
          }
          else if (s.kind === 'judge') await t.db.updateTable('solutions').set({ reviewed: 1, correct: s.correct ? 1 : 0 }).where('task_id', 'in', tasks).where('reviewed', '=', 0).execute();
          else if (s.kind === 'delete') {
            const last = await t.db.selectFrom('solutions').select('id').where('task_id', 'in', tasks).orderBy('id', 'desc').executeTakeFirst();
            if (last) await t.db.deleteFrom('solutions').where('id', '=', last.id).execute();
          } else if (s.kind === 'join') students.push((await createUser(t, { name: `New ${students.length}`, groupIds: [group.id] })).user);
          else expect(await read(s.coding)).toEqual(await fresh.matrix(group.id));
        }
        expect(await read('gzip')).toEqual(await fresh.matrix(group.id));
      }),
      { numRuns: 15 },
    );
  });

  it('downloads CSV with a BOM, the teacher’s language, Cyrillic intact and formula-safe cells', async () => {
    const { group, students } = await groupWith('Олена Коваль', '=HYPERLINK("http://evil")');
    const t1 = await task(group.id, 3, '+1 task, "quoted"');
    const t2 = await task(group.id, 2, 'Друга');
    await solve(t1, students[0]!.id, at(1), 'correct');
    await solve(t2, students[1]!.id, at(2), 'unreviewed');
    const res = await get(`/api/groups/${group.id}/gradebook.csv`, teacher.token, 'uk');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="gradebook-${group.id}.csv"`);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // Ukrainian: ';' between cells (Excel's separator in that locale, issue 49), a cell holding ';' quoted.
    expect(res.rawPayload.toString('utf8').split('\r\n')[0]).toContain(';');
    const rows = parse(res.rawPayload.toString('utf8'), { bom: true, delimiter: ';' }) as string[][];
    expect(rows).toEqual([
      ['Учень', "'+1 task, \"quoted\"", 'Друга', 'Бали', 'Розв’язано'],
      ["'=HYPERLINK(\"http://evil\")", '', 'чекає', '0', '0'],
      ['Олена Коваль', String(3 + ACCURACY_BONUS + SPEED_BONUSES[0]!), '', String(3 + ACCURACY_BONUS + SPEED_BONUSES[0]!), '1'],
    ]);
    const en = parse((await get(`/api/groups/${group.id}/gradebook.csv`)).rawPayload.toString('utf8'), { bom: true }) as string[][];
    expect(en[0]![0]).toBe('Student');
    expect(en[1]![2]).toBe('waiting');
  });

  it('downloads an XLSX workbook that ExcelJS reads back as the same matrix', async () => {
    const { group, students } = await groupWith('Ірина', 'Anna');
    const t1 = await task(group.id, 5, 'Площа');
    await solve(t1, students[0]!.id, at(1), 'incorrect');
    await solve(t1, students[1]!.id, at(2), 'correct');
    const res = await get(`/api/groups/${group.id}/gradebook.xlsx`, teacher.token, 'uk');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Журнал')!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Учень', 'Площа', 'Бали', 'Розв’язано']);
    expect(values(2)).toEqual(['Ірина', 'неправильно', 0, 0]);
    expect(values(3)).toEqual(['Anna', 5 + ACCURACY_BONUS + SPEED_BONUSES[0]!, 5 + ACCURACY_BONUS + SPEED_BONUSES[0]!, 1]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: 1 });
  });

  it('counts solutions per week in the school’s zone, twelve weeks with the empty ones', async () => {
    const { group, students } = await groupWith('Anna');
    const t1 = await task(group.id, 1);
    await solve(t1, students[0]!.id, new Date().toISOString(), 'incorrect');
    await solve(t1, students[0]!.id, new Date().toISOString(), 'unreviewed');
    await solve(t1, students[0]!.id, '2020-01-01T00:00:00.000Z', 'incorrect');
    const weeks = (await get(`/api/groups/${group.id}/gradebook/weeks`)).json<GradebookWeek[]>();
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)!.solutions).toBe(2);
    expect(weeks.slice(0, -1).every((w) => w.solutions === 0)).toBe(true);
    expect(weeks.map((w) => w.weekStart)).toEqual([...weeks.map((w) => w.weekStart)].sort());
  });

  it('formula-safe text: only a leading =, +, -, @, tab or CR gets the apostrophe', () => {
    expect(['=1+1', '+38', '-2', '@SUM', '\tx', 'Anna', 'a=b', ''].map(safeCellText)).toEqual(["'=1+1", "'+38", "'-2", "'@SUM", "'\tx", 'Anna', 'a=b', '']);
  });

  /**
   * Random groups against a plain recomputation: for each pair, the state from its solutions,
   * their count, and the points the correct one earned (task points, accuracy, speed by place).
   */
  it('equals a straightforward recomputation for random histories (property)', async () => {
    const historyArb = fc.record({
      students: fc.integer({ min: 1, max: 5 }),
      tasks: fc.array(fc.record({ points: fc.integer({ min: 1, max: 5 }), deleted: fc.boolean() }), { minLength: 1, maxLength: 4 }),
      submissions: fc.array(fc.record({ student: fc.nat(), task: fc.nat(), minute: fc.integer({ min: 0, max: 30 }), verdict: fc.constantFrom<Verdict>('correct', 'incorrect', 'incorrect', 'unreviewed') }), { maxLength: 25 }),
    });
    await fc.assert(
      fc.asyncProperty(historyArb, async (h) => {
        const { group, students } = await groupWith(...Array.from({ length: h.students }, (_, i) => `S${i}`));
        const tasks = [];
        for (const [i, spec] of h.tasks.entries()) tasks.push({ id: await task(group.id, spec.points, `T${i}`, spec.deleted, at(i)), ...spec });
        // Keep the one-open-or-correct rule the database enforces: drop what it would refuse.
        const stored: { student: number; task: number; minute: number; verdict: Verdict; seq: number }[] = [];
        for (const [seq, s] of h.submissions.entries()) {
          const student = s.student % students.length;
          const taskIndex = s.task % tasks.length;
          if (stored.some((x) => x.student === student && x.task === taskIndex && x.verdict !== 'incorrect')) continue;
          stored.push({ student, task: taskIndex, minute: s.minute, verdict: s.verdict, seq });
          await solve(tasks[taskIndex]!.id, students[student]!.id, at(s.minute), s.verdict);
        }
        const expected: GradebookCell[] = [];
        const order = students.map((s, i) => ({ ...s, i })).sort((a, b) => a.name.localeCompare(b.name));
        const live = tasks.map((x, i) => ({ ...x, i })).filter((x) => !x.deleted);
        for (const tk of live) {
          for (const student of order) {
            const mine = stored.filter((x) => x.student === student.i && x.task === tk.i);
            const byTime = (a: { minute: number; seq: number }, b: { minute: number; seq: number }) => a.minute - b.minute || a.seq - b.seq;
            const correct = mine.find((x) => x.verdict === 'correct');
            let points = 0;
            if (correct) {
              const first = [...mine].sort(byTime)[0]!;
              const place = stored.filter((x) => x.task === tk.i && x.verdict === 'correct').sort(byTime).indexOf(correct);
              points = tk.points + (first === correct ? ACCURACY_BONUS : 0) + (SPEED_BONUSES[place] ?? 0);
            }
            const state = correct ? 'correct' : mine.some((x) => x.verdict === 'unreviewed') ? 'waiting' : mine.length > 0 ? 'incorrect' : 'none';
            expected.push({ studentId: student.id, taskId: tk.id, state, attempts: mine.length, points });
          }
        }
        const b = await book(group.id);
        expect(b.cells).toHaveLength(students.length * live.length);
        expect(b.cells).toEqual(expected);
      }),
      { numRuns: 25 },
    );
  });
});
