interface Waiter<V> {
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

type Batch<K, V> = Map<K, Waiter<V>[]>;

/**
 * Coalesces the lookups asked for during one turn of the event loop into a single `fetchMany`
 * call, started right after that turn (setImmediate: after every socket read in the same poll
 * phase, so the requests that arrived together share it). Every caller's lookup still starts after
 * the caller asked, so nothing is older than it would have been alone. Batches hold at most
 * `maxKeys` distinct keys; the same key asked twice is fetched once. A failed fetch fails every
 * caller in its batch.
 *
 * At most `maxInFlight` fetches run at once: while they do, a turn's batch stays open and the next
 * turns' lookups join it, and it is sent when a fetch comes back. Against a database over a socket
 * (PostgreSQL) each fetch is a round trip whose sending costs the server about what sending an
 * answer does, and without the bound a busy server sent one nearly every turn, with a few lookups
 * each; an in-process database (SQLite) answers before the next turn, so the bound never holds it.
 */
export function batchByTurn<K, V>(fetchMany: (keys: K[]) => Promise<Map<K, V>>, maxKeys = 100, maxInFlight = Number.POSITIVE_INFINITY): (key: K) => Promise<V | undefined> {
  /** The batch new lookups join, until its turn ends with a free slot or it is full. */
  let open: Batch<K, V> | null = null;
  /** Full batches waiting for a free slot, oldest first. */
  const full: Batch<K, V>[] = [];
  let inFlight = 0;

  const send = (batch: Batch<K, V>) => {
    inFlight++;
    let fetched: Promise<Map<K, V>>;
    try {
      fetched = fetchMany([...batch.keys()]);
    } catch (error) {
      fetched = Promise.reject(error);
    }
    fetched.then(
      (found) => {
        afterFetch();
        for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
      },
      (error: unknown) => {
        afterFetch();
        for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
      },
    );
  };

  /** A slot is free: the oldest full batch goes, else the open one. */
  const afterFetch = () => {
    inFlight--;
    const next = full.shift() ?? open;
    if (!next) return;
    if (next === open) open = null;
    send(next);
  };

  /** The open batch's turn has ended: it goes if a slot is free, else it stays open. */
  const endTurn = (batch: Batch<K, V>) => {
    if (open !== batch || inFlight >= maxInFlight) return;
    open = null;
    send(batch);
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      if (!open) {
        const batch: Batch<K, V> = new Map();
        open = batch;
        setImmediate(() => endTurn(batch));
      }
      const waiters = open.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else open.set(key, [{ resolve, reject }]);
      if (open.size >= maxKeys) {
        // A full batch goes now, or as soon as a slot is free; its setImmediate then finds it gone.
        const batch = open;
        open = null;
        if (inFlight < maxInFlight) send(batch);
        else full.push(batch);
      }
    });
}
