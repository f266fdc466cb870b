import { isNotNewer, tokenFromKnown, type ChangeScope, type ChangeTokenReader, type KnownCounters } from './change-tokens.js';

interface Entry {
  token: string;
  value: Promise<unknown>;
  /** Until the computation settles: a newer one for the key waits for it (see get). */
  pending: boolean;
}

/**
 * Results of expensive reads (a leaderboard, a group's task list) kept until the data they depend
 * on changes: each read names its scope (change-tokens.ts), a hit costs no query when the account
 * check already read the scope's counters (else one tiny one), and a write is seen at the very next
 * request, on every instance. Concurrent misses for one key share one computation. Callers must
 * treat the values as read-only. Bounded: the oldest keys go first.
 */
export class ReadCache {
  /** Told of every lookup, hit or miss (the metrics module sets it; unset, one check per get). */
  static onLookup: ((hit: boolean) => void) | undefined;

  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly tokens: ChangeTokenReader,
    private readonly maxEntries = 500,
  ) {}

  /**
   * `scope`: the data the value is computed from; `known`: counters this request already read
   * (before any of its reads, so a value is never filed under a newer token than its data).
   */
  async get<T>(key: string, scope: ChangeScope, compute: () => Promise<T>, known?: KnownCounters | null): Promise<T> {
    const token = (known && tokenFromKnown(known, scope)) ?? (await this.tokens(scope));
    const hit = this.entries.get(key);
    // A request whose counters were read just before a write may hold an older token than the
    // entry: the entry's data is newer, and good for it (change-tokens.ts isNotNewer).
    const fresh = hit !== undefined && (hit.token === token || isNotNewer(token, hit.token));
    ReadCache.onLookup?.(fresh);
    if (fresh) return hit.value as Promise<T>;
    // One computation per key at a time: while an older one is still running (the data changed
    // again meanwhile), the new one starts when it ends. A 100,000-cell gradebook takes ~0.5 s and
    // a verdict came every 250 ms in the bench: overlapping recomputations held 250 MB at once.
    const value = hit?.pending ? hit.value.then(compute, compute) : compute();
    const entry: Entry = { token, value, pending: true };
    this.entries.delete(key);
    this.entries.set(key, entry);
    const settled = () => {
      entry.pending = false;
    };
    value.then(settled, settled);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    // A failed read is not remembered.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }
}
