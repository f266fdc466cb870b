// Vitest 5 reports failures with Map.groupBy / Object.groupBy, which Node 20 lacks (Node 21+).
// Without this, the first failing test crashes the reporter instead of showing what failed.
// Loaded by vitest.config.ts, i.e. in the main process where the reporter runs.
type KeyFn<T, K> = (item: T, index: number) => K;

if (typeof (Map as { groupBy?: unknown }).groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    configurable: true,
    writable: true,
    value<T, K>(items: Iterable<T>, keyFn: KeyFn<T, K>): Map<K, T[]> {
      const groups = new Map<K, T[]>();
      let index = 0;
      for (const item of items) {
        const key = keyFn(item, index++);
        const group = groups.get(key);
        if (group) group.push(item);
        else groups.set(key, [item]);
      }
      return groups;
    },
  });
}

if (typeof (Object as { groupBy?: unknown }).groupBy !== 'function') {
  Object.defineProperty(Object, 'groupBy', {
    configurable: true,
    writable: true,
    value<T>(items: Iterable<T>, keyFn: KeyFn<T, PropertyKey>): Record<PropertyKey, T[]> {
      const groups: Record<PropertyKey, T[]> = Object.create(null);
      let index = 0;
      for (const item of items) (groups[keyFn(item, index++)] ??= []).push(item);
      return groups;
    },
  });
}
