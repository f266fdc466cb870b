import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { createUser } from '../../test/fixtures.js';
import { writeElsewhere } from '../../test/write-elsewhere.js';

/**
 * The account check (session-user-lookup.ts): a change to the account is seen at the very next
 * lookup, made by this process or by another connection.
 */
describe.each(testDatabases())('the account check on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('sees a change made by another connection, and one made here, at the next lookup', async () => {
    const { user, token } = await createUser(t, { name: 'Before' });
    expect((await t.app.sessionUser(user.id))?.user.name).toBe('Before');
    expect((await t.app.sessionUser(user.id))?.user.name).toBe('Before');

    await writeElsewhere(t, 'update users set name = ? where id = ?', ['Elsewhere', user.id]);
    expect((await t.app.sessionUser(user.id))?.user.name).toBe('Elsewhere');

    await t.db.updateTable('users').set({ activated: 0, deactivated_at: new Date().toISOString() }).where('id', '=', user.id).execute();
    const deactivated = await t.app.sessionUser(user.id);
    expect(deactivated?.user.activated).toBe(false);
    expect(deactivated?.deactivated).toBe(true);
    const refused = await t.app.inject({ method: 'GET', url: '/api/tasks/mine', headers: { authorization: `Bearer ${token}` } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_DEACTIVATED' });

    await writeElsewhere(t, 'update users set activated = 1, deactivated_at = null where id = ?', [user.id]);
    const back = await t.app.inject({ method: 'GET', url: '/api/tasks/mine', headers: { authorization: `Bearer ${token}` } });
    expect(back.statusCode).toBe(200);
  });
});
