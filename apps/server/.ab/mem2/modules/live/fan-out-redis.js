import { Redis } from 'ioredis';
import { parseIds } from './fan-out.js';
/**
 * Redis pub/sub (REDIS_URL set): one subscribing connection and one publishing connection per
 * instance. ioredis reconnects both by itself and re-subscribes; a message published while this
 * instance was away is not replayed by Redis, but the hub reads the events from the table every
 * second anyway (live-hub.ts, CATCH_UP_MS), so its streams get them. When a publish fails, this
 * instance's own streams are still told at once.
 */
export class RedisFanOut {
    channel;
    log;
    driver = 'redis';
    subscriber;
    publisher;
    onIds = null;
    reported = false;
    constructor(url, channel, log) {
        this.channel = channel;
        this.log = log;
        const options = { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2_000, retryStrategy: (attempt) => Math.min(attempt * 200, 2_000) };
        this.subscriber = new Redis(url, options);
        this.publisher = new Redis(url, { ...options, enableOfflineQueue: false, commandTimeout: 1_000 });
        const report = (error) => {
            if (this.reported)
                return;
            this.reported = true;
            this.log('live updates: Redis unavailable, events reach other instances once it is back', error);
        };
        this.subscriber.on('error', report);
        this.publisher.on('error', report);
        // Subscribing on every (re)connection: ioredis re-subscribes by itself only what once succeeded.
        this.subscriber.on('ready', () => {
            this.reported = false;
            this.subscriber.subscribe(this.channel).catch(() => { });
        });
        this.subscriber.on('message', (channel, message) => {
            if (channel === this.channel)
                this.onIds?.(parseIds(message));
        });
    }
    async publish(ids) {
        if (ids.length === 0)
            return;
        try {
            await this.publisher.publish(this.channel, ids.join(','));
        }
        catch (error) {
            this.log('live updates: Redis publish failed, telling this instance only', error);
            const copy = [...ids];
            setImmediate(() => this.onIds?.(copy));
        }
    }
    async start(onIds) {
        this.onIds = onIds;
        try {
            await Promise.all([this.subscriber.connect(), this.publisher.connect()]);
            await this.subscriber.subscribe(this.channel);
        }
        catch (error) {
            // Not fatal: ioredis keeps reconnecting and subscribes again when it is back.
            this.log('live updates: cannot subscribe on Redis yet', error);
        }
    }
    async close() {
        this.onIds = null;
        this.subscriber.disconnect();
        this.publisher.disconnect();
    }
}
//# sourceMappingURL=fan-out-redis.js.map