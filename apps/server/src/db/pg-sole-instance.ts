import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';

/**
 * Whether this instance is, provably, the only one using its PostgreSQL database: while it is,
 * every write to it is one of its own, the counters its writes move are told to it
 * (pg-told-moves.ts), and what the account check read stays what PostgreSQL holds until one of
 * them moves, so the check needs no round trip (db/sqlite-change-stamp.ts is the same idea for
 * SQLite, where the file itself says whether any connection changed a row).
 *
 * Why: on PostgreSQL every batch of account checks was a round trip. Measured 2026-11-29 with the
 * warm leaderboard flat out, the same build with and without that query: 0.077–0.084 → 0.054–0.057
 * ms of the server's CPU a read, 53–54 % → 78–80 % of the bare baseline.
 *
 * How it stays exact (PRODUCT.md: a deactivation or a logout counts from the very next request, on
 * every instance):
 * - Every instance heartbeats its row of `server_instances` once a second on a connection of its
 *   own (PostgreSQL's clock: `now()`). Each heartbeat counts the other instances seen within
 *   `freshMs`, and the strangers: connections to the database whose `application_name` is no
 *   fresh instance's (every connection of an instance carries its name), such as an instance of an
 *   earlier release during a rolling upgrade, psql, a backup.
 * - An instance keeps what it read only after `cleanChecks` heartbeats in a row saw no other
 *   instance, and `strangerHoldMs` after it last saw a stranger; then only for `validMs` from the
 *   moment the last clean heartbeat was sent.
 * - An instance that starts while another is fresh waits `validMs` + a margin after its row is
 *   stored before it writes anything (migrations included): by then every heartbeat of the other
 *   that missed it has expired, and the next sees it.
 * - This instance's own writes: the counters' triggers tell the connection that wrote which
 *   counters moved, and the instance counts them itself (pg-told-moves.ts), each under the epoch
 *   keeping started in; the account check keeps accounts under the roster's and the logged-out
 *   tokens' counts, and runs on a pool of its own, which writes nothing. A heartbeat whose own
 *   session is not told (its startup options lost on the way) keeps nothing.
 * - A failed heartbeat (a restart, a lost connection) ends keeping at once, and keeping starts
 *   again only after `cleanChecks` more: time enough for every other instance to heartbeat again.
 * What it cannot see: a stranger that connects and writes within a heartbeat, after none had been
 * seen for `strangerHoldMs` (an earlier release's instance idle for that long during an upgrade);
 * docs/operations.md says so.
 */
export interface SoleInstanceTiming {
  /** Between two heartbeats. */
  everyMs: number;
  /** Another instance counts while its last heartbeat is this recent. */
  freshMs: number;
  /** Heartbeats in a row that saw no other instance before keeping starts. */
  cleanChecks: number;
  /** How long one clean heartbeat lets this instance keep, counted from when it was sent. */
  validMs: number;
  /** After a stranger's connection was last seen, how long nothing is kept. */
  strangerHoldMs: number;
}

export const SOLE_INSTANCE_TIMING: SoleInstanceTiming = { everyMs: 1_000, freshMs: 10_000, cleanChecks: 12, validMs: 1_500, strangerHoldMs: 10 * 60_000 };

/**
 * A pg_stat_activity row that is a client, of any role: another role's `backend_type` reads as null
 * without pg_read_all_stats (its `application_name` does not), and only PostgreSQL's own processes,
 * such as autovacuum's workers, have no user.
 */
export const CLIENT_OF_ANY_ROLE = "usesysid is not null and coalesce(backend_type, 'client backend') = 'client backend'";

/**
 * Whether this session is told of its writes' counter moves (pg-told-moves.ts): the setting is on
 * and notices reach the client. The instance's connections all start with the same settings, so
 * the heartbeat's session speaks for the pool's.
 */
const TOLD_HERE = "(current_setting('mathclub.told_moves', true) is not distinct from 'on' and current_setting('client_min_messages') not in ('warning', 'error'))";

/** PostgreSQL's undefined_table: the database is older than migration 2026112900. */
const UNDEFINED_TABLE = '42P01';

/**
 * An instance that stopped cleanly has its connections told from strangers' this long after: a
 * closed connection lingers in pg_stat_activity for a moment. One that merely stopped heartbeating
 * (its heartbeat connection lost while its pool may still write) is a stranger once it is not fresh.
 */
const KNOWN_AFTER_STOP = '1 minute';

/** Rows of instances gone for longer than this are deleted by the heartbeats. */
const FORGET_AFTER = '1 day';

/**
 * The instance's id, and the database URL its connections use: with an `application_name` of its
 * own (the URL's own one, if it has any, with the id after it; pg lets a URL's parameters win over
 * the client's options, so the name goes into the URL).
 */
export function instanceConnection(url: string): { id: string; url: string; applicationName: string } {
  const id = randomUUID();
  const parsed = new URL(url);
  const given = parsed.searchParams.get('application_name');
  // PostgreSQL keeps 63 bytes of it.
  const applicationName = `${(given ?? 'mathclub').slice(0, 40)} ${id.slice(0, 8)}`;
  parsed.searchParams.set('application_name', applicationName);
  return { id, url: parsed.toString(), applicationName };
}

