import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { createGroup, createTaskRow, createUser } from '../../test/fixtures.js';
import { TaskCountsCache } from './task-counts-cache.js';
import { taskCounts } from './tasks.repository.js';

describe.each(testDatabases())('task counts cache on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('after any answers, verdicts, deletions and tasks equals counting everything again, and counts again only the tasks that changed', async () => {
    const group = await createGroup(t);
    const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    const students = await Promise.all([0, 1, 2, 3].map(() => createUser(t, { groupIds: [group.id] })));
    const newTask = () => createTaskRow(t, group.id, teacher.user.id);
    const tasks = [await newTask(), await newTask(), await newTask()];
    const cache = new TaskCountsCache(t.db);
    const fresh = async () => {
      const out = new Map(tasks.map((id) => [id, { answered: 0, correct: 0, waiting: 0 }]));
      for (const { taskId, ...counts } of await taskCounts(t.db, { groupIds: [group.id] })) out.set(taskId, counts);
      return out;
    };
    const step = fc.oneof(
      fc.record({ kind: fc.constant('answer' as const), student: fc.nat(3), task: fc.nat(9) }),
      fc.record({ kind: fc.constant('verdict' as const), pick: fc.nat(99), correct: fc.boolean() }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(99) }),
      fc.record({ kind: fc.constant('task' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        for (const s of steps) {
          const solutions = await t.db.selectFrom('solutions').select('id').where('task_id', 'in', tasks).orderBy('id').execute();
          if (s.kind === 'answer') {
            await t.db
              .insertInto('solutions')
              .values({ task_id: tasks[s.task % tasks.length]!, author_id: students[s.student]!.user.id, answer: '42', reviewed: 0, correct: 0, created_at: new Date().toISOString() })
              .onConflict((oc) => oc.doNothing())
              .execute()
              .catch(() => undefined); // a second open answer is refused by the unique index: fine
          } else if (s.kind === 'verdict' && solutions.length > 0) {
            await t.db
              .updateTable('solutions')
              .set({ reviewed: 1, correct: s.correct ? 1 : 0 })
              .where('id', '=', solutions[s.pick % solutions.length]!.id)
              .execute()
              .catch(() => undefined); // a second correct answer to one task is refused by the same index: fine
          } else if (s.kind === 'delete' && solutions.length > 0) {
            await t.db.deleteFrom('solutions').where('id', '=', solutions[s.pick % solutions.length]!.id).execute();
          } else if (s.kind === 'task' && tasks.length < 6) {
            tasks.push(await newTask());
          }
        }
        expect(await cache.forGroups([group.id])).toEqual(await fresh());
      }),
      { numRuns: 25 },
    );
  });

  it('counts again only the task whose answers changed', async () => {
    const group = await createGroup(t);
    const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    const student = await createUser(t, { groupIds: [group.id] });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await createTaskRow(t, group.id, teacher.user.id, `T${i}`));
    const queries: string[] = [];
    const cache = new TaskCountsCache(
      t.db.withPlugin({
        transformQuery: (args) => {
          if (args.node.kind === 'SelectQueryNode' && JSON.stringify(args.node).includes('"count"')) queries.push(JSON.stringify(args.node));
          return args.node;
        },
        transformResult: async (args) => args.result,
      }),
    );
    await cache.forGroups([group.id]);
    expect(queries).toHaveLength(1);
    await cache.forGroups([group.id]);
    expect(queries).toHaveLength(1);
    await t.db.insertInto('solutions').values({ task_id: ids[1]!, author_id: student.user.id, answer: '1', reviewed: 0, correct: 0, created_at: new Date().toISOString() }).execute();
    const counts = await cache.forGroups([group.id]);
    expect(queries).toHaveLength(2);
    // The second count names only that task.
    expect(queries[1]).toContain(`"values":[${ids[1]}]`);
    expect(counts.get(ids[1]!)).toEqual({ answered: 1, correct: 0, waiting: 1 });
    expect(counts.get(ids[0]!)).toEqual({ answered: 0, correct: 0, waiting: 0 });
  });
});
