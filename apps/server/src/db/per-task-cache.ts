/** One cached answer: what it was read under, and its items task by task. */
interface Entry<T, X> {
  /** The token of what every item depends on beside its own task (names, titles, which tasks are live). */
  base: string;
  /** Read once per `base` beside the items (the leaderboard's members). */
  extra: X;
  byTask: Map<number, { version: string; items: T[] }>;
  /** Items held, for the bound. */
  size: number;
}

/** How a cached answer is read: the callbacks of `PerTaskCache.get`. */
export interface PerTaskLoad<T, X> {
  /** Read when the entry is new or its `base` moved. */
  extra: () => Promise<X>;
  /** The change counter of each live task the answer may name (kind 't'), read before any item. */
  versions: () => Promise<Map<number, string>>;
  /** Which of those tasks this answer names, in the order its items are returned. */
  wanted: (versions: Map<number, string>) => number[];
  /** The items of the `stale` tasks; `all` when they are every wanted task (the caller's whole query). */
  read: (stale: number[], all: boolean) => Promise<T[]>;
  taskOf: (item: T) => number;
}

/**
 * Answers kept per task under each task's change counter (kind 't', moved by triggers with every
 * write to its solutions, on every instance), shared by the caches that patch a group's answer by
 * task instead of reading it whole after each answer or verdict: the teachers' solution lists and
 * the leaderboards. A read asks for the counters of the tasks (one indexed query), reads again only
 * the tasks whose counter moved, drops the tasks gone, and returns the items in the wanted tasks'
 * order. Counters are read before items, so nothing is filed under a newer counter than its data.
 * A change of `base` (the roster, the groups' tasks) drops the entry and it is read whole.
 * Bounded by the items held: the least recently read entries go first.
 */
export class PerTaskCache<K, T, X = undefined> {
  private readonly entries = new Map<K, Entry<T, X>>();
  private held = 0;

  constructor(private readonly maxItems: number) {}

  async get(key: K, base: string, load: PerTaskLoad<T, X>): Promise<{ extra: X; items: T[] }> {
    let entry = this.entries.get(key);
    if (entry) this.forget(key, entry);
    if (entry?.base !== base) entry = { base, extra: await load.extra(), byTask: new Map(), size: 0 };
    const versions = await load.versions();
    const wanted = load.wanted(versions);
    const byTask = entry.byTask;
    const stale = wanted.filter((id) => byTask.get(id)?.version !== versions.get(id));
    if (stale.length > 0) {
      const read = await load.read(stale, stale.length === wanted.length);
      const filed = new Map<number, T[]>(stale.map((id) => [id, []]));
      for (const item of read) filed.get(load.taskOf(item))?.push(item);
      for (const id of stale) byTask.set(id, { version: versions.get(id)!, items: filed.get(id)! });
    }
    // Tasks deleted since are absent from `versions` (and moved `base` anyway).
    for (const id of byTask.keys()) if (!versions.has(id)) byTask.delete(id);
    const items = wanted.flatMap((id) => byTask.get(id)!.items);
    this.remember(key, entry);
    return { extra: entry.extra, items };
  }

  /** Files the entry as the most recently read, then lets the oldest go while over the bound. */
  private remember(key: K, entry: Entry<T, X>): void {
    entry.size = 0;
    for (const { items } of entry.byTask.values()) entry.size += items.length;
    // A concurrent read of the same key may have filed its own meanwhile: this one replaces it.
    const filed = this.entries.get(key);
    if (filed) this.forget(key, filed);
    this.entries.set(key, entry);
    this.held += entry.size;
    for (const [oldKey, old] of this.entries) {
      if (this.held <= this.maxItems || old === entry) break;
      this.forget(oldKey, old);
    }
  }

  private forget(key: K, entry: Entry<T, X>): void {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.held -= entry.size;
  }
}
