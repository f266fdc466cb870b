import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { MemoryThrottle, type Throttle } from '../lib/throttle.js';
import { RedisThrottle } from '../lib/redis-throttle.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis client when REDIS_URL is set (rate limits shared by every instance), else null. */
    redis: Redis | null;
    /** A fixed-window throttle named `name`: in Redis when configured, else in this process. */
    throttle: (name: string, limit: number, windowMs: number) => Throttle;
  }
}

/**
 * Where counters that every instance must agree on live: login throttles and the per-IP API
 * limit. One instance (the default) keeps them in memory; several behind a load balancer set
 * REDIS_URL. A Redis outage must not lock a school out: commands fail fast instead of queueing
 * (no offline queue, one retry, a short timeout) and the limits let requests through meanwhile.
 */
export async function registerSharedState(app: FastifyInstance, config: Config): Promise<void> {
  if (!config.redisUrl) {
    app.decorate('redis', null);
    app.decorate('throttle', (_name: string, limit: number, windowMs: number) => new MemoryThrottle(limit, windowMs));
    return;
  }
  const redis = new Redis(config.redisUrl, {
    lazyConnect: true,
    enableOfflineQueue: false,
    // Commands issued in one event-loop turn (every request arriving together) go as one pipeline.
    enableAutoPipelining: true,
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
    connectTimeout: 2_000,
    // Keep trying to come back, at most every 2 s.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // One line per outage, not one per request.
  let reported = false;
  const reportError = (error: unknown) => {
    if (reported) return;
    reported = true;
    app.log.warn({ err: error }, 'Redis unavailable: rate limits are not counted until it is back');
  };
  redis.on('error', reportError);
  redis.on('ready', () => {
    if (reported) app.log.info('Redis is back: rate limits are counted again');
    reported = false;
  });
  try {
    await redis.connect();
  } catch (error) {
    // Not fatal: the server starts and the client keeps reconnecting in the background.
    reportError(error);
  }
  app.decorate('redis', redis);
  app.decorate(
    'throttle',
    (name: string, limit: number, windowMs: number) => new RedisThrottle(redis, `${config.redisKeyPrefix}throttle:${name}:`, limit, windowMs, reportError),
  );
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
}
