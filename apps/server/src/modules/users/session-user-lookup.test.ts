import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { createGroup, createUser } from '../../test/fixtures.js';
import { writeElsewhere } from '../../test/write-elsewhere.js';

/**
 * The account check (session-user-lookup.ts): whatever it keeps between requests, a change to the
 * account is seen at the very next lookup, made by this process or by another connection.
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

/** SQLite only: what the lookup keeps between changes (PostgreSQL asks on every batch). */
describe.each(testDatabases().filter((d) => d === 'sqlite'))('the account check kept between changes on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers from what it read while no row changed, and reads again after any change', async () => {
    const { user } = await createUser(t);
    const first = await t.app.sessionUser(user.id);
    // The same object: no query ran (a query builds new ones).
    expect(await t.app.sessionUser(user.id)).toBe(first);

    // A change to any row, even one the account does not depend on, here or elsewhere.
    await createGroup(t);
    const afterHere = await t.app.sessionUser(user.id);
    expect(afterHere).not.toBe(first);
    expect(afterHere?.user).toEqual(first?.user);
    await writeElsewhere(t, 'insert into groups (name, name_key, created_at) values (?, ?, ?)', ['Elsewhere', 'elsewhere', new Date().toISOString()]);
    const afterElsewhere = await t.app.sessionUser(user.id);
    expect(afterElsewhere).not.toBe(afterHere);
    expect(afterElsewhere?.user).toEqual(first?.user);
    expect(await t.app.sessionUser(user.id)).toBe(afterElsewhere);
  });
});
