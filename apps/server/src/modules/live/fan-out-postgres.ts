import pg from 'pg';
import { parseIds, type FanOut, type FanOutLog } from './fan-out.js';

/**
 * Ids per NOTIFY: PostgreSQL refuses a payload of 8,000 bytes or more, and an id with its comma
 * is at most ~11 characters for years of events.
 */
const IDS_PER_NOTIFY = 500;

/**
 * PostgreSQL LISTEN/NOTIFY: one dedicated connection per instance listens (a pooled one could not:
 * LISTEN belongs to a session); NOTIFY goes through the pool. A lost listening connection is
 * replaced with a growing delay (0.2 s … 5 s); events stored meanwhile reach the streams through the
 * hub's reads of the table (live-hub.ts, CATCH_UP_MS).
 */
export class PostgresFanOut implements FanOut {
  readonly driver = 'postgres';
  private client: pg.Client | null = null;
  private onIds: ((ids: number[]) => void) | null = null;
  private closed = false;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly channel: string,
    private readonly log: FanOutLog,
  ) {}

  /** One NOTIFY per IDS_PER_NOTIFY ids. */
  private async notify(ids: readonly number[]): Promise<void> {
    for (let i = 0; i < ids.length; i += IDS_PER_NOTIFY) {
      await this.pool.query('select pg_notify($1, $2)', [this.channel, ids.slice(i, i + IDS_PER_NOTIFY).join(',')]);
    }
  }

  /** NOTIFYs handed over and not yet sent; close() waits for them. */
  private readonly sending = new Set<Promise<void>>();

  /**
   * Sends `ids` in a NOTIFY and returns without waiting for it: the events are stored already
   * (their write's statement committed them), so the request that wrote them needs nothing more
   * from PostgreSQL. When the NOTIFY fails, this instance's own streams are still
   * told (as the Redis driver does), and the failure is logged; the other instances' streams get the
   * events from their hubs' next read of the table (live-hub.ts).
   */
  async publish(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const sent = this.notify(ids).then(
      () => undefined,
      (error: unknown) => {
        this.log('live updates: NOTIFY failed, telling this instance only', error);
        this.onIds?.([...ids]);
      },
    );
    this.sending.add(sent);
    void sent.finally(() => this.sending.delete(sent));
  }

  async start(onIds: (ids: number[]) => void): Promise<void> {
    this.onIds = onIds;
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client(this.pool.options);
    client.on('notification', (message) => {
      if (message.channel === this.channel && message.payload) this.onIds?.(parseIds(message.payload));
    });
    client.on('error', (error) => {
      this.log('live updates: the PostgreSQL listening connection failed, reconnecting', error);
      this.reconnectLater(client);
    });
    client.on('end', () => this.reconnectLater(client));
    try {
      await client.connect();
      await client.query(`listen "${this.channel}"`);
      this.client = client;
      this.attempt = 0;
    } catch (error) {
      this.log('live updates: cannot listen on PostgreSQL, retrying', error);
      this.reconnectLater(client);
    }
  }

  private reconnectLater(client: pg.Client): void {
    if (this.closed || this.retryTimer) return;
    if (this.client === client) this.client = null;
    client.end().catch(() => {});
    const delay = Math.min(200 * 2 ** this.attempt++, 5_000);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
    this.retryTimer.unref();
  }

  async close(): Promise<void> {
    // Before the pool closes under them (the database is closed after the live hub).
    await Promise.all(this.sending);
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => {});
  }
}
