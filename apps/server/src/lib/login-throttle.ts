/**
 * Counts events per key (a login, an IP address) in a fixed window, in this process's memory.
 * (Several instances would share this through Redis; one school's single instance does not need it.)
 */
export class LoginThrottle {
  private readonly counts = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True once `limit` events happened within the window. */
  isBlocked(key: string): boolean {
    const entry = this.counts.get(key);
    if (!entry) return false;
    if (entry.resetAt <= this.now()) {
      this.counts.delete(key);
      return false;
    }
    return entry.count >= this.limit;
  }

  record(key: string): void {
    const now = this.now();
    if (this.counts.size > 50_000) this.sweep(now);
    const entry = this.counts.get(key);
    if (!entry || entry.resetAt <= now) this.counts.set(key, { count: 1, resetAt: now + this.windowMs });
    else entry.count += 1;
  }

  reset(key: string): void {
    this.counts.delete(key);
  }

  private sweep(now: number) {
    for (const [key, entry] of this.counts) if (entry.resetAt <= now) this.counts.delete(key);
  }
}
