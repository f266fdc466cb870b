import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuthenticatedUser } from '@mathclub/shared';
import type { DB } from '../../db/schema.js';
import { hasTeacherPowers } from '../access/access.policy.js';
import { AccountStreams } from './account-streams.js';
import { EventCursor } from './event-cursor.js';
import type { FanOut, FanOutLog } from './fan-out.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './live.repository.js';

/** At most this many open streams per account, over every instance: a sixth closes the oldest. */
export const STREAMS_PER_ACCOUNT = 5;

/**
 * Events the instances tell each other about streams and sessions, stored to one user like any
 * other so every instance reads them in the same order; never written to a client:
 * `stream.opened` / `stream.closed` (data `{stream}`) count an account's streams over the
 * instances, `session.ended` makes every instance check that account's streams at once.
 */
const CONTROL_KINDS = new Set(['stream.opened', 'stream.closed', 'session.ended']);

/** At most this many missed events are sent on a resume; beyond that the client is told to reload. */
export const RESUME_MAX = 500;
/** A client that leaves this much unread is dropped (it resumes with Last-Event-ID). */
const MAX_BUFFERED_BYTES = 1_000_000;
/** How many written ids a stream remembers for skipping repeats (above a resume's backlog). */
const SENT_MEMORY = 1024;
/**
 * How often the table is read without a relay message (PostgreSQL or Redis between instances): a
 * broken relay delays events by at most this, never loses them.
 */
export const CATCH_UP_MS = 1_000;
/** Events read from the table at a time. */
const READ_BATCH = 500;

/** The writable end of one open event stream. */
export interface StreamSink {
  /** Writes SSE text; false when the client is not reading. */
  write(text: string): void;
  /** Bytes written but not yet taken by the client. */
  buffered(): number;
  end(): void;
}

/** One open stream: its request (re-authenticated for every event) and where its text goes. */
interface LiveStream {
  /** A random name for this stream in the instances' `stream.opened` / `stream.closed` events. */
  key: string;
  /** The address it came from (the per-address bound). */
  address: string;
  request: FastifyRequest;
  user: AuthenticatedUser;
  sink: StreamSink;
  /** The newest id written: where a reconnect resumes (the `ready` event's id). */
  lastSentId: number;
  /**
   * The ids written lately, so an event is never written twice (one announced while the backlog
   * was read comes live too). Not "every id up to lastSentId": on PostgreSQL ids are taken before
   * their transactions commit, so a lower id can arrive after a higher one, and both must be written.
   */
  sent: Set<number>;
  /** Events are checked and written one after another, in id order. */
  queue: Promise<void>;
  closed: boolean;
}

/** True when `user` is among the event's audience. */
export function mayReceive(user: Pick<AuthenticatedUser, 'id' | 'role' | 'groups'>, event: Pick<repo.LiveEventRow, 'audience' | 'audienceId'>): boolean {
  if (event.audience === 'user') return event.audienceId === user.id;
  if (!user.groups.some((g) => g.id === event.audienceId)) return false;
  return event.audience === 'group_teachers' ? hasTeacherPowers(user) : user.role === 'student';
}

/** An event as SSE text: its id (for Last-Event-ID), kind and JSON data. */
export const sseEvent = (event: Pick<repo.LiveEventRow, 'id' | 'kind' | 'payload'>): string => `id: ${event.id}\nevent: ${event.kind}\ndata: ${event.payload}\n\n`;

/**
 * This instance's open event streams and the fan-out between instances. An announcement stores its
 * events, then tells every instance their ids; each instance reads the new rows once (not once per
 * stream) and hands each to the streams in its audience. Every stream's account is checked again
 * before each event and at each heartbeat (the same check as every request, batched into one query
 * for all streams of a turn), so a deactivated or logged-out user's stream closes.
 *
 * The table is the truth and the relay only a doorbell: a message makes the instance read the rows
 * after the newest it has handed on (plus the ids it still waits for, event-cursor.ts), and so does
 * a timer every CATCH_UP_MS between instances. When Redis or PostgreSQL's LISTEN connection is
 * down, or a message was lost while it came back, the next read finds the events anyway, in id
 * order and once each, and the streams stay open (issue 54: a stream on B got none of 489 answers
 * posted to A while Redis was down, and none after it came back).
 */
