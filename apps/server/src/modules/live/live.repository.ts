import { sql, type Kysely } from 'kysely';
import { nowIso } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

/** Who receives an event: one user, or the students or the teachers of a group. */
export type Audience = { audience: 'user'; id: number } | { audience: 'group_students' | 'group_teachers'; id: number };

/** A live event as stored and as streams send it. */
export interface LiveEventRow {
  id: number;
  audience: Audience['audience'];
  audienceId: number;
  kind: string;
  /** The JSON text of the event's data. */
  payload: string;
}

/** An event to store, with the notifications it makes (one per user of `notify`, if any). */
export interface NewLiveEvent {
  to: Audience;
  kind: string;
  data: unknown;
  /** Store a notification of this kind and payload for every user of the audience. */
  notification?: { kind: string; payload: unknown };
}

const eventColumns = ['id', 'audience', 'audience_id as audienceId', 'kind', 'payload'] as const;

/** Rows per multi-row INSERT: well under SQLite's bound-parameter limit with 5 columns a row. */
const INSERT_CHUNK = 500;

/**
 * Stores the events and their notifications in one transaction and returns the new event ids (in
 * no particular order: streams read them back by id). The events are one multi-row INSERT per 500,
 * the users' own notifications likewise (a bulk verdict of 200 makes 400 events and 200
 * notifications: a few statements, not 600); a group's notifications are one INSERT … SELECT over
 * its members of the right role.
 */
export async function insertEvents(db: Kysely<DB>, events: readonly NewLiveEvent[]): Promise<number[]> {
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    const rows = events.map((event) => ({ audience: event.to.audience, audience_id: event.to.id, kind: event.kind, payload: JSON.stringify(event.data), created_at: now }));
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const inserted = await trx.insertInto('live_events').values(rows.slice(i, i + INSERT_CHUNK)).returning('id').execute();
      ids.push(...inserted.map((r) => Number(r.id)));
    }
    const own = events.flatMap((event) =>
      event.notification && event.to.audience === 'user'
        ? [{ user_id: event.to.id, kind: event.notification.kind, payload: JSON.stringify(event.notification.payload), created_at: now, read_at: null }]
        : [],
    );
    for (let i = 0; i < own.length; i += INSERT_CHUNK) await trx.insertInto('notifications').values(own.slice(i, i + INSERT_CHUNK)).execute();
    for (const event of events) {
      if (!event.notification || event.to.audience === 'user') continue;
      const kind = event.notification.kind;
      const payload = JSON.stringify(event.notification.payload);
      const teachers = event.to.audience === 'group_teachers';
      await trx
        .insertInto('notifications')
        .columns(['user_id', 'kind', 'payload', 'created_at'])
        .expression(
          trx
            .selectFrom('user_groups')
            .innerJoin('users', 'users.id', 'user_groups.user_id')
            .select([
              'users.id',
              sql.val(kind).as('kind'),
              sql.val(payload).as('payload'),
              sql.val(now).as('created_at'),
            ])
            .where('user_groups.group_id', '=', event.to.id)
            .where('users.activated', '=', 1)
            .where('users.role', teachers ? '!=' : '=', 'student'),
        )
        .execute();
    }
    return ids;
  });
}

/** The events with these ids (one read per announcement per instance), oldest first. */
export async function eventsByIds(db: Kysely<DB>, ids: readonly number[]): Promise<LiveEventRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('live_events').select(eventColumns).where('id', 'in', [...ids]).orderBy('id').execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), audience: r.audience as Audience['audience'] }));
}

/**
 * What a stream missed after `afterId`: the events addressed to this user, to the students of
 * `studentGroupIds` or to the teachers of `teacherGroupIds`, oldest first, at most `limit`.
 */
export async function eventsSince(
  db: Kysely<DB>,
  afterId: number,
  who: { userId: number; studentGroupIds: number[]; teacherGroupIds: number[] },
  limit: number,
): Promise<LiveEventRow[]> {
  const rows = await db
    .selectFrom('live_events')
    .select(eventColumns)
    .where('id', '>', afterId)
    .where((eb) =>
      eb.or([
        eb.and([eb('audience', '=', 'user'), eb('audience_id', '=', who.userId)]),
        ...(who.studentGroupIds.length ? [eb.and([eb('audience', '=', 'group_students'), eb('audience_id', 'in', who.studentGroupIds)])] : []),
        ...(who.teacherGroupIds.length ? [eb.and([eb('audience', '=', 'group_teachers'), eb('audience_id', 'in', who.teacherGroupIds)])] : []),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), audience: r.audience as Audience['audience'] }));
}

/** The newest event id (0 when none): a stream that opens without Last-Event-ID starts after it. */
export async function lastEventId(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('live_events').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Removes events older than `eventsBefore` and notifications older than `notificationsBefore`. */
export async function prune(db: Kysely<DB>, eventsBefore: string, notificationsBefore: string): Promise<void> {
  await db.deleteFrom('live_events').where('created_at', '<', eventsBefore).execute();
  await db.deleteFrom('notifications').where('created_at', '<', notificationsBefore).execute();
}

export interface TaskTitle {
  id: number;
  title: string;
  groupId: number;
}

/** Title and group of these tasks (deleted ones too: a verdict on one is still told). */
export async function taskTitles(db: Kysely<DB>, ids: readonly number[]): Promise<TaskTitle[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('tasks').select(['id', 'title', 'group_id as groupId']).where('id', 'in', [...ids]).execute();
  return rows.filter((r) => r.groupId !== null).map((r) => ({ id: r.id, title: r.title, groupId: r.groupId! }));
}
