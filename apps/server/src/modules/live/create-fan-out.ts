import { createHash } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { FanOut, FanOutLog } from './fan-out.js';
import { InProcessFanOut } from './fan-out-in-process.js';
import { PostgresFanOut } from './fan-out-postgres.js';
import { RedisFanOut } from './fan-out-redis.js';

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
