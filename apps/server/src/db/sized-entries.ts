/**
 * A cache's entries in about the order they were last used, bounded by their number and by the
 * bytes each is counted at: when either bound is passed the least recently used go first (an
 * entry over the byte bound on its own goes too; among the newer half the order is approximate,
 * see `touch`). Shared by the read caches (read-cache.ts) and the
 * gradebooks (gradebook-cache.ts), whose entries are counted once their value settles.
 */
export class SizedEntries<K, E extends { size: number; usedAt?: number }> {
  private readonly map = new Map<K, E>();
  private held = 0;
  /** Counts the entries put at the newest end of `map`; an entry's `usedAt` is the count when it was. */
  private clock = 0;

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

  /**
   * `entry`, kept under `key`, was used again. A Map keeps insertion order, so moving it to the
   * newest end is a delete and a set; but fewer than `clock - usedAt` entries were put after it,
   * and while that is under half of them it is among the newer half already, which is evicted
   * last either way: it stays where it is. A warm read used two entries, each moved on every
   * request, and the moves (with the Map's compactions they cause) were 3.8 % of its CPU.
   */
  touch(key: K, entry: E): void {
    if (entry.usedAt !== undefined && this.clock - entry.usedAt < this.map.size / 2) return;
    this.map.delete(key);
    this.map.set(key, entry);
    entry.usedAt = ++this.clock;
  }

  /** Keeps `entry` under `key` as the most recently used, in place of what was there. */
  set(key: K, entry: E): void {
    const old = this.map.get(key);
    if (old) this.delete(key, old);
    this.map.set(key, entry);
    entry.usedAt = ++this.clock;
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
