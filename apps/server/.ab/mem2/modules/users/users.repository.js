import { CompiledQuery, sql } from 'kysely';
import { counterColumn } from '../../db/change-versions.js';
import { fromDbBool, nowIso, toDbBool } from '../../db/database.js';
const USER_COLUMNS = ['id', 'login', 'name', 'role', 'activated', 'owner', 'grade', 'grade_letter'];
/** The key logins are unique by: trimmed and lower-cased. */
export const loginKey = (login) => login.trim().toLowerCase();
/** Database row + groups → the API's user (0/1 → boolean, snake → camel). Never the hash. */
export function toUser(row, groups) {
    return {
        id: row.id,
        login: row.login,
        name: row.name,
        role: row.role,
        activated: fromDbBool(row.activated),
        owner: fromDbBool(row.owner),
        grade: row.grade,
        gradeLetter: row.grade_letter,
        groups,
    };
}
/** Groups of each given user, sorted by name; one query however many users. */
export async function groupsByUser(db, userIds) {
    const map = new Map();
    if (userIds !== 'everyone' && userIds.length === 0)
        return map;
    let query = db
        .selectFrom('user_groups')
        .innerJoin('groups', 'groups.id', 'user_groups.group_id')
        .select(['user_groups.user_id as userId', 'groups.id as id', 'groups.name as name'])
        .orderBy('groups.name_key');
    // The whole school's list reads every membership: no list of 10,000 ids to match. With planner
    // statistics SQLite walked the groups by name and looked each of the ids up in every group
    // (13 → 288 ms on the bench's school of 10,050 students and 200 groups).
    if (userIds !== 'everyone')
        query = query.where('user_groups.user_id', 'in', userIds);
    const rows = await query.execute();
    for (const r of rows) {
        const list = map.get(r.userId) ?? [];
        list.push({ id: r.id, name: r.name });
        map.set(r.userId, list);
    }
    return map;
}
/** One user with their groups, or undefined. */
export async function findUserById(db, id) {
    const row = await db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
    if (!row)
        return undefined;
    const groups = await groupsByUser(db, [id]);
    return toUser(row, groups.get(id) ?? []);
}
/** The per-request account check: a primary-key lookup joined with the memberships (a row per group). */
const sessionUserSelect = (db, dialect) => db
    .selectFrom('users')
    .leftJoin('user_groups', 'user_groups.user_id', 'users.id')
    .leftJoin('groups', 'groups.id', 'user_groups.group_id')
    .select([
    'users.id as id',
    'users.login as login',
    'users.name as name',
    'users.role as role',
    'users.activated as activated',
    'users.owner as owner',
    'users.grade as grade',
    'users.grade_letter as grade_letter',
    'users.sessions_valid_after as sessions_valid_after',
    'users.deactivated_at as deactivated_at',
    'groups.id as groupId',
    'groups.name as groupName',
    // The counters of the caller's own scopes, for the kept reads (db/change-versions.ts): the
    // roster's, the existing tasks', the user's own, and on each row its group's three.
    counterColumn('r', sql.lit(0), dialect === 'postgres').as('r'),
    counterColumn('e', sql.lit(0), dialect === 'postgres').as('e'),
    counterColumn('u', sql.ref('users.id'), dialect === 'postgres').as('u'),
    counterColumn('k', sql.ref('groups.id'), dialect === 'postgres').as('k'),
    counterColumn('p', sql.ref('groups.id'), dialect === 'postgres').as('p'),
    counterColumn('g', sql.ref('groups.id'), dialect === 'postgres').as('g'),
    // The account's logged-out tokens (a few at most: one per logout within a token's life),
    // so a logout is seen by every instance in the same query.
    sql `(select ${sql.raw(dialect === 'postgres' ? "string_agg(r.jti, ' ')" : "group_concat(r.jti, ' ')")} from revoked_tokens r where r.user_id = users.id)`.as('revokedTokenIds'),
]);
/** The account check's SQL per database, compiled once: every request runs it, and building it cost more than running it. */
const sessionUsersSql = new WeakMap();
/**
 * The account check of the requests that arrived together (session-user-lookup.ts): each user as
 * the database has it now; absent, an unknown id. One parameter (an array; JSON text on SQLite),
 * so one statement fits every batch: on PostgreSQL a named prepared statement, planned once per
 * connection (planning it cost about what running it does).
 */