export class LiveHub {
  private readonly streams = new Set<LiveStream>();
  private heartbeat: NodeJS.Timeout | null = null;
  private catchUp: NodeJS.Timeout | null = null;
  /** Where this instance has read the table to; null until the database first answers. */
  private cursor: EventCursor | null = null;
  /** Ids relay messages told of since the last read (some may be ids the cursor waits for). */
  private told: number[] = [];
  /** The next read asks for every id the cursor waits for (the timer's reads). */
  private askHoles = false;
  /**
   * No stream was open at the last read, so the cursor was left where it was (reading rows nobody
   * receives, or even their newest id, on every announcement would cost each instance a query): the
   * next stream to open sets it to where that stream starts.
   */
  private idle = true;
  /** The read under way; a trigger meanwhile sets `readAgain` for one more after it. */
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private closing = false;
  /** Open streams per address on this instance. */
  private readonly perAddress = new Map<string, number>();
  private readonly accountStreams = new AccountStreams(STREAMS_PER_ACCOUNT);

  constructor(
    private readonly db: Kysely<DB>,
    readonly fanOut: FanOut,
    private readonly authenticate: (request: FastifyRequest) => Promise<void>,
    private readonly log: FanOutLog,
    private readonly heartbeatMs: number,
    private readonly streamsPerAddress = Infinity,
  ) {}

  /** Several instances: streams and session ends are told to the others through stored events. */
  private get shared(): boolean {
    return this.fanOut.driver !== 'in-process';
  }

  /** Listens to the other instances and starts the heartbeat. */
  async start(): Promise<void> {
    // Reading starts after the newest event: what was stored before this instance began is for
    // resuming streams (Last-Event-ID) to read. A database away at start is asked again at the first read.
    this.cursor = await repo.lastEventId(this.db).then(
      (newest) => new EventCursor(newest),
      () => null,
    );
    await this.fanOut.start((ids) => {
      this.told.push(...ids);
      this.readSoon();
    });
    this.heartbeat = setInterval(() => this.beat(), this.heartbeatMs);
    this.heartbeat.unref();
    // In one process nothing is lost between the announcement and the read; between instances the
    // relay can be.
    if (this.fanOut.driver !== 'in-process') {
      this.catchUp = setInterval(() => {
        this.askHoles = true;
        this.readSoon();
      }, CATCH_UP_MS);
      this.catchUp.unref();
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.catchUp) clearInterval(this.catchUp);
    for (const stream of this.streams) this.drop(stream);
    await this.fanOut.close();
    await this.reading;
  }

  /** How many streams this instance holds. */
  get size(): number {
    return this.streams.size;
  }

  /** Stores the events (and their notifications), then tells every instance. */
  async announce(events: readonly repo.NewLiveEvent[]): Promise<void> {
    if (events.length === 0) return;
    const ids = await repo.insertEvents(this.db, events);
    await this.fanOut.publish(ids);
  }

  /** Tells every instance of events already stored (by their write's own statement). */
  async publish(ids: readonly number[]): Promise<void> {
    await this.fanOut.publish(ids);
  }

