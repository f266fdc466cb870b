import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestApp } from '../test/build-test-app.js';
import { createUser } from '../test/fixtures.js';
import { ownDatabase, testAppOnOwnDatabase, until, withClient } from '../test/pg-clients.js';
import { createDb } from './database.js';
import { CLIENT_OF_ANY_ROLE, type SoleInstanceTiming } from './pg-sole-instance.js';

/** The production timing scaled down, so a test sees keeping start and stop in a fraction of a second. */
const FAST: SoleInstanceTiming = { everyMs: 40, freshMs: 400, cleanChecks: 3, validMs: 150, strangerHoldMs: 1_000 };

/** Runs `use` as a client that is no instance (psql, a backup, an earlier release). */
const asStranger = <T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> => withClient(url, (client) => use(client));

/**
 * db/pg-sole-instance.ts: a PostgreSQL instance answers account checks from what it read only while
 * it is provably the only instance, and a write by this one or by another announced instance is
 * seen at the very next request (PRODUCT.md: deactivation and logout count at once, everywhere).
 */
// PostgreSQL only: without TEST_DATABASE_URL the suite is skipped (a file with no suite fails vitest).
describe.runIf(testDatabases().includes('postgres'))('the sole instance on postgres', () => {
  // A database of its own: the other test files' connections to the shared one would count as
  // other clients, and nothing would be kept.
  const own = ownDatabase('mathclub_sole');
  const { url, adminUrl } = own;
  let t: TestApp;
  const alone = () => t.database.changeStamp?.() != null;
  beforeAll(async () => {
    t = await testAppOnOwnDatabase(own, FAST);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps nothing before it is announced, then keeps once alone, and sees its own writes at once', async () => {
    const { user } = await createUser(t, { name: 'Before' });
    const first = await t.app.sessionUser(user.id);
    // Not announced: every lookup asks PostgreSQL (a query builds new objects; a kept account is
    // handed out with the counters counted now, around the same user object).
    expect((await t.app.sessionUser(user.id))?.user).not.toBe(first?.user);
    expect(alone()).toBe(false);

    await t.database.instance!.announce();
    await until(alone, 'the instance keeps');
    const kept = await t.app.sessionUser(user.id);
    expect((await t.app.sessionUser(user.id))?.user).toBe(kept?.user);

    await t.db.updateTable('users').set({ name: 'Here' }).where('id', '=', user.id).execute();
    expect((await t.app.sessionUser(user.id))?.user.name).toBe('Here');
  });

  it('stops keeping before another instance writes, sees its writes at the next request, and keeps again once it is gone', async () => {
    const { user, token } = await createUser(t, { name: 'Mine' });
    await until(alone, 'the instance keeps');
    const kept = await t.app.sessionUser(user.id);
    expect((await t.app.sessionUser(user.id))?.user).toBe(kept?.user);

    const other = createDb(url, { poolSize: 1, instanceTiming: FAST });
    try {
      await other.instance!.announce();
      // Whatever this instance's heartbeats did meanwhile, it no longer keeps once announce() returned.
      expect(alone()).toBe(false);
      await other.db.updateTable('users').set({ name: 'Theirs' }).where('id', '=', user.id).execute();
      expect((await t.app.sessionUser(user.id))?.user.name).toBe('Theirs');
      await other.db.updateTable('users').set({ activated: 0, deactivated_at: new Date().toISOString() }).where('id', '=', user.id).execute();
      const refused = await t.app.inject({ method: 'GET', url: '/api/tasks/mine', headers: { authorization: `Bearer ${token}` } });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'ACCOUNT_DEACTIVATED' });
      // Still two instances a few heartbeats later: nothing kept.
      await new Promise((resolve) => setTimeout(resolve, FAST.everyMs * (FAST.cleanChecks + 2)));
      expect(alone()).toBe(false);
    } finally {
      await other.destroy();
    }
    // Its row is gone with it: this instance keeps again.
    await until(alone, 'the instance keeps again');
    const again = await t.app.sessionUser(user.id);
    expect(again?.deactivated).toBe(true);
    expect((await t.app.sessionUser(user.id))?.user).toBe(again?.user);
  });

  it('stops keeping when its heartbeat connection is lost, and starts again after clean heartbeats', async () => {
    await until(alone, 'the instance keeps');
    // The heartbeat's connection is the one running the heartbeat's statement (or last ran it).
    const ended = await asStranger(adminUrl, (c) =>
      c.query<{ ended: boolean }>(`select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1 and query like '%server_instances%'`, [t.database.instance!.applicationName]),
    );
    expect(ended.rows).toEqual([{ ended: true }]);
    await until(() => !alone(), 'the instance stops keeping', 3_000);
    await until(alone, 'the instance keeps again');
  });

  it('keeps nothing while a client that is no instance is connected, and sees what it wrote', async () => {
    const { user } = await createUser(t, { name: 'Before stranger' });
    await until(alone, 'the instance keeps');
    const kept = await t.app.sessionUser(user.id);
    expect((await t.app.sessionUser(user.id))?.user).toBe(kept?.user);
    await asStranger(url, async (stranger) => {
      // Connected and idle, as psql or an earlier release's pool: within a heartbeat nothing is kept.
      await until(() => !alone(), 'the instance stops keeping', 3_000);
      await stranger.query('update users set name = $1 where id = $2', ['Stranger', user.id]);
      expect((await t.app.sessionUser(user.id))?.user.name).toBe('Stranger');
      await new Promise((resolve) => setTimeout(resolve, FAST.everyMs * (FAST.cleanChecks + 2)));
      expect(alone()).toBe(false);
    });
    // Gone, but a stranger may come back (an earlier release's pool reconnects to write): nothing is
    // kept for strangerHoldMs after one was last seen, though the heartbeats in between are clean.
    await new Promise((resolve) => setTimeout(resolve, FAST.everyMs * (FAST.cleanChecks + 2)));
    expect(alone()).toBe(false);
    await until(alone, 'the instance keeps again once it has gone');
  });

  it("counts a client of another role as a stranger, though that role's backend_type reads as null", async () => {
    const role = `mathclub_probe_${randomBytes(4).toString('hex')}`;
    await asStranger(adminUrl, (c) => c.query(`create role ${role} login`));
    try {
      const asRole = Object.assign(new URL(url), { username: role }).toString();
      // A superuser's session is open (asStranger below); the instance's role is an ordinary one.
      await asStranger(url, async () => {
        const seen = await asStranger(asRole, (c) =>
          c.query<{ clients: string; naive: string }>(
            `select count(*) filter (where ${CLIENT_OF_ANY_ROLE}) as clients, count(*) filter (where backend_type = 'client backend') as naive
             from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and usename <> current_user`,
          ),
        );
        expect(Number(seen.rows[0]!.clients)).toBeGreaterThan(0);
        // Why the condition: the plain test would see none of them.
        expect(Number(seen.rows[0]!.naive)).toBe(0);
      });
    } finally {
      await asStranger(adminUrl, (c) => c.query(`drop role if exists ${role}`));
    }
  });
});
