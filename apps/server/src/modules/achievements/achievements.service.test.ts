import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { createGroup, createTaskRow, createUser } from '../../test/fixtures.js';
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
});