  /**
   * Opens a stream for an authenticated request. With `resumeAfter` the events it missed since
   * then are sent first; without, it starts at the newest event (sent as a `ready` event whose id
   * the client resumes from).
   */
  async open(request: FastifyRequest, sink: StreamSink, resumeAfter: number | null): Promise<void> {
    const user = request.currentUser!;
    const address = request.ip;
    const stream: LiveStream = { key: randomBytes(9).toString('base64url'), address, request, user, sink, lastSentId: 0, sent: new Set(), queue: Promise.resolve(), closed: false };
    // Registered before the backlog is read, so nothing announced meanwhile is lost; the queue
    // holds live events back until the backlog is written, and ids already sent are skipped.
    this.streams.add(stream);
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    // The sixth stream of an account here closes its oldest here at once; over several
    // instances the `stream.opened` events let each instance close its own that fell out.
    const own = [...this.streams].filter((s) => s.user.id === user.id);
    for (const old of own.slice(0, Math.max(0, own.length - STREAMS_PER_ACCOUNT))) this.drop(old);
    if (this.shared) this.accountStreams.watch(user.id);
    stream.queue = (async () => {
      // Taken before the backlog is read: every event up to it is in the backlog or was sent before.
      const newest = await repo.lastEventId(this.db);
      this.startAt(newest);
      // Told only now: stored before `newest` was read, an idle hub's cursor would skip its own
      // `stream.opened`, and this instance would count one stream fewer of the account.
      if (this.shared) this.tell(user.id, 'stream.opened', stream.key);
      if (resumeAfter === null) {
        stream.lastSentId = newest;
        sink.write(`id: ${newest}\nevent: ready\ndata: {"resumed":false}\n\n`);
        return;
      }
      const groupIds = user.groups.map((g) => g.id);
      const teacher = hasTeacherPowers(user);
      const missed = await repo.eventsSince(
        this.db,
        resumeAfter,
        { userId: user.id, studentGroupIds: teacher ? [] : groupIds, teacherGroupIds: teacher ? groupIds : [] },
        RESUME_MAX + 1,
      );
      stream.lastSentId = resumeAfter;
      if (missed.length > RESUME_MAX) {
        // Too much missed: the client reloads what it shows instead of replaying the day.
        stream.lastSentId = newest;
        sink.write(`id: ${newest}\nevent: resync\ndata: {}\n\n`);
        return;
      }
      for (const event of missed) this.write(stream, event);
      sink.write(`id: ${stream.lastSentId}\nevent: ready\ndata: {"resumed":true}\n\n`);
    })().catch((error: unknown) => {
      this.log('live updates: cannot open a stream', error);
      this.drop(stream);
    });
    await stream.queue;
  }

  /** The first stream after a quiet spell: the hub reads on from where it starts (nobody needed what came before). */
  private startAt(newest: number): void {
    if (!this.idle) return;
    this.idle = false;
    if (this.cursor) this.cursor.skipTo(newest);
    else this.cursor = new EventCursor(newest);
  }

  /**
   * Refuses a new stream from an address that holds its bound of streams on this instance
   * (429), before anything is written.
   */
  admit(address: string): void {
    if ((this.perAddress.get(address) ?? 0) >= this.streamsPerAddress) throw new AppError('RATE_LIMITED', { retryAfterSeconds: 30 });
  }

  /**
   * An account's session ended or the account was turned off (a logout, a deactivation, a reset
   * password): its streams are checked again at once, on every instance, and the refused ones end.
   */
  async sessionEnded(userId: number): Promise<void> {
    if (!this.shared) {
      this.recheckAccount(userId);
      return;
    }
    await this.announce([{ to: { audience: 'user', id: userId }, kind: 'session.ended', data: {} }]);
  }

  /** The client went away. */
  remove(request: FastifyRequest): void {
    for (const stream of this.streams) if (stream.request === request) this.drop(stream);
  }

  /** Stores a control event for the other instances; never throws into a request. */
  private tell(userId: number, kind: 'stream.opened' | 'stream.closed', key: string): void {
    this.announce([{ to: { audience: 'user', id: userId }, kind, data: { stream: key } }]).catch((error: unknown) => this.log(`live updates: cannot announce ${kind}`, error));
  }

  private recheckAccount(userId: number): void {
    for (const stream of this.streams) {
      if (stream.user.id !== userId) continue;
      stream.queue = stream.queue.then(() => this.recheck(stream).then(() => undefined));
    }
  }

  /** A control event from any instance (this one too). */
  private onControl(event: repo.LiveEventRow): void {
    const userId = event.audienceId;
    if (event.kind === 'session.ended') {
      this.recheckAccount(userId);
      return;
    }
    const key = (JSON.parse(event.payload) as { stream?: unknown }).stream;
    if (typeof key !== 'string') return;
    for (const fellOut of this.accountStreams.told(userId, event.kind as 'stream.opened' | 'stream.closed', key)) {
      for (const stream of this.streams) if (stream.key === fellOut) this.drop(stream);
    }
  }

  /**
   * Reads the table soon: one read at a time (two at once could hand a later read's rows on
   * first), and the triggers that come during a read make one more after it.
   */
  private readSoon(): void {
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = (async () => {
      do {
        this.readAgain = false;
        const told = this.told;
        this.told = [];
        const allHoles = this.askHoles;
        this.askHoles = false;
        try {
          await this.readNew(told, allHoles);
        } catch (error) {
          // The database away: the next trigger reads from the same place, nothing is skipped.
          this.log('live updates: cannot read new events', error);
        }
      } while (this.readAgain);
      this.reading = null;
    })();
  }