export class SoleInstance {
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private cleanStreak = 0;
  /** performance.now() when a heartbeat last saw a stranger's connection. */
  private strangerSeenAt = -Infinity;
  /** performance.now() until which the last clean heartbeat lets this instance keep. */
  private validUntil = 0;
  /** Moves each time keeping starts again, so nothing kept before a gap is used after it. */
  private epoch = 0;
  private keeping = false;
  /** What the heartbeats last concluded (late heartbeats aside), for onChange. */
  private alone = false;
  /** Told when this instance finds itself alone on the database, and when it no longer is (server.ts logs it). */
  onChange: ((alone: boolean) => void) | undefined;

  constructor(
    readonly id: string,
    /** Carried by every connection of this instance; operators (and tests) find them by it in pg_stat_activity. */
    readonly applicationName: string,
    private readonly connect: () => pg.Client,
    private readonly timing: SoleInstanceTiming = SOLE_INSTANCE_TIMING,
  ) {}

  /**
   * The epoch this instance keeps under (what it counts of its own writes holds within one), or
   * null when it must ask PostgreSQL: another instance may be writing, or this one has not heard
   * from PostgreSQL recently enough.
   */
  readonly keepingEpoch = (): number | null => {
    if (!this.keeping) return null;
    // A late heartbeat: nothing is kept until the next clean one (under a new epoch).
    if (performance.now() > this.validUntil) {
      this.keeping = false;
      return null;
    }
    return this.epoch;
  };

  /**
   * Stores this instance's row and, when another instance is fresh, waits until that one can no
   * longer be keeping what it read without having seen this one; then heartbeats in the background.
   * Call before the first write (migrations included). A database without the table yet (before
   * its migration) has no instance that keeps anything: no wait. Any other failure waits, since
   * another instance may be keeping.
   */
  async announce(): Promise<void> {
    const others = await this.heartbeat().catch((err: unknown) => ((err as { code?: unknown } | null)?.code === UNDEFINED_TABLE ? 0 : 1));
    if (others > 0) await new Promise((resolve) => setTimeout(resolve, this.timing.validMs + 250));
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.keeping = false;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    // No longer another instance for the others' heartbeats, but still known (KNOWN_AFTER_STOP).
    await client.query('update server_instances set stopped_at = now() where id = $1', [this.id]).catch(() => {});
    await client.end().catch(() => {});
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.heartbeat().then(
        () => this.schedule(),
        () => this.schedule(),
      );
    }, this.timing.everyMs);
    this.timer.unref();
  }

  /** One heartbeat: stores this instance's row and returns how many other instances are fresh. */
  private async heartbeat(): Promise<number> {
    const sentAt = performance.now();
    try {
      const client = await this.connected();
      const { rows } = await client.query<{ others: string; strangers: string; told: boolean }>(
        `with me as (
           insert into server_instances (id, application_name, seen_at) values ($1, $3, now())
           on conflict (id) do update set seen_at = excluded.seen_at
         ), gone as (
           delete from server_instances where seen_at < now() - interval '${FORGET_AFTER}'
         ), known as (
           select id, application_name, stopped_at is null and seen_at > now() - make_interval(secs => $2) as fresh
           from server_instances
           where (stopped_at is null and seen_at > now() - make_interval(secs => $2)) or stopped_at > now() - interval '${KNOWN_AFTER_STOP}'
         )
         select
           (select count(*) from known where fresh and id <> $1) as others,
           (select count(*) from pg_stat_activity
             where datname = current_database() and ${CLIENT_OF_ANY_ROLE}
               and application_name is distinct from $3 and application_name not in (select application_name from known)) as strangers,
           ${TOLD_HERE} as told`,
        [this.id, this.timing.freshMs / 1000, this.applicationName],
      );
      const others = Number(rows[0]?.others ?? 1);
      if (Number(rows[0]?.strangers ?? 1) > 0) this.strangerSeenAt = performance.now();
      if (this.stopped) return others;
      // A session not told of its writes' moves (its settings lost on the way, e.g. through a
      // pooler that drops startup options): what this instance counts would miss its own writes.
      if (rows[0]?.told !== true || others > 0 || performance.now() - this.strangerSeenAt < this.timing.strangerHoldMs) {
        this.notAlone();
        return others;
      }
      this.cleanStreak++;
      if (this.cleanStreak >= this.timing.cleanChecks) {
        this.validUntil = sentAt + this.timing.validMs;
        if (!this.keeping) {
          this.epoch++;
          this.keeping = true;
        }
        if (!this.alone) {
          this.alone = true;
          this.onChange?.(true);
        }
      }
      return others;
    } catch (err) {
      this.notAlone();
      throw err;
    }
  }

  private notAlone(): void {
    this.keeping = false;
    this.cleanStreak = 0;
    if (this.alone) {
      this.alone = false;
      this.onChange?.(false);
    }
  }

  private async connected(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = this.connect();
    // A lost connection ends keeping at once; the next heartbeat opens a new one.
    const lost = () => {
      if (this.client === client) this.client = undefined;
      if (!this.stopped) this.notAlone();
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    if (this.stopped) {
      await client.end().catch(() => {});
      throw new Error('stopped');
    }
    this.client = client;
    return client;
  }
}