export async function findSessionUsers(database, ids) {
    const { db, dialect, pgPool } = database;
    let text = sessionUsersSql.get(db);
    if (text === undefined) {
        const wanted = dialect === 'postgres' ? sql `users.id = any(${sql.val([0])})` : sql `users.id in (select value from json_each(${sql.val('[]')}))`;
        text = sessionUserSelect(db, dialect).where(wanted).orderBy('users.id').orderBy('groups.name_key').compile().sql;
        sessionUsersSql.set(db, text);
    }
    const rows = pgPool
        ? (await pgPool.query({ name: 'mathclub_session_users', text, values: [[...ids]] })).rows
        : (await db.executeQuery(CompiledQuery.raw(text, [JSON.stringify(ids)]))).rows;
    const out = new Map();
    for (const r of rows) {
        let found = out.get(r.id);
        if (!found) {
            found = {
                user: toUser(r, []),
                sessionsValidAfter: r.sessions_valid_after,
                deactivated: r.deactivated_at !== null,
                revokedTokenIds: r.revokedTokenIds ? r.revokedTokenIds.split(' ') : [],
                counters: new Map([
                    ['r0', Number(r.r ?? 0)],
                    ['e0', Number(r.e ?? 0)],
                    [`u${r.id}`, Number(r.u ?? 0)],
                ]),
            };
            out.set(r.id, found);
        }
        if (r.groupId === null || r.groupName === null)
            continue;
        found.user.groups.push({ id: r.groupId, name: r.groupName });
        found.counters.set(`k${r.groupId}`, Number(r.k ?? 0));
        found.counters.set(`p${r.groupId}`, Number(r.p ?? 0));
        found.counters.set(`g${r.groupId}`, Number(r.g ?? 0));
    }
    return out;
}
/** The user and password hash for a login (case-insensitive), for sign-in only. */
export async function findCredentialsByLogin(db, login) {
    return db
        .selectFrom('users')
        .select(['id', 'password_hash as passwordHash', 'activated', 'deactivated_at as deactivatedAt'])
        .where('login_key', '=', loginKey(login))
        .executeTakeFirst();
}
/** The password hash of one user. */
export async function findPasswordHash(db, id) {
    const row = await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
    return row?.password_hash;
}
/** Every user with their groups in two queries, newest first. */
export async function listUsers(db) {
    const rows = await db.selectFrom('users').select(USER_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    const groups = await groupsByUser(db, 'everyone');
    return rows.map((r) => toUser(r, groups.get(r.id) ?? []));
}
export async function countUsers(db) {
    const row = await db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
}
/** The users row of a new account, as a single sign-up and a class import both write it. */
function newUserRow(user, now) {
    return {
        login: user.login.trim(),
        login_key: loginKey(user.login),
        password_hash: user.passwordHash,
        name: user.name,
        role: user.role,
        activated: toDbBool(user.activated),
        owner: toDbBool(user.owner ?? false),
        grade: user.grade,
        grade_letter: user.gradeLetter,
        created_at: now,
        updated_at: now,
    };
}
/** Inserts a user; a taken login surfaces as the engine's unique violation. */
export async function insertUser(db, user) {
    const now = nowIso();
    const row = await db
        .insertInto('users')
        .values(newUserRow(user, now))
        .returning('id')
        .executeTakeFirstOrThrow();
    return row.id;
}
/** Applies the given fields; returns false when the user does not exist. */
export async function updateUser(db, id, patch) {
    const values = { updated_at: nowIso() };
    if (patch.name !== undefined)
        values.name = patch.name;
    if (patch.activated !== undefined)
        values.activated = toDbBool(patch.activated);
    if (patch.grade !== undefined)
        values.grade = patch.grade;
    if (patch.gradeLetter !== undefined)
        values.grade_letter = patch.gradeLetter;
    if (patch.passwordHash !== undefined)
        values.password_hash = patch.passwordHash;
    if (patch.sessionsValidAfter !== undefined)
        values.sessions_valid_after = patch.sessionsValidAfter;
    if (patch.deactivatedAt !== undefined)
        values.deactivated_at = patch.deactivatedAt;
    const result = await db.updateTable('users').set(values).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
}
/** Replaces a user's memberships with exactly `groupIds`. Run inside a transaction. */
export async function replaceUserGroups(db, userId, groupIds) {
    await db.deleteFrom('user_groups').where('user_id', '=', userId).execute();
    if (groupIds.length > 0) {
        await db.insertInto('user_groups').values(groupIds.map((groupId) => ({ user_id: userId, group_id: groupId }))).execute();
    }
}
/**
 * Hands ownership from `fromId` to `toId` in one transaction; false when `fromId` is no longer the
 * owner (a concurrent transfer won: the row lock makes the loser see it).
 */
export async function transferOwnership(db, fromId, toId) {
    return db.transaction().execute(async (trx) => {
        const now = nowIso();
        const cleared = await trx.updateTable('users').set({ owner: 0, updated_at: now }).where('id', '=', fromId).where('owner', '=', 1).executeTakeFirst();
        if (Number(cleared.numUpdatedRows) === 0)
            return false;
        await trx.updateTable('users').set({ owner: 1, updated_at: now }).where('id', '=', toId).execute();
        return true;
    });
}
/** Ends one token before its expiry; drops revocations whose tokens have expired by now. */
export async function revokeToken(db, userId, jti, expiresAt) {
    await db.deleteFrom('revoked_tokens').where('expires_at', '<=', nowIso()).execute();
    await db
        .insertInto('revoked_tokens')
        .values({ jti, user_id: userId, expires_at: expiresAt })
        .onConflict((oc) => oc.column('jti').doNothing())
        .execute();
}
/** Every login key in use (roster import picks free logins from it). */
export async function allLoginKeys(db) {
    const rows = await db.selectFrom('users').select('login_key').execute();
    return new Set(rows.map((r) => r.login_key));
}
/**
 * Inserts many users in a few multi-row statements (roster import: 500 rows in 5 round trips
 * instead of 500). Returns each new id by its login key, so the caller does not rely on the
 * order RETURNING gives rows back in.
 */
export async function insertUsers(db, users) {
    const now = nowIso();
    const ids = new Map();
    for (let start = 0; start < users.length; start += 100) {
        const rows = await db
            .insertInto('users')
            .values(users.slice(start, start + 100).map((user) => newUserRow(user, now)))
            .returning(['id', 'login_key'])
            .execute();
        for (const row of rows)
            ids.set(row.login_key, row.id);
    }
    return ids;
}
//# sourceMappingURL=users.repository.js.map