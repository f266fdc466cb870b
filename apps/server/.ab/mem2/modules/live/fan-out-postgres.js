import pg from 'pg';
import { parseIds } from './fan-out.js';
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
export class PostgresFanOut {
    pool;
    channel;
    log;
    driver = 'postgres';
    client = null;
    onIds = null;
    closed = false;
    attempt = 0;
    retryTimer = null;
    constructor(pool, channel, log) {
        this.pool = pool;
        this.channel = channel;
        this.log = log;
    }
    /** One NOTIFY per IDS_PER_NOTIFY ids. */
    async notify(ids) {
        for (let i = 0; i < ids.length; i += IDS_PER_NOTIFY) {
            await this.pool.query('select pg_notify($1, $2)', [this.channel, ids.slice(i, i + IDS_PER_NOTIFY).join(',')]);
        }
    }
    /** NOTIFYs handed over and not yet sent; close() waits for them. */
    sending = new Set();
    /**
     * Sends `ids` in a NOTIFY and returns without waiting for it: the events are stored already
     * (their write's statement committed them), so the request that wrote them needs nothing more
     * from PostgreSQL. When the NOTIFY fails, this instance's own streams are still
     * told (as the Redis driver does), and the failure is logged; the other instances' streams get the
     * events from their hubs' next read of the table (live-hub.ts).
     */
    async publish(ids) {
        if (ids.length === 0)
            return;
        const sent = this.notify(ids).then(() => undefined, (error) => {
            this.log('live updates: NOTIFY failed, telling this instance only', error);
            this.onIds?.([...ids]);
        });
        this.sending.add(sent);
        void sent.finally(() => this.sending.delete(sent));
    }
    async start(onIds) {
        this.onIds = onIds;
        await this.connect();
    }
    async connect() {
        if (this.closed)
            return;
        const client = new pg.Client(this.pool.options);
        client.on('notification', (message) => {
            if (message.channel === this.channel && message.payload)
                this.onIds?.(parseIds(message.payload));
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
        }
        catch (error) {
            this.log('live updates: cannot listen on PostgreSQL, retrying', error);
            this.reconnectLater(client);
        }
    }
    reconnectLater(client) {
        if (this.closed || this.retryTimer)
            return;
        if (this.client === client)
            this.client = null;
        client.end().catch(() => { });
        const delay = Math.min(200 * 2 ** this.attempt++, 5_000);
        this.retryTimer = setTimeout(() => {
            this.retryTimer = null;
            void this.connect();
        }, delay);
        this.retryTimer.unref();
    }
    async close() {
        // Before the pool closes under them (the database is closed after the live hub).
        await Promise.all(this.sending);
        this.closed = true;
        if (this.retryTimer)
            clearTimeout(this.retryTimer);
        const client = this.client;
        this.client = null;
        if (client)
            await client.end().catch(() => { });
    }
}
//# sourceMappingURL=fan-out-postgres.js.map