import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { changeVersion, type Counter } from './change-versions.js';
import type { DB } from './schema.js';

/**
 * Answers kept until what they were read from changes: each under the version of the counters it
 * depends on (change-versions.ts), read before the answer is computed, so a kept answer is never
 * older than its version says and a write anywhere (another instance, psql) is seen at the next
 * read. Concurrent misses of one key share one computation. What is kept is bounded by its size,
 * not only its count: keys move on (a list's image links are signed per ten-minute window), and a
 * count of big class lists could otherwise hold gigabytes by the end of a school day.
 */
export class KeptReads<T> {
  private readonly kept: LRUCache<string, { version: string; value: Promise<T>; until: number; size: number }>;

  /** At most `entries` answers, together at most `bytes` long as JSON (estimated: keptSize). */
  constructor(
    private readonly db: Kysely<DB>,
    { entries = 2_000, bytes = 4 * 2 ** 20 }: { entries?: number; bytes?: number } = {},
  ) {
    this.kept = new LRUCache({ max: entries, maxSize: bytes, sizeCalculation: (entry) => entry.size });
  }

  /**
   * `compute` answers with the value and the time (ms) it stops being true by itself, if any (a
   * task opening). `actor`: the request's, whose account check may have read the counters already.
   */
  async get(key: string, counters: readonly Counter[], compute: () => Promise<{ value: T; until?: number }>, actor?: object): Promise<T> {
    const version = await changeVersion(this.db, counters, actor);
    const entry = this.kept.get(key);
    if (entry && entry.version === version && Date.now() < entry.until) return entry.value;
    const computed = compute();
    const value = computed.then((c) => c.value);
    // Counted as one byte until it is known; then set again with its size (an answer larger than
    // the whole bound is not kept).
    const fresh = { version, value, until: Number.POSITIVE_INFINITY, size: 1 };
    this.kept.set(key, fresh);
    computed.then(
      (c) => {
        fresh.until = c.until ?? Number.POSITIVE_INFINITY;
        fresh.size = keptSize(c.value);
        if (this.kept.peek(key) === fresh) this.kept.set(key, fresh);
      },
      () => this.kept.peek(key) === fresh && this.kept.delete(key),
    );
    return value;
  }
}

/**
 * About how long `value` is as JSON, without writing all of it: a list by three of its items (the
 * lists kept are of like rows), anything else whole.
 */
export function keptSize(value: unknown): number {
  if (!Array.isArray(value)) return Math.max(1, JSON.stringify(value)?.length ?? 1);
  if (value.length === 0) return 2;
  const sample = [value[0], value[value.length >> 1], value[value.length - 1]];
  const each = sample.reduce<number>((sum, item) => sum + (JSON.stringify(item)?.length ?? 4), 0) / sample.length;
  return Math.ceil(value.length * (each + 1)) + 2;
}
