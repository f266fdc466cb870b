import { ReadyJson } from '../lib/ready-json.js';
import { SizedEntries } from './sized-entries.js';
import { isNotNewer, tokenFromKnown, type ChangeScope, type ChangeTokenReader, type KnownCounters } from './change-tokens.js';

interface Entry {
  token: string;
  value: Promise<unknown>;
  /** Until the computation settles: a newer one for the key waits for it (see get). */
  pending: boolean;
  /** The settled value (unset while pending or after a failure), measured by `sizeOf`. */
  result?: unknown;
  /** The bytes it is counted at in the cache's bound (SizedEntries). */
  size: number;
}

/** How much a ReadCache keeps. */
export interface ReadCacheOptions {
  /** Its name in the metrics (`mathclub_read_cache_bytes{cache}`). */
  name?: string;
  /** Keys kept at most (default 500). */
  maxEntries?: number;
  /**
   * Bytes its values may hold at most, as `sizeOf` counts them (default 32 MiB): a teacher's review
   * list of 50 long answers is ~640 KB, so 500 of them would be 320 MB, far more than the server's
   * whole memory budget. A value larger than the bound on its own is served to the requests that
   * waited for it and not kept.
   */
  maxBytes?: number;
  /** The bytes a value holds (default: a ReadyJson's bytes and compressed forms; 0 for anything else). */
  sizeOf?: (value: unknown) => number;
}

export const READ_CACHE_MAX_BYTES = 32 * 1024 * 1024;

const readyJsonBytes = (value: unknown): number => (value instanceof ReadyJson ? value.retainedBytes : 0);

/**
 * Results of expensive reads (a leaderboard, a group's task list) kept until the data they depend
 * on changes: each read names its scope (change-tokens.ts), a hit costs no query when the account
 * check already read the scope's counters (else one tiny one), and a write is seen at the very next
 * request, on every instance. Concurrent misses for one key share one computation. Callers must
 * treat the values as read-only. Bounded by keys and by bytes: the least recently read go first.
 */
export class ReadCache {
  /** Told of every lookup, hit or miss (the metrics module sets it; unset, one check per get). */
  static onLookup: ((hit: boolean) => void) | undefined;
  /** Told of every change of the bytes a cache holds, with its name (the metrics module sets it). */
  static onBytes: ((name: string, delta: number) => void) | undefined;

  private readonly entries: SizedEntries<string, Entry>;
  private readonly sizeOf: (value: unknown) => number;

  constructor(
    private readonly tokens: ChangeTokenReader,
    options: ReadCacheOptions = {},
  ) {
    const name = options.name ?? 'other';
    this.entries = new SizedEntries(options.maxEntries ?? 500, options.maxBytes ?? READ_CACHE_MAX_BYTES, (delta) => ReadCache.onBytes?.(name, delta));
    this.sizeOf = options.sizeOf ?? readyJsonBytes;
  }

  /** The bytes the kept values hold now. */
  get bytes(): number {
    return this.entries.bytes;
  }

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
    if (fresh) {
      // Most recently read now, and measured again: a ReadyJson grows by its compressed forms
      // after it was first kept.
      this.entries.touch(key, hit);
      if (hit.result !== undefined) this.entries.resize(hit, this.sizeOf(hit.result));
      return hit.value as Promise<T>;
    }
    // One computation per key at a time: while an older one is still running (the data changed
    // again meanwhile), the new one starts when it ends. A 100,000-cell gradebook takes ~0.5 s and
    // a verdict came every 250 ms in the bench: overlapping recomputations held 250 MB at once.
    const value = hit?.pending ? hit.value.then(compute, compute) : compute();
    const entry: Entry = { token, value, pending: true, size: 0 };
    this.entries.set(key, entry);
    value.then(
      (result) => {
        entry.pending = false;
        if (this.entries.get(key) !== entry) return;
        entry.result = result;
        this.entries.resize(entry, this.sizeOf(result));
      },
      () => {
        entry.pending = false;
        // A failed read is not remembered.
        this.entries.delete(key, entry);
      },
    );
    return value;
  }
}
