/**
 * How the instances of one school tell each other that events were stored (PRODUCT.md §12):
 * a message is the new event ids, every instance (the sender too) hears it once and reads the new
 * rows once for all of its streams. A doorbell only: a lost message costs at most a second, the
 * hub's next read of the table (live-hub.ts). Three drivers, one interface:
 * Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY on PostgreSQL, else in-process
 * (one SQLite instance).
 */
export interface FanOut {
  /** Which driver (for logs and tests). */
  readonly driver: 'in-process' | 'postgres' | 'redis';
  /**
   * Tells every instance (this one included) about these event ids. The PostgreSQL driver returns
   * before its NOTIFY is sent (the events are stored, nothing waits on the message); close() sends
   * what is still pending.
   */
  publish(ids: readonly number[]): Promise<void>;
  /** Starts listening; `onIds` is called once per message on this instance. */
  start(onIds: (ids: number[]) => void): Promise<void>;
  close(): Promise<void>;
}

/** Logs a driver's trouble without ever throwing into a request. */
export type FanOutLog = (message: string, error?: unknown) => void;

/** "12,13" → [12, 13]; anything else in a message is ignored. */
export function parseIds(message: string): number[] {
  return message
    .split(',')
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
}
