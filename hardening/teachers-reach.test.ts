import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../apps/server/src/test/build-test-app.js';
import { bearer, createGroup, createUser } from '../apps/server/src/test/fixtures.js';

/**
 * Issue 50, items 9 and 10: a teacher joined any group, a closed one included, by saving their
 * profile (then read its keys and exported its gradebook); a teacher of one group renamed, reset
 * the password of and moved any student of any group. Now a closed group's teachers are changed
 * only by the owner or its own teachers, and a teacher manages the students of their own groups
 * and students in no group; the owner manages everyone.
 */
describe.each(testDatabases())("a teacher's reach, on %s", (dialect) => {
  let t: TestApp;
  let open: { id: number };
  let closed: { id: number };
  let mine: { id: number };
  let theirs: { id: number };
  let teacher: { user: { id: number }; token: string };
  let closedTeacher: { user: { id: number }; token: string };
  let owner: { user: { id: number }; token: string };
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    open = await createGroup(t);
    closed = await createGroup(t);
    mine = await createGroup(t);
    theirs = await createGroup(t);
    await t.db.updateTable('groups').set({ closed: 1 }).where('id', '=', closed.id).execute();
    teacher = await createUser(t, { role: 'teacher', groupIds: [mine.id] });
    closedTeacher = await createUser(t, { role: 'teacher', groupIds: [closed.id, theirs.id] });
    owner = await createUser(t, { role: 'teacher', owner: true });
  });
  afterAll(async () => t.close());

  const saveProfile = (token: string, groups: number[]) =>
    t.app.inject({ method: 'PATCH', url: '/api/users/teachers/profile', headers: bearer(token), payload: { name: 'A Teacher', groups } });
  const teachersOf = async (groupId: number) =>
    (await t.db.selectFrom('user_groups').select('user_id').where('group_id', '=', groupId).execute()).map((r) => r.user_id).sort();

  it('a teacher cannot join a closed group by saving their profile or through PUT /api/users/{id} (400 on groups); an open one still', async () => {
    const before = await teachersOf(closed.id);
    const res = await saveProfile(teacher.token, [mine.id, closed.id]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().validationErrors).toEqual({ groups: 'profileForm.error.groupClosedToTeachers' });
    const put = await t.app.inject({ method: 'PUT', url: `/api/users/${teacher.user.id}`, headers: bearer(teacher.token), payload: { groups: [mine.id, closed.id] } });
    expect(put.statusCode, put.body).toBe(400);
    expect(await teachersOf(closed.id)).toEqual(before);
    // And so cannot read its settings (the join code) nor export its gradebook.
    expect((await t.app.inject({ method: 'GET', url: `/api/groups/${closed.id}/settings`, headers: bearer(teacher.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/groups/${closed.id}/gradebook.csv`, headers: bearer(teacher.token) })).statusCode).toBe(403);
    expect((await saveProfile(teacher.token, [mine.id, open.id])).statusCode).toBe(200);
    expect((await saveProfile(teacher.token, [mine.id])).statusCode).toBe(200);
  });

  it("a closed group's own teacher and the owner change its teachers; its own teacher may leave it", async () => {
    const owned = await t.app.inject({ method: 'PUT', url: `/api/users/${teacher.user.id}`, headers: bearer(owner.token), payload: { groups: [mine.id, closed.id] } });
    expect(owned.statusCode, owned.body).toBe(200);
    expect(await teachersOf(closed.id)).toContain(teacher.user.id);
    expect((await saveProfile(teacher.token, [mine.id])).statusCode, 'leaving it').toBe(200);
    expect(await teachersOf(closed.id)).not.toContain(teacher.user.id);
    expect((await saveProfile(closedTeacher.token, [theirs.id])).statusCode, 'its own teacher leaves').toBe(200);
    expect((await saveProfile(closedTeacher.token, [theirs.id])).statusCode).toBe(200);
  });

  it('a teacher renames, resets and moves students of their own groups and of no group, never those of another group (403); the owner manages everyone', async () => {
    const ownStudent = await createUser(t, { groupIds: [mine.id] });
    const noGroup = await createUser(t);
    const otherStudent = await createUser(t, { groupIds: [theirs.id] });
    const act = (token: string, id: number) => [
      t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: bearer(token), payload: { name: 'Renamed Student' } }),
      t.app.inject({ method: 'PUT', url: `/api/users/${id}/password`, headers: bearer(token), payload: { password: 'temporary-pass-1' } }),
      t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: bearer(token), payload: { groups: [mine.id] } }),
      t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: bearer(token), payload: { activated: false } }),
    ];
    const codes = async (token: string, id: number) => {
      const out: number[] = [];
      for (const call of act(token, id)) out.push((await call).statusCode);
      return out;
    };
    expect(await codes(teacher.token, ownStudent.user.id)).toEqual([200, 204, 200, 200]);
    expect(await codes(teacher.token, noGroup.user.id)).toEqual([200, 204, 200, 200]);
    // noGroup is in the teacher's group now: the other group's teacher may no longer touch them.
    expect(await codes(closedTeacher.token, noGroup.user.id)).toEqual([403, 403, 403, 403]);
    const refused = await t.app.inject({ method: 'PUT', url: `/api/users/${otherStudent.user.id}`, headers: { ...bearer(teacher.token), 'accept-language': 'en' }, payload: { name: 'Renamed' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/another teacher's group/);
    expect(await codes(teacher.token, otherStudent.user.id)).toEqual([403, 403, 403, 403]);
    const row = await t.db.selectFrom('users').select(['name', 'activated']).where('id', '=', otherStudent.user.id).executeTakeFirstOrThrow();
    expect(row.name).not.toBe('Renamed Student');
    expect(await codes(owner.token, otherStudent.user.id)).toEqual([200, 204, 200, 200]);
  });
});
