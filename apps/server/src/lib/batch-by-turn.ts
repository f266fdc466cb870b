interface Waiter<V> {
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Coalesces the lookups asked for during one turn of the event loop into a single `fetchMany`
 * call, started right after that turn (setImmediate: after every socket read in the same poll
 * phase, so the requests that arrived together share it). Every caller's lookup still starts after
 * the caller asked, so nothing is older than it would have been alone. Batches hold at most
 * `maxKeys` distinct keys; the same key asked twice is fetched once. A failed fetch fails every
 * caller in its batch.
 */
export function batchByTurn<K, V>(fetchMany: (keys: K[]) => Promise<Map<K, V>>, maxKeys = 100): (key: K) => Promise<V | undefined> {
  let pending: Map<K, Waiter<V>[]> | null = null;

  const sent = new WeakSet<Map<K, Waiter<V>[]>>();
  const flush = (batch: Map<K, Waiter<V>[]>) => {
    if (sent.has(batch)) return;
    sent.add(batch);
    if (pending === batch) pending = null;
    let fetched: Promise<Map<K, V>>;
    try {
      fetched = fetchMany([...batch.keys()]);
    } catch (error) {
      fetched = Promise.reject(error);
    }
    fetched.then(
      (found) => {
        for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
      },
      (error: unknown) => {
        for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
      },
    );
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      if (!pending) {
        const batch = new Map<K, Waiter<V>[]>();
        pending = batch;
        setImmediate(() => flush(batch));
      }
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
      // A full batch goes now; the setImmediate above then finds it already sent.
      if (pending.size >= maxKeys) flush(pending);
    });
}
