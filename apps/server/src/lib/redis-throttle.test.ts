import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisThrottle } from './redis-throttle.js';

const REDIS_URL = process.env.TEST_REDIS_URL;

describe.skipIf(!REDIS_URL)('RedisThrottle on a real Redis', () => {
  const prefix = `mathclub-test:${process.pid}:${Date.now()}:unit:`;
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(REDIS_URL!);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });
  const errors: unknown[] = [];
  const throttle = (windowMs: number) => new RedisThrottle(redis, prefix, 2, windowMs, (e) => errors.push(e));

  it('blocks at the limit, per key, and opens again when the window has passed', async () => {
    const t = throttle(300);
    await t.record('k1');
    expect(await t.isBlocked('k1')).toBe(false);
    await t.record('k1');
    expect(await t.isBlocked('k1')).toBe(true);
    expect(await t.isBlocked('k2')).toBe(false);
    await new Promise((r) => setTimeout(r, 400));
    expect(await t.isBlocked('k1')).toBe(false);
    expect(errors).toEqual([]);
  });

  it('the window starts at the first event, not the last', async () => {
    const t = throttle(400);
    await t.record('k3');
    await new Promise((r) => setTimeout(r, 250));
    await t.record('k3');
    expect(await t.isBlocked('k3')).toBe(true);
    await new Promise((r) => setTimeout(r, 250));
    // 500 ms after the first event: its window is over although the second was 250 ms ago.
    expect(await t.isBlocked('k3')).toBe(false);
  });

  it('reset forgets the key', async () => {
    const t = throttle(60_000);
    await t.record('k4');
    await t.record('k4');
    await t.reset('k4');
    expect(await t.isBlocked('k4')).toBe(false);
  });
});
