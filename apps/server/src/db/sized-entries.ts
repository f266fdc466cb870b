/**
 * A cache's entries in the order they were last used, bounded by their number and by the bytes
 * each is counted at: when either bound is passed the least recently used go first (an entry over
 * the byte bound on its own goes too). Shared by the read caches (read-cache.ts) and the
 * gradebooks (gradebook-cache.ts), whose entries are counted once their value settles.
 */
export class SizedEntries<K, E extends { size: number }> {
  private readonly map = new Map<K, E>();
  private held = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
    /** Told of every change of the bytes held (the metrics' gauge). */
    private readonly onBytes?: (delta: number) => void,
  ) {}

  /** The bytes the entries are counted at now. */
  get bytes(): number {
    return this.held;
  }

  get(key: K): E | undefined {
    return this.map.get(key);
  }

  /** `entry`, kept under `key`, is now the most recently used (~45 ns: a Map keeps insertion order). */
  touch(key: K, entry: E): void {
    this.map.delete(key);
    this.map.set(key, entry);
  }

  /** Keeps `entry` under `key` as the most recently used, in place of what was there. */
  set(key: K, entry: E): void {
    const old = this.map.get(key);
    if (old) this.delete(key, old);
    this.map.set(key, entry);
    this.count(entry.size);
    this.trim();
  }

  /** Counts `entry`, still kept, at `size` bytes from now on. */
  resize(entry: E, size: number): void {
    if (size === entry.size) return;
    this.count(size - entry.size);
    entry.size = size;
    this.trim();
  }

  /** Forgets `key` if it still holds `entry` (a newer entry under the key stays). */
  delete(key: K, entry: E): void {
    if (this.map.get(key) !== entry) return;
    this.map.delete(key);
    this.count(-entry.size);
  }

  private count(delta: number): void {
    if (delta === 0) return;
    this.held += delta;
    this.onBytes?.(delta);
  }

  private trim(): void {
    while (this.map.size > this.maxEntries || this.held > this.maxBytes) {
      const [key, oldest] = this.map.entries().next().value!;
      this.delete(key, oldest);
    }
  }
}
