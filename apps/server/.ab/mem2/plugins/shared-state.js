import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
/**
 * Where counters that every instance must agree on live: login throttles and the per-IP API
 * limit. One instance (the default) keeps them in memory; several behind a load balancer set
 * REDIS_URL. A Redis outage must not lock a school out: commands fail fast instead of queueing
 * (no offline queue, one retry, a short timeout). Meanwhile the sign-in and sign-up limiters count
 * in this process (rate-limiter-flexible's insurance limiter) and the per-address API limit lets
 * requests through uncounted.
 */
export async function registerSharedState(app, config) {
    if (!config.redisUrl) {
        app.decorate('redis', null);
        app.decorate('limiter', (_name, points, duration) => new RateLimiterMemory({ points, duration }));
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
    const reportError = (error) => {
        if (reported)
            return;
        reported = true;
        app.log.warn({ err: error }, 'Redis unavailable: limits are counted per instance until it is back');
    };
    redis.on('error', reportError);
    redis.on('ready', () => {
        if (reported)
            app.log.info('Redis is back: rate limits are counted again');
        reported = false;
    });
    try {
        await redis.connect();
    }
    catch (error) {
        // Not fatal: the server starts and the client keeps reconnecting in the background.
        reportError(error);
    }
    app.decorate('redis', redis);
    app.decorate('limiter', (name, points, duration, options = {}) => new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${config.redisKeyPrefix}limit:${name}`,
        points,
        duration,
        // While Redis is away each instance counts on its own instead of letting guesses through.
        rejectIfRedisNotReady: true,
        ...(options.insurance === false ? {} : { insuranceLimiter: new RateLimiterMemory({ points, duration }) }),
    }));
    app.addHook('onClose', async () => {
        redis.disconnect();
    });
}
//# sourceMappingURL=shared-state.js.map