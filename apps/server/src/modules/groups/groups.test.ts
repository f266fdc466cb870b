import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/database.js';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createGroup, createUser } from '../../test/fixtures.js';

describe.each(testDatabases())('groups on %s', (dialect) => {
  let t: TestApp;
  let teacher: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    teacher = await createUser(t, { role: 'teacher' });
  });
  afterAll(async () => t.close());

  const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { ...bearer(token), 'accept-language': 'en' }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const addTask = async (groupId: number, deleted = false) => {
    const row = await t.db
      .insertInto('tasks')
      .values({ title: 'T', text: 'x', level: 'beginner', points: 1, group_id: groupId, author_id: teacher.user.id, created_at: nowIso(), deleted_at: deleted ? nowIso() : null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  it('creates a group, makes the creating teacher a member and answers 201 with its counts', async () => {
    const res = await inject('POST', '/api/groups', teacher.token, { name: '  7-Б olympiad ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), name: '7-Б olympiad', studentCount: 0, teacherCount: 1, taskCount: 0 });
    const profile = await inject('GET', '/api/users/profile', teacher.token);
    expect(profile.json().groups).toContainEqual({ id: res.json().id, name: '7-Б olympiad' });
  });

  it('keeps names unique case-insensitively, on create and on rename', async () => {
    const name = `Geometry circle ${dialect}`;
    expect((await inject('POST', '/api/groups', teacher.token, { name })).statusCode).toBe(201);
    const dup = await inject('POST', '/api/groups', teacher.token, { name: ` ${name.toUpperCase()} ` });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ code: 'GROUP_NAME_TAKEN', validationErrors: { name: 'groups.error.nameTaken' } });
    const other = await createGroup(t);
    const rename = await inject('PATCH', `/api/groups/${other.id}`, teacher.token, { name: name.toLowerCase() });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().validationErrors).toEqual({ name: 'groups.error.nameTaken' });
  });

  it('validates the name', async () => {
    expect((await inject('POST', '/api/groups', teacher.token, { name: '  ' })).json().validationErrors).toEqual({ name: 'groups.error.nameRequired' });
    expect((await inject('POST', '/api/groups', teacher.token, { name: 'x'.repeat(81) })).json().validationErrors).toEqual({ name: 'groups.error.nameTooLong' });
    expect((await inject('POST', '/api/groups', teacher.token, {})).json().validationErrors).toEqual({ name: 'groups.error.nameRequired' });
    expect((await inject('POST', '/api/groups', teacher.token, { name: 'Bell\u0007' })).json().validationErrors).toEqual({ name: 'groups.error.nameInvalid' });
    expect((await inject('POST', '/api/groups', teacher.token, { name: 'Nul\u0000' })).json().validationErrors).toEqual({ name: 'common.error.invalidValue' });
  });

  it('renames a group, including a change of case only', async () => {
    const g = await createGroup(t, `algebra ${dialect}`);
    const res = await inject('PATCH', `/api/groups/${g.id}`, teacher.token, { name: `Algebra ${dialect}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: g.id, name: `Algebra ${dialect}` });
    expect((await inject('PATCH', '/api/groups/999999', teacher.token, { name: 'Nope' })).statusCode).toBe(404);
  });

  it('lists groups sorted by name with student, teacher and live-task counts', async () => {
    const { token: student } = await createUser(t);
    const a = await createGroup(t, `Ґрупа ${dialect}`);
    const b = await createGroup(t, `Група ${dialect}`);
    await createUser(t, { groupIds: [a.id] });
    await createUser(t, { groupIds: [a.id] });
    await createUser(t, { role: 'teacher', groupIds: [a.id, b.id] });
    await addTask(a.id);
    await addTask(a.id, true);
    const res = await inject('GET', '/api/groups', student);
    expect(res.statusCode).toBe(200);
    const list = res.json<{ id: number; name: string; studentCount: number; teacherCount: number; taskCount: number }[]>();
    expect(list.find((g) => g.id === a.id)).toEqual({ id: a.id, name: a.name, studentCount: 2, teacherCount: 1, taskCount: 1 });
    const names = list.map((g) => g.name);
    expect(names.indexOf(b.name)).toBeLessThan(names.indexOf(a.name));
    expect([...names].sort(new Intl.Collator('uk').compare)).toEqual(names);
  });

  it('refuses to delete a group with students or live tasks, saying why', async () => {
    const withStudent = await createGroup(t);
    await createUser(t, { groupIds: [withStudent.id] });
    const res = await inject('DELETE', `/api/groups/${withStudent.id}`, teacher.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ statusCode: 409, code: 'GROUP_NOT_EMPTY', message: 'The group cannot be deleted: students still belong to it' });

    const withTask = await createGroup(t);
    await addTask(withTask.id);
    const tasks = await t.app.inject({ method: 'DELETE', url: `/api/groups/${withTask.id}`, headers: bearer(teacher.token) });
    expect(tasks.statusCode).toBe(409);
    expect(tasks.json().message).toBe('Групу не можна видалити: у ній ще є задачі');
  });

  it('deletes an unused group with its teacher memberships; soft-deleted tasks stay for the record', async () => {
    const g = await createGroup(t);
    const { token: member } = await createUser(t, { role: 'teacher', groupIds: [g.id] });
    const deletedTask = await addTask(g.id, true);
    const res = await inject('DELETE', `/api/groups/${g.id}`, teacher.token);
    expect(res.statusCode).toBe(204);
    expect((await inject('GET', '/api/users/profile', member)).json().groups).toEqual([]);
    const task = await t.db.selectFrom('tasks').select(['id', 'group_id']).where('id', '=', deletedTask).executeTakeFirst();
    expect(task).toEqual({ id: deletedTask, group_id: null });
    expect((await inject('DELETE', `/api/groups/${g.id}`, teacher.token)).statusCode).toBe(404);
  });

  it('accepts a DELETE that declares JSON but sends no body', async () => {
    const g = await createGroup(t);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/groups/${g.id}`, headers: { ...bearer(teacher.token), 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(204);
  });

  it('lets only teachers manage groups', async () => {
    const { token: student } = await createUser(t);
    const g = await createGroup(t);
    expect((await inject('POST', '/api/groups', student, { name: 'Mine' })).statusCode).toBe(403);
    expect((await inject('PATCH', `/api/groups/${g.id}`, student, { name: 'Mine' })).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/groups/${g.id}`, student)).statusCode).toBe(403);
  });
});
