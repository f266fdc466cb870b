/**
 * For each account with a stream on this instance, the keys of its streams on every instance,
 * oldest first, as the `stream.opened` and `stream.closed` events told them (from this instance's
 * first stream of it on: older ones elsewhere are their own instance's to close). An account may
 * keep `limit` streams in all; the hub closes its own streams that fall out of the list.
 */
export class AccountStreams {
  private readonly keys = new Map<number, string[]>();

  constructor(private readonly limit: number) {}

  /** Starts counting an account's streams (its first stream here). */
  watch(userId: number): void {
    if (!this.keys.has(userId)) this.keys.set(userId, []);
  }

  /** Stops counting them (its last stream here closed). */
  forget(userId: number): void {
    this.keys.delete(userId);
  }

  /** A stream opened or closed on some instance: the keys of the streams that fell out (oldest first). */
  told(userId: number, kind: 'stream.opened' | 'stream.closed', key: string): string[] {
    const keys = this.keys.get(userId);
    if (!keys) return [];
    if (kind === 'stream.closed') {
      const at = keys.indexOf(key);
      if (at >= 0) keys.splice(at, 1);
      return [];
    }
    if (!keys.includes(key)) keys.push(key);
    return keys.splice(0, Math.max(0, keys.length - this.limit));
  }
}
