import type { Redis } from 'ioredis';
import type { Throttle } from './throttle.js';

// INCR and, for the first event of a window, its expiry, atomically: every instance counts into
// the same key and the window starts at the first event, as in the in-memory throttle.
const RECORD = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/**
 * The fixed-window throttle with its counts in Redis, shared by every instance behind the load
 * balancer. When Redis cannot answer, the throttle lets the request through and says so once in
 * the log (`onError`): a school keeps signing in, at the price of a limit not counted meanwhile.
 */
export class RedisThrottle implements Throttle {
  constructor(
    private readonly redis: Redis,
    /** Key prefix, e.g. "mathclub:throttle:login-failures:". */
    private readonly prefix: string,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  async isBlocked(key: string): Promise<boolean> {
    try {
      const count = await this.redis.get(this.prefix + key);
      return count !== null && Number(count) >= this.limit;
    } catch (error) {
      this.onError(error);
      return false;
    }
  }

  async record(key: string): Promise<void> {
    try {
      await this.redis.eval(RECORD, 1, this.prefix + key, String(this.windowMs));
    } catch (error) {
      this.onError(error);
    }
  }

  async reset(key: string): Promise<void> {
    try {
      await this.redis.del(this.prefix + key);
    } catch (error) {
      this.onError(error);
    }
  }
}
