import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeTokenReader } from '../../db/change-tokens.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { createGroup, createTaskRow, createUser } from '../../test/fixtures.js';
import { GroupSolutionsCache } from './group-solutions-cache.js';
import { listSolutions, type SolutionFilter } from './solutions.repository.js';

describe.each(testDatabases())("teachers' solution lists patched by task on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('after any answers, verdicts, deletions, renames and tasks deleted equals reading the list whole, for every filter', async () => {
    const [group, other] = [await createGroup(t), await createGroup(t)];
    const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id, other.id] });
    const students = await Promise.all([0, 1, 2].map((i) => createUser(t, { groupIds: [i === 2 ? other.id : group.id] })));
    const newTask = (groupId: number) => createTaskRow(t, groupId, teacher.user.id);
    const tasks = [await newTask(group.id), await newTask(group.id), await newTask(other.id)];
    const cache = new GroupSolutionsCache(t.db);
    // Bounded to a few rows: lists are let go and read whole again, and must still be right.
    const small = new GroupSolutionsCache(t.db, 3);
    const tokens = changeTokenReader(t.db);
    const groupIds = [group.id, other.id];
    const filters: (SolutionFilter & { groupIds: number[] })[] = [{ groupIds }, { groupIds, reviewed: false }, { groupIds: [group.id] }, { groupIds, taskId: tasks[1]! }];
    let clock = Date.parse('2026-11-27T08:00:00Z');
    const step = fc.oneof(
      { arbitrary: fc.record({ kind: fc.constant('answer' as const), student: fc.nat(2), task: fc.nat(9) }), weight: 4 },
      { arbitrary: fc.record({ kind: fc.constant('verdict' as const), pick: fc.nat(99), correct: fc.boolean() }), weight: 3 },
      { arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(99) }), weight: 1 },
      { arbitrary: fc.record({ kind: fc.constant('rename' as const), student: fc.nat(2) }), weight: 1 },
      { arbitrary: fc.record({ kind: fc.constant('task' as const), deleteOne: fc.boolean() }), weight: 1 },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        for (const s of steps) {
          const solutions = await t.db.selectFrom('solutions').select('id').where('task_id', 'in', tasks).orderBy('id').execute();
          if (s.kind === 'answer') {
            clock += 1000;
            await t.db
              .insertInto('solutions')
              .values({ task_id: tasks[s.task % tasks.length]!, author_id: students[s.student]!.user.id, answer: String(s.task), reviewed: 0, correct: 0, created_at: new Date(clock).toISOString() })
              .execute()
              .catch(() => undefined); // a second open answer is refused by the unique index: fine
          } else if (s.kind === 'verdict' && solutions.length > 0) {
            await t.db
              .updateTable('solutions')
              .set({ reviewed: 1, correct: s.correct ? 1 : 0, reviewer_id: teacher.user.id })
              .where('id', '=', solutions[s.pick % solutions.length]!.id)
              .execute()
              .catch(() => undefined);
          } else if (s.kind === 'delete' && solutions.length > 0) {
            await t.db.deleteFrom('solutions').where('id', '=', solutions[s.pick % solutions.length]!.id).execute();
          } else if (s.kind === 'rename') {
            await t.db.updateTable('users').set({ name: `Renamed ${clock++}` }).where('id', '=', students[s.student]!.user.id).execute();
          } else if (s.kind === 'task') {
            if (s.deleteOne && tasks.length > 3) await t.db.updateTable('tasks').set({ deleted_at: new Date().toISOString() }).where('id', '=', tasks.pop()!).execute();
            else if (tasks.length < 6) tasks.push(await newTask(group.id));
          }
        }
        for (const filter of filters) {
          const base = await tokens({ tasksOf: filter.groupIds });
          const whole = await listSolutions(t.db, filter);
          expect(await cache.rows(filter, base)).toEqual(whole);
          expect(await small.rows(filter, base)).toEqual(whole);
        }
      }),
      { numRuns: 30 },
    );
  });
});
