import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createGroup, createUser, TEST_PASSWORD } from '../../test/fixtures.js';
import { multipartBody } from '../files/multipart-test-body.js';
import { addMember } from '../groups/groups.repository.js';

describe.each(testDatabases())("the owner's first-run checklist on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const checklist = (token: string) => t.app.inject({ method: 'GET', url: '/api/school/checklist', headers: bearer(token) });

  it('ticks each step off as the data shows it done, and answers only the owner', async () => {
    let owner = await createUser(t, { role: 'teacher', owner: true });
    const first = await checklist(owner.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ passwordChanged: false, groupCreated: false, classBroughtIn: false, taskPosted: false });

    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/password',
      headers: bearer(owner.token),
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a-password-of-my-own' },
    });
    expect(changed.statusCode).toBe(200);
    owner = { ...owner, token: changed.json().access_token };
    expect((await checklist(owner.token)).json()).toMatchObject({ passwordChanged: true, groupCreated: false });

    const group = await createGroup(t);
    // A student waiting for activation is not yet a class brought in.
    const pending = await createUser(t, { role: 'student', activated: false, groupIds: [group.id] });
    expect((await checklist(owner.token)).json()).toEqual({ passwordChanged: true, groupCreated: true, classBroughtIn: false, taskPosted: false });
    const student = await createUser(t, { role: 'student', groupIds: [group.id] });
    expect((await checklist(owner.token)).json()).toMatchObject({ classBroughtIn: true, taskPosted: false });

    await addMember(t.db, owner.user.id, group.id);
    const body = multipartBody({ title: 'First', text: 'Solve it', level: 'beginner', points: '3', group: group.id });
    const task = await t.app.inject({ method: 'POST', url: '/api/tasks', headers: { ...bearer(owner.token), ...body.headers }, payload: body.payload });
    expect(task.statusCode, task.body).toBe(201);
    expect((await checklist(owner.token)).json()).toEqual({ passwordChanged: true, groupCreated: true, classBroughtIn: true, taskPosted: true });

    // Nobody but the owner: another teacher, a student, a pending account, no token.
    const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    expect((await checklist(teacher.token)).statusCode).toBe(403);
    expect((await checklist(student.token)).statusCode).toBe(403);
    expect((await checklist(pending.token)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/school/checklist' })).statusCode).toBe(401);
  });
});
