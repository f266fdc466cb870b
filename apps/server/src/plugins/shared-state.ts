import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis client when REDIS_URL is set (rate limits shared by every instance), else null. */
    redis: Redis | null;
    /**
     * A rate-limiter-flexible counter named `name` (`points` per fixed window of `durationSeconds`,
     * the window starting at a key's first point): in Redis when configured, else in this process.
     * While Redis is away it counts in this process instead, unless `insurance` is false: then it
     * rejects with an error that is not a RateLimiterRes, and the caller decides.
     */
    limiter: (name: string, points: number, durationSeconds: number, options?: { insurance?: boolean }) => RateLimiterAbstract;
  }
}

/**
 * Where counters that every instance must agree on live: login throttles and the per-IP API
 * limit. One instance (the default) keeps them in memory; several behind a load balancer set
 * REDIS_URL. A Redis outage must not lock a school out: commands fail fast instead of queueing
 * (no offline queue, one retry, a short timeout). Meanwhile the sign-in and sign-up limiters count
 * in this process (rate-limiter-flexible's insurance limiter) and the per-address API limit lets
 * requests through uncounted.
 */
export async function registerSharedState(app: FastifyInstance, config: Config): Promise<void> {
  if (!config.redisUrl) {
    app.decorate('redis', null);
    app.decorate('limiter', (_name: string, points: number, duration: number) => new RateLimiterMemory({ points, duration }));
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
    app.log.warn({ err: error }, 'Redis unavailable: limits are counted per instance until it is back');
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
    'limiter',
    (name: string, points: number, duration: number, options: { insurance?: boolean } = {}) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${config.redisKeyPrefix}limit:${name}`,
        points,
        duration,
        // While Redis is away each instance counts on its own instead of letting guesses through.
        rejectIfRedisNotReady: true,
        ...(options.insurance === false ? {} : { insuranceLimiter: new RateLimiterMemory({ points, duration }) }),
      }),
  );
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
}
