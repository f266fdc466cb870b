import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { SoleInstanceTiming } from '../db/pg-sole-instance.js';
import type { ToldMoves } from '../db/pg-told-moves.js';
import { buildTestAppOn, type TestApp } from './build-test-app.js';

/**
 * Runs `use` on a plain PostgreSQL client (psql, a backup, an earlier release: no instance), with
 * the startup `options` given, and the details of the counter moves its session is told
 * (db/pg-told-moves.ts) as they arrive.
 */
export async function withClient<T>(url: string, use: (client: pg.Client, told: string[]) => Promise<T>, options?: string): Promise<T> {
  const client = new pg.Client({ connectionString: url, ...(options ? { options } : {}) });
  const told: string[] = [];
  client.on('notice', (notice) => {
    if (notice.message === 'mathclub moved' && notice.detail) told.push(notice.detail);
  });
  await client.connect();
  try {
    return await use(client, told);
  } finally {
    await client.end();
  }
}

/** Waits until `condition` holds, checking every 10 ms; throws naming `what` after `ms`. */
export async function until(condition: () => boolean, what: string, ms = 3_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * A stand-in for one of the pool's pg clients, watched by `moves`: what its trigger tells, the
 * ReadyForQuery at the end of each statement, a lost connection, and any other event.
 */
export function watchedFakeClient(moves: ToldMoves) {
  const client = Object.assign(new EventEmitter(), { connection: new EventEmitter() });
  moves.watch(client as unknown as pg.Client);
  return {
    told: (scopes: string) => client.emit('notice', { message: 'mathclub moved', detail: scopes }),
    ready: (status: 'I' | 'T' | 'E') => client.connection.emit('readyForQuery', { name: 'readyForQuery', status }),
    lost: () => client.emit('end'),
    emit: (event: string, value: unknown) => client.emit(event, value),
  };
}

/**
 * A PostgreSQL database of its own for one test file (beside TEST_DATABASE_URL's), for tests where
 * the other files' connections to the shared one would count as other clients: its name and URL,
 * the admin URL, and statements to create and drop it.
 */
export function ownDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  // Unset where PostgreSQL is not set up: the suites that call this are then collected but skipped.
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://unset/';
  const admin = (statement: string) => withClient(adminUrl, (c) => c.query(statement)).then(() => {});
  return {
    name,
    adminUrl,
    url: Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString(),
    create: () => admin(`create database ${name}`),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** A test app on a new, migrated `ownDatabase`, its instance on `timing` and not yet announced; closing it drops the database. */
export async function testAppOnOwnDatabase(own: ReturnType<typeof ownDatabase>, timing: SoleInstanceTiming): Promise<TestApp> {
  await own.create();
  const database = createDb(own.url, { poolSize: 4, instanceTiming: timing });
  await migrateToLatest(database);
  return buildTestAppOn('postgres', mkdtempSync(path.join(tmpdir(), 'mathclub-test-')), { database, drop: own.drop });
}
