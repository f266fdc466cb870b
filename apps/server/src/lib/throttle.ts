/**
 * Counts events per key (a login, an IP address) in a fixed window. Async because the count may
 * live in Redis, shared by every instance (see redis-throttle.ts); this one keeps it in memory,
 * which is all one school's single instance needs.
 */
export interface Throttle {
  /** True once `limit` events happened within the window. */
  isBlocked(key: string): Promise<boolean>;
  record(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/** The in-process throttle: all one instance needs. */
export class MemoryThrottle implements Throttle {
  private readonly counts = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async isBlocked(key: string): Promise<boolean> {
    const entry = this.counts.get(key);
    if (!entry) return false;
    if (entry.resetAt <= this.now()) {
      this.counts.delete(key);
      return false;
    }
    return entry.count >= this.limit;
  }

  async record(key: string): Promise<void> {
    const now = this.now();
    if (this.counts.size > 50_000) this.sweep(now);
    const entry = this.counts.get(key);
    if (!entry || entry.resetAt <= now) this.counts.set(key, { count: 1, resetAt: now + this.windowMs });
    else entry.count += 1;
  }

  async reset(key: string): Promise<void> {
    this.counts.delete(key);
  }

  private sweep(now: number) {
    for (const [key, entry] of this.counts) if (entry.resetAt <= now) this.counts.delete(key);
  }
}
