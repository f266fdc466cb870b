import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresFanOut } from './fan-out-postgres.js';

/**
 * The PostgreSQL fan-out sends the ids published together as one NOTIFY (and at most 500 in one),
 * against a real PostgreSQL: a class answering at once is one round trip, not one per answer.
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('PostgreSQL fan-out', () => {
  let pool: pg.Pool;
  let sender: PostgresFanOut;
  let listener: PostgresFanOut;
  const heard: number[][] = [];
  const log = () => {};

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: url, max: 4 });
    const channel = `fanout_test_${randomUUID().replaceAll('-', '')}`;
    sender = new PostgresFanOut(pool, channel, log);
    listener = new PostgresFanOut(pool, channel, log);
    await listener.start((ids) => heard.push(ids));
  });
  afterAll(async () => {
    await sender?.close();
    await listener?.close();
    await pool?.end();
  });

  /** The channel a fan-out listens on (private; the tests' own, set in beforeAll). */
  const channelOf = (fanOut: PostgresFanOut) => (fanOut as unknown as { channel: string }).channel;

  const until = async (done: () => boolean) => {
    for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  };

  it('sends what each of 30 answers publishes as a message of its own, every id in it', async () => {
    heard.length = 0;
    const published = Array.from({ length: 30 }, (_, i) => [1_000 + 2 * i, 1_001 + 2 * i]);
    await Promise.all(published.map((ids) => sender.publish(ids)));
    await until(() => heard.flat().length >= 60);
    expect(heard.flat().sort((x, y) => x - y)).toEqual(published.flat());
    expect(heard.map((m) => [...m].sort((x, y) => x - y)).sort((x, y) => x[0]! - y[0]!)).toEqual(published);
  });

  it('keeps each message under PostgreSQL\'s payload limit: 1,200 ids go as three', async () => {
    heard.length = 0;
    const ids = Array.from({ length: 1_200 }, (_, i) => 1_000_000_000 + i);
    await sender.publish(ids);
    await until(() => heard.flat().length >= 1_200);
    expect(heard.flat().sort((x, y) => x - y)).toEqual(ids);
    expect(heard.map((m) => m.length)).toEqual([500, 500, 200]);
  });

  it('returns before its NOTIFY is sent, and close() sends what is still pending', async () => {
    heard.length = 0;
    const queries: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const watched = new pg.Pool({ connectionString: url, max: 1 });
    const query = watched.query.bind(watched) as (text: string, values: unknown[]) => Promise<unknown>;
    // PostgreSQL answers the NOTIFY only once the test lets it.
    (watched as unknown as { query: typeof query }).query = async (text, values) => {
      queries.push(text);
      await held;
      return query(text, values);
    };
    const leaving = new PostgresFanOut(watched, channelOf(listener), log);
    // The write that published goes on without a round trip of its own for the message: publish
    // resolves while the NOTIFY is held (waiting for it would never resolve here).
    await leaving.publish([31, 32]);
    expect(heard).toEqual([]);
    const closing = leaving.close();
    release();
    await closing;
    expect(queries).toEqual(['select pg_notify($1, $2)']);
    await until(() => heard.length >= 1);
    expect(heard).toEqual([[31, 32]]);
    await watched.end();
  });

  it('tells its own instance, and logs, when the NOTIFY fails', async () => {
    const told: number[][] = [];
    const logged: string[] = [];
    const failing = new pg.Pool({ connectionString: url, max: 1 });
    const own = new PostgresFanOut(failing, `fanout_test_${randomUUID().replaceAll('-', '')}`, (message) => logged.push(message));
    await own.start((ids) => told.push(ids));
    (failing as unknown as { query: () => Promise<never> }).query = () => Promise.reject(new Error('connection lost'));
    await own.publish([41]);
    await until(() => told.length >= 1);
    expect(told).toEqual([[41]]);
    expect(logged).toEqual(['live updates: NOTIFY failed, telling this instance only']);
    await own.close();
    await failing.end();
  });

  it('publishes nothing for no ids', async () => {
    heard.length = 0;
    await sender.publish([]);
    await sender.publish([7]);
    await until(() => heard.length >= 1);
    expect(heard).toEqual([[7]]);
  });
});
