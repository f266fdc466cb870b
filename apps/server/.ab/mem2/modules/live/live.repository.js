import { sql } from 'kysely';
import { nowIso, onPostgres } from '../../db/database.js';
const eventColumns = ['id', 'audience', 'audience_id as audienceId', 'kind', 'payload'];
/** Rows per multi-row INSERT: well under SQLite's bound-parameter limit with 5 columns a row. */
const INSERT_CHUNK = 500;
/**
 * Most events stored as one PostgreSQL statement: with their notifications at most ~20,000 of its
 * 65,535 bound parameters (a bulk verdict of 200 with its achievements stays far below); a larger
 * announcement takes the transaction.
 */
const ONE_STATEMENT_MAX = 2_000;
/**
 * Stores the events and their notifications atomically and returns the new event ids (in no
 * particular order: streams read them back by id). The events are one multi-row INSERT per 500,
 * the users' own notifications likewise (a bulk verdict of 200 makes 400 events and 200
 * notifications: a few statements, not 600); a group's notifications are one INSERT … SELECT over
 * its members of the right role. On PostgreSQL all of them go as one statement (data-modifying
 * CTEs, atomic by themselves): one round trip instead of BEGIN, each INSERT and COMMIT, which on a
 * busy server each waited for a pooled connection behind the reads (an answer's announcement was
 * five round trips). The NOTIFY stays a statement of its own, which the write does not wait for
 * (fan-out-postgres.ts): inside this one it would hold PostgreSQL's notify lock through the
 * commit's WAL flush, so every announcing commit of the school waited for the one before (a
 * verdict reached its student in 203 ms at p50 instead of 33, bench:live). SQLite, in process,
 * runs them in a transaction.
 */
export async function insertEvents(db, events) {
    if (events.length === 0)
        return [];
    if (events.length <= ONE_STATEMENT_MAX && onPostgres(db)) {
        const { eventInserts, notificationInserts } = inserts(db, events, nowIso());
        // Every CTE runs to completion whether or not the final SELECT reads it (PostgreSQL docs, "WITH").
        let query = db; // eslint-disable-line @typescript-eslint/no-explicit-any -- a chain of CTEs whose number is known only here
        eventInserts.forEach((insert, i) => (query = query.with(`e${i}`, () => insert)));
        notificationInserts.forEach((insert, i) => (query = query.with(`n${i}`, () => insert)));
        const ctes = query;
        // The union's later parts are built without the CTEs: a WITH holding an INSERT must stay at the top.
        const plain = db;
        let ids = ctes.selectFrom('e0').select('id');
        for (let i = 1; i < eventInserts.length; i++)
            ids = ids.unionAll(plain.selectFrom(`e${i}`).select('id'));
        return (await ids.execute()).map((r) => Number(r.id));
    }
    return db.transaction().execute(async (trx) => {
        const { eventInserts, notificationInserts } = inserts(trx, events, nowIso());
        const ids = [];
        for (const insert of eventInserts)
            ids.push(...(await insert.execute()).map((r) => Number(r.id)));
        for (const insert of notificationInserts)
            await insert.execute();
        return ids;
    });
}
/**
 * PostgreSQL: one statement adds a row (`insert`, an INSERT … RETURNING id that may add none) and
 * the event announcing it (with its notification, if any), whose data and notification name the
 * row's id at its `idPlaces`. One round trip and one commit where the row and then its event were
 * two of each: a student's answer spent about a third of the server's CPU in `writev` to
 * PostgreSQL. The payloads are the JSON.stringify text with the id spliced in, byte for byte what
 * the separate insert stores. Returns both ids, or undefined when the row was not added (then
 * neither was the event).
 */
export async function insertRowWithEvent(db, insert, { event, idPlaces: places }) {
    const now = nowIso();
    const data = aroundId(JSON.stringify(event.data), places.data);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- CTEs named here, over tables Kysely's types do not join this way
    const untyped = db;
    let query = untyped
        .with('r', () => insert)
        .with('e', () => db
        .insertInto('live_events')
        .columns(['audience', 'audience_id', 'kind', 'payload', 'created_at'])
        .expression(untyped.selectFrom('r').select([
        sql.val(event.to.audience).as('audience'),
        sql.val(event.to.id).as('audience_id'),
        sql.val(event.kind).as('kind'),
        sql `${data[0]} || r.id || ${data[1]}`.as('payload'),
        sql.val(now).as('created_at'),
    ]))
        .returning('id'));
    const notification = event.notification;
    if (notification) {
        if (places.notification === undefined)
            throw new Error("no place for the row's id in the event's notification");
        const note = aroundId(JSON.stringify(notification.payload), places.notification);
        query = query.with('n', () => db
            .insertInto('notifications')
            .columns(['user_id', 'kind', 'payload', 'created_at'])
            .expression(untyped
            .selectFrom(['r', sql `unnest(${sql.val(notification.recipients)}::int[])`.as('u')])
            .select([sql `u`.as('user_id'), sql.val(notification.kind).as('kind'), sql `${note[0]} || r.id || ${note[1]}`.as('payload'), sql.val(now).as('created_at')])));
    }
    query = query.selectFrom(['r', 'e']).select(['r.id as id', 'e.id as eventId']);
    const row = (await query.executeTakeFirst());
    return row && { id: Number(row.id), eventId: Number(row.eventId) };
}
/**
 * `json` split around the 0 after the first `place` (keys, never a string's text: JSON.stringify
 * escapes the quotes inside a string).
 */
