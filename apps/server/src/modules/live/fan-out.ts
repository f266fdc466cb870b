import { createHash } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { InProcessFanOut } from './fan-out-in-process.js';
import { PostgresFanOut } from './fan-out-postgres.js';
import { RedisFanOut } from './fan-out-redis.js';

/**
 * How the instances of one school tell each other that events were stored (PRODUCT.md §12):
 * a message is the new event ids, every instance (the sender too) hears it once and reads the new
 * rows once for all of its streams. A doorbell only: a lost message costs at most a second, the
 * hub's next read of the table (live-hub.ts). Three drivers, one interface:
 * Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY on PostgreSQL, else in-process
 * (one SQLite instance).
 */
export interface FanOut {
  /** Which driver (for logs and tests). */
  readonly driver: 'in-process' | 'postgres' | 'redis';
  /**
   * Tells every instance (this one included) about these event ids. The PostgreSQL driver returns
   * before its NOTIFY is sent (the events are stored, nothing waits on the message); close() sends
   * what is still pending.
   */
  publish(ids: readonly number[]): Promise<void>;
  /** Starts listening; `onIds` is called once per message on this instance. */
  start(onIds: (ids: number[]) => void): Promise<void>;
  close(): Promise<void>;
}

/** Logs a driver's trouble without ever throwing into a request. */
export type FanOutLog = (message: string, error?: unknown) => void;

/** "12,13" → [12, 13]; anything else in a message is ignored. */
export function parseIds(message: string): number[] {
  return message
    .split(',')
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
}

/**
 * The channel one school's instances share: named after the database they share (its URL and
 * schema), so two schools, or two test databases, on one PostgreSQL or Redis never hear each other.
 */
export function channelName(config: Config, database: Database): string {
  const identity = `${config.databaseUrl.replace(/\/\/[^@/]*@/, '//')}|${database.schema ?? ''}`;
  return `mathclub_live_${createHash('sha256').update(identity).digest('hex').slice(0, 16)}`;
}

/** The driver this set-up needs. */
export function createFanOut(config: Config, database: Database, log: FanOutLog): FanOut {
  const channel = channelName(config, database);
  if (config.redisUrl) return new RedisFanOut(config.redisUrl, `${config.redisKeyPrefix}${channel}`, log);
  if (database.dialect === 'postgres' && database.pgPool) return new PostgresFanOut(database.pgPool, channel, log);
  return new InProcessFanOut();
}