  /**
   * Hands on the events stored since the last read, in id order: those after the cursor and, of
   * the ids it waits for, those `told` names (or all of them).
   */
  private async readNew(told: readonly number[], allHoles: boolean): Promise<void> {
    if (this.streams.size === 0) {
      this.idle = true;
      return;
    }
    this.cursor ??= new EventCursor(await repo.lastEventId(this.db));
    const cursor = this.cursor;
    const holes = allHoles ? cursor.holeIds() : told.filter((id) => cursor.isHole(id));
    const events: repo.LiveEventRow[] = [];
    for (let i = 0; i < holes.length; i += READ_BATCH) events.push(...(await repo.eventsByIds(this.db, holes.slice(i, i + READ_BATCH))));
    for (;;) {
      const batch = await repo.eventsAfter(this.db, cursor.after, READ_BATCH);
      this.handOn(cursor, [...events, ...batch]);
      events.length = 0;
      if (batch.length < READ_BATCH) return;
    }
  }

  /** Queues each event not handed on before to the streams in its audience, in id order. */
  private handOn(cursor: EventCursor, events: readonly repo.LiveEventRow[]): void {
    const fresh = new Set(cursor.take(events.map((e) => e.id)));
    const sorted = [...events].filter((e) => fresh.has(e.id)).sort((a, b) => a.id - b.id);
    // Control events in id order, so every instance counts an account's streams alike.
    for (const event of sorted) if (CONTROL_KINDS.has(event.kind)) this.onControl(event);
    for (const event of sorted) {
      if (CONTROL_KINDS.has(event.kind)) continue;
      for (const stream of this.streams) {
        if (!mayReceive(stream.user, event)) continue;
        stream.queue = stream.queue.then(() => this.deliver(stream, event));
      }
    }
  }

  /** Checks the account again, then writes the event if its user is still in the audience. */
  private async deliver(stream: LiveStream, event: repo.LiveEventRow): Promise<void> {
    if (stream.closed || stream.sent.has(event.id)) return;
    if (!(await this.recheck(stream))) return;
    if (mayReceive(stream.user, event)) this.write(stream, event);
  }

  private write(stream: LiveStream, event: repo.LiveEventRow): void {
    if (stream.closed) return;
    if (mayReceive(stream.user, event) && !CONTROL_KINDS.has(event.kind)) stream.sink.write(sseEvent(event));
    stream.lastSentId = Math.max(stream.lastSentId, event.id);
    stream.sent.add(event.id);
    if (stream.sent.size > SENT_MEMORY) stream.sent.delete(stream.sent.values().next().value!);
    if (stream.sink.buffered() > MAX_BUFFERED_BYTES) this.drop(stream);
  }

  /** The per-request account check once more; a refused account's stream ends. */
  private async recheck(stream: LiveStream): Promise<boolean> {
    try {
      await this.authenticate(stream.request);
      stream.user = stream.request.currentUser!;
      return !stream.closed;
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      // 401: the account or session is over. Anything else (the database away): keep the stream.
      if (status === 401) {
        this.drop(stream);
        return false;
      }
      return !stream.closed;
    }
  }

  /** A comment line on every stream (proxies keep it open) and the account check again. */
  private beat(): void {
    for (const stream of this.streams) {
      stream.queue = stream.queue.then(async () => {
        if (!(await this.recheck(stream))) return;
        stream.sink.write(': ping\n\n');
      });
    }
  }

  private drop(stream: LiveStream): void {
    if (stream.closed) return;
    stream.closed = true;
    this.streams.delete(stream);
    const left = (this.perAddress.get(stream.address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(stream.address, left);
    else this.perAddress.delete(stream.address);
    stream.sink.end();
    if (this.shared && !this.closing) {
      if (![...this.streams].some((s) => s.user.id === stream.user.id)) this.accountStreams.forget(stream.user.id);
      this.tell(stream.user.id, 'stream.closed', stream.key);
    }
  }
}