export function aroundId(json, place) {
    const at = json.indexOf(`${place}0`);
    const end = at + place.length + 1;
    if (at < 0 || (json[end] !== ',' && json[end] !== '}'))
        throw new Error(`no ${place}0 in the event's JSON`);
    return [json.slice(0, end - 1), json.slice(end)];
}
/** The INSERTs that store `events` (returning the events' ids) and their notifications. */
function inserts(db, events, now) {
    const rows = events.map((event) => ({ audience: event.to.audience, audience_id: event.to.id, kind: event.kind, payload: JSON.stringify(event.data), created_at: now }));
    const eventInserts = [];
    for (let i = 0; i < rows.length; i += INSERT_CHUNK)
        eventInserts.push(db.insertInto('live_events').values(rows.slice(i, i + INSERT_CHUNK)).returning('id'));
    const own = events.flatMap((event) => {
        const notification = event.notification;
        if (!notification)
            return [];
        const recipients = event.to.audience === 'user' ? [event.to.id] : notification.recipients;
        if (!recipients)
            return [];
        const payload = JSON.stringify(notification.payload);
        return recipients.map((userId) => ({ user_id: userId, kind: notification.kind, payload, created_at: now, read_at: null }));
    });
    const notificationInserts = [];
    for (let i = 0; i < own.length; i += INSERT_CHUNK)
        notificationInserts.push(db.insertInto('notifications').values(own.slice(i, i + INSERT_CHUNK)));
    for (const event of events) {
        if (!event.notification || event.to.audience === 'user' || event.notification.recipients)
            continue;
        const teachers = event.to.audience === 'group_teachers';
        notificationInserts.push(db
            .insertInto('notifications')
            .columns(['user_id', 'kind', 'payload', 'created_at'])
            .expression(groupAudience(db, event.to.id, teachers).select(['users.id', sql.val(event.notification.kind).as('kind'), sql.val(JSON.stringify(event.notification.payload)).as('payload'), sql.val(now).as('created_at')])));
    }
    return { eventInserts, notificationInserts };
}
/** The active members of a group a group audience reaches: its teachers, or its students. */
function groupAudience(db, groupId, teachers) {
    return db
        .selectFrom('user_groups')
        .innerJoin('users', 'users.id', 'user_groups.user_id')
        .where('user_groups.group_id', '=', groupId)
        .where('users.activated', '=', 1)
        .where('users.role', teachers ? '!=' : '=', 'student');
}
/** The active teachers of a group: who a group_teachers notification goes to. */
export async function groupTeacherIds(db, groupId) {
    const rows = await groupAudience(db, groupId, true).select('users.id').orderBy('users.id').execute();
    return rows.map((r) => Number(r.id));
}
/** The events with these ids (one read per announcement per instance), oldest first. */
export async function eventsByIds(db, ids) {
    if (ids.length === 0)
        return [];
    const rows = await db.selectFrom('live_events').select(eventColumns).where('id', 'in', [...ids]).orderBy('id').execute();
    return rows.map((r) => ({ ...r, id: Number(r.id), audience: r.audience }));
}
/** The events after `afterId`, whoever they are for, oldest first, at most `limit` (an instance's catch-up read). */
export async function eventsAfter(db, afterId, limit) {
    const rows = await db.selectFrom('live_events').select(eventColumns).where('id', '>', afterId).orderBy('id').limit(limit).execute();
    return rows.map((r) => ({ ...r, id: Number(r.id), audience: r.audience }));
}
/**
 * What a stream missed after `afterId`: the events addressed to this user, to the students of
 * `studentGroupIds` or to the teachers of `teacherGroupIds`, oldest first, at most `limit`.
 */
export async function eventsSince(db, afterId, who, limit) {
    const rows = await db
        .selectFrom('live_events')
        .select(eventColumns)
        .where('id', '>', afterId)
        .where((eb) => eb.or([
        eb.and([eb('audience', '=', 'user'), eb('audience_id', '=', who.userId)]),
        ...(who.studentGroupIds.length ? [eb.and([eb('audience', '=', 'group_students'), eb('audience_id', 'in', who.studentGroupIds)])] : []),
        ...(who.teacherGroupIds.length ? [eb.and([eb('audience', '=', 'group_teachers'), eb('audience_id', 'in', who.teacherGroupIds)])] : []),
    ]))
        .orderBy('id')
        .limit(limit)
        .execute();
    return rows.map((r) => ({ ...r, id: Number(r.id), audience: r.audience }));
}
/** The newest event id (0 when none): a stream that opens without Last-Event-ID starts after it. */
export async function lastEventId(db) {
    const row = await db.selectFrom('live_events').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
    return Number(row?.id ?? 0);
}
/** Removes events older than `eventsBefore` and notifications older than `notificationsBefore`. */
export async function prune(db, eventsBefore, notificationsBefore) {
    await db.deleteFrom('live_events').where('created_at', '<', eventsBefore).execute();
    await db.deleteFrom('notifications').where('created_at', '<', notificationsBefore).execute();
}
/** Title and group of these tasks (deleted ones too: a verdict on one is still told). */
export async function taskTitles(db, ids) {
    if (ids.length === 0)
        return [];
    const rows = await db.selectFrom('tasks').select(['id', 'title', 'group_id as groupId']).where('id', 'in', [...ids]).execute();
    return rows.filter((r) => r.groupId !== null).map((r) => ({ id: r.id, title: r.title, groupId: r.groupId }));
}
//# sourceMappingURL=live.repository.js.map