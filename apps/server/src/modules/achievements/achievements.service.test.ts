import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { createGroup, createTaskRow, createUser } from '../../test/fixtures.js';
import { tasksOfStudents } from './achievements.repository.js';
import { AchievementsService } from './achievements.service.js';

describe.each(testDatabases())('achievements told to students on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('tells each achievement once: a second look, or a look for several students at once, tells only what is new', async () => {
    const group = await createGroup(t);
    const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    const [a, b] = [await createUser(t, { groupIds: [group.id] }), await createUser(t, { groupIds: [group.id] })];
    const service = new AchievementsService(t.db, 'UTC');
    const solve = async (authorId: number) => {
      const task = await createTaskRow(t, group.id, teacher.user.id);
      await t.db.insertInto('solutions').values({ task_id: task, author_id: authorId, answer: '1', reviewed: 1, correct: 1, created_at: new Date().toISOString() }).execute();
    };

    await solve(a.user.id);
    const first = await service.newlyEarnedMany([a.user.id, b.user.id]);
    expect(first.get(a.user.id)).toContain('solved_1');
    expect(first.has(b.user.id)).toBe(false);
    // Nothing new: nothing told again.
    expect((await service.newlyEarnedMany([a.user.id, b.user.id])).size).toBe(0);

    await solve(b.user.id);
    const second = await service.newlyEarnedMany([a.user.id, b.user.id]);
    expect(second.get(b.user.id)).toContain('solved_1');
    expect(second.has(a.user.id)).toBe(false);
    const stored = await t.db.selectFrom('achievements_announced').select(['user_id', 'code']).where('user_id', 'in', [a.user.id, b.user.id]).where('code', '=', 'solved_1').execute();
    expect(stored).toHaveLength(2);
  });

  it('records an achievement once: a verdict that earns nothing new writes nothing, and another instance still tells nothing twice', async () => {
    const group = await createGroup(t);
    const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    const student = await createUser(t, { groupIds: [group.id] });
    const inserted: string[] = [];
    const watch: KyselyPlugin = {
      transformQuery: ({ node }: { node: RootOperationNode }) => {
        if (node.kind === 'InsertQueryNode' && node.into) inserted.push(node.into.table.identifier.name);
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const service = new AchievementsService(t.db.withPlugin(watch), 'UTC');
    const task = await createTaskRow(t, group.id, teacher.user.id);
    await t.db.insertInto('solutions').values({ task_id: task, author_id: student.user.id, answer: '1', reviewed: 1, correct: 1, created_at: new Date().toISOString() }).execute();

    expect(await service.newlyEarned(student.user.id)).toContain('solved_1');
    expect(inserted).toEqual(['achievements_announced']);
    // The same achievements earned again: known as announced, so no write at all.
    expect(await service.newlyEarned(student.user.id)).toEqual([]);
    expect(inserted).toEqual(['achievements_announced']);
    // Another instance knows nothing yet: it asks the table, which tells it nothing is new.
    expect(await new AchievementsService(t.db, 'UTC').newlyEarned(student.user.id)).toEqual([]);
  });

  it("reads each student's tasks: every live task of each of their groups, none deleted, none of other groups", async () => {
    const [g1, g2, other] = [await createGroup(t), await createGroup(t), await createGroup(t)];
    const teacher = await createUser(t, { role: 'teacher', groupIds: [g1.id, g2.id, other.id] });
    const both = await createUser(t, { groupIds: [g1.id, g2.id] });
    const one = await createUser(t, { groupIds: [g1.id] });
    const none = await createUser(t);
    const [a, b, c] = [await createTaskRow(t, g1.id, teacher.user.id), await createTaskRow(t, g2.id, teacher.user.id), await createTaskRow(t, g2.id, teacher.user.id)];
    await createTaskRow(t, other.id, teacher.user.id);
    const gone = await createTaskRow(t, g1.id, teacher.user.id);
    await t.db.updateTable('tasks').set({ deleted_at: new Date().toISOString() }).where('id', '=', gone).execute();

    const tasks = await tasksOfStudents(t.db, [both.user.id, one.user.id, none.user.id]);
    const ids = (id: number) => tasks.get(id)!.map((x) => x.id).sort((x, y) => x - y);
    expect([ids(both.user.id), ids(one.user.id), ids(none.user.id)]).toEqual([[a, b, c], [a], []]);
    expect(tasks.get(both.user.id)!.every((x) => typeof x.createdAt === 'string' && x.createdAt.length > 0)).toBe(true);
  });
});
