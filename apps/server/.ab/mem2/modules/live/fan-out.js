import { createHash } from 'node:crypto';
import { InProcessFanOut } from './fan-out-in-process.js';
import { PostgresFanOut } from './fan-out-postgres.js';
import { RedisFanOut } from './fan-out-redis.js';
/** "12,13" → [12, 13]; anything else in a message is ignored. */
export function parseIds(message) {
    return message
        .split(',')
        .map(Number)
        .filter((n) => Number.isSafeInteger(n) && n > 0);
}
/**
 * The channel one school's instances share: named after the database they share (its URL and
 * schema), so two schools, or two test databases, on one PostgreSQL or Redis never hear each other.
 */
export function channelName(config, database) {
    const identity = `${config.databaseUrl.replace(/\/\/[^@/]*@/, '//')}|${database.schema ?? ''}`;
    return `mathclub_live_${createHash('sha256').update(identity).digest('hex').slice(0, 16)}`;
}
/** The driver this set-up needs. */
export function createFanOut(config, database, log) {
    const channel = channelName(config, database);
    if (config.redisUrl)
        return new RedisFanOut(config.redisUrl, `${config.redisKeyPrefix}${channel}`, log);
    if (database.dialect === 'postgres' && database.pgPool)
        return new PostgresFanOut(database.pgPool, channel, log);
    return new InProcessFanOut();
}
//# sourceMappingURL=fan-out.js.map