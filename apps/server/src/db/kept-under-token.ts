import { SizedEntries } from './sized-entries.js';

interface Entry<V> {
  /** The change token the value was read under. */
  token: string;
  value: V;
  size: number;
  usedAt?: number;
}

/**
 * Small rows a write path needs on every request (an answer's task, the teachers it notifies),
 * kept per key under a change token the request already holds: its counters are read with the
 * account check (db/change-tokens.ts), so a hit costs no query. The token moves in the same
 * transaction as any write to the data, on any instance, so a kept value is the data as it is now.
 *
 * The value is read after its token (the account check came first), so nothing is kept under a
 * newer token than its data. Only values found are kept: `load` answering undefined drops the key.
 * Bounded by entries and bytes, least recently used first (SizedEntries).
 */
export class KeptUnderToken<K, V> {
  private readonly entries: SizedEntries<K, Entry<V>>;

  constructor(
    private readonly load: (key: K) => Promise<V | undefined>,
    /** About the bytes a value holds. */
    private readonly sizeOf: (value: V) => number,
    bounds: { maxEntries: number; maxBytes: number },
  ) {
    this.entries = new SizedEntries(bounds.maxEntries, bounds.maxBytes);
  }

  /** The value of `key` as of `token`; `token` null (no counters for this request) reads it and keeps nothing. */
  async get(key: K, token: string | null): Promise<V | undefined> {
    const kept = this.entries.get(key);
    if (token !== null && kept?.token === token) {
      this.entries.touch(key, kept);
      return kept.value;
    }
    const value = await this.load(key);
    if (token === null) return value;
    if (value !== undefined) this.entries.set(key, { token, value, size: this.sizeOf(value) });
    else if (kept) this.entries.delete(key, kept);
    return value;
  }
}
