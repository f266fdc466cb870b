import { sql, type ExpressionBuilder, type Kysely, type RawBuilder } from 'kysely';
import type { CounterView } from './pg-told-moves.js';
import type { DB } from './schema.js';

/**
 * Change tokens per scope, from the counters triggers keep (migrations 2026112590_change_counters
 * and 2026112700_task_counters).
 *
 * A cached read names the data it depends on: always the school's roster (users, groups,
 * memberships), the tasks of some groups (or of the whole school), plus the solutions of some
 * groups and/or of one student. Its token is the counters of those scopes; any write to them moves a
 * counter, in the same transaction, on every instance. A student's answer in 7-B therefore leaves
 * 7-A's leaderboard and task list cached (until issue 15 one database-wide token emptied every cache
 * of the school on every write), and so does a task posted for 7-B.
 */
export interface ChangeScope {
  /**
   * Groups whose tasks the read depends on (a task created, edited, scheduled or deleted).
   * 'existing': only tasks that already exist, in any group — a read of answers, which only name
   * tasks already answered: an edit or a deletion anywhere moves it, a new task does not. Absent:
   * every task of the school, the safe default for a read that does not say.
   */
  tasksOf?: readonly number[] | 'existing';
  /** Groups whose solutions the read depends on (any answer or verdict). */
  groups?: readonly number[];
  /** Groups whose points the read depends on (a solution judged correct, or no longer). */
  points?: readonly number[];
  /** The student whose own solutions the read depends on. */
  user?: number;
}

/** The counters read with the account check (no query of their own), for that user's scopes. */
export interface KnownCounters {
  userId: number;
  /** Users, groups and memberships. */
  roster: string;
  /** Every task of the school already there: edits and deletions, not new tasks. */
  existingTasks: string;
  user: string;
  /** The solutions', the points' and the tasks' counters of each group the user belongs to or teaches. */
  groups: Map<number, string>;
  points: Map<number, string>;
  tasks: Map<number, string>;
}

/** Reads the token of any scope (when the request's own counters do not cover it). */
export type ChangeTokenReader = (scope: ChangeScope) => Promise<string>;

/** The token of `scope` from counters read for this request; null when they do not cover it. */
export function tokenFromKnown(known: KnownCounters, scope: ChangeScope): string | null {
  if (scope.user !== undefined && scope.user !== known.userId) return null;
  const groups = knownOf(known.groups, scope.groups);
  const points = knownOf(known.points, scope.points);
  if (scope.tasksOf === undefined) return null;
  const tasks = scope.tasksOf === 'existing' ? [] : knownOf(known.tasks, scope.tasksOf);
  if (!groups || !points || !tasks) return null;
  return tokenOf(known.roster, scope.tasksOf === 'existing' ? known.existingTasks : undefined, tasks, scope.user === undefined ? undefined : [scope.user, known.user], groups, points);
}

const NONE: readonly number[] = [];

function knownOf(counters: Map<number, string>, ids: readonly number[] = NONE): [number, string][] | null {
  const out: [number, string][] = [];
  for (const id of ids) {
    const version = counters.get(id);
    if (version === undefined) return null;
    out.push([id, version]);
  }
  return out;
}

/** One string per state of the scope's data: equal strings, equal data. */
function tokenOf(
  roster: string,
  existingTasks: string | undefined,
  tasks: [number, string][],
  user: [number, string] | undefined,
  groups: [number, string][],
  points: [number, string][],
): string {
  let token = `r${roster}`;
  if (existingTasks !== undefined) token += ` e${existingTasks}`;
  if (user) token += ` u${user[0]}:${user[1]}`;
  // Built on every cached read (twice for a leaderboard): a plain loop, sorting only what needs it.
  const list = (kind: string, counters: [number, string][]) => {
    if (counters.length > 1) counters.sort((a, b) => a[0] - b[0]);
    let out = '';
    for (const [id, v] of counters) out += ` ${kind}${id}:${v}`;
    return out;
  };
  // Group 0's tasks are every task (a group's id is never 0).
  return token + list('k', tasks) + list('g', groups) + list('p', points);
}

/**
 * A token's counters by scope ('r', 'e', 'u7', 'g3', 'k0', …), for comparing two tokens of one
 * scope: each as [epoch, count], the epoch -1 for a database counter ('12') and the instance's
 * keeping epoch for one it counted itself ('3.12', pg-told-moves.ts).
 */
function countersOf(token: string): Map<string, [number, number]> | null {
  const out = new Map<string, [number, number]>();
  for (const part of token.split(' ')) {
    const match = /^([reugpk])(?:(\d+):)?(?:(\d+)\.)?(\d+)$/.exec(part);
    if (!match) return null;
    out.set(match[1]! + (match[2] ?? ''), [match[3] === undefined ? -1 : Number(match[3]), Number(match[4])]);
  }
  return out;
}

/**
 * Whether `token` names the same scopes as `than` at no later a state: every counter at most the
 * other's. Counters only grow, so a cached value filed under `than` is at least as fresh as a
 * request holding `token` can ask for (its counters were read before a write it raced with);
 * serving it, rather than computing again under the older token, stops concurrent readers from
 * taking turns to replace each other's entry after every write. Counts of different epochs (or one
 * counted and one read) are never compared.
 */
export function isNotNewer(token: string, than: string): boolean {
  const a = countersOf(token);
  const b = countersOf(than);
  if (!a || !b || a.size !== b.size) return false;
  for (const [scope, [epoch, version]] of a) {
    const other = b.get(scope);
    if (other === undefined || other[0] !== epoch || version > other[1]) return false;
  }
  return true;
}

/** A counter never moved reads as 0 (its row is created by the first write). */
const counter = (value: unknown): string => (value === null || value === undefined ? '0' : String(value));

/** The scope's parts as every token names them: each list without repeats; no `tasksOf`, every task (group 0's). */
function scopeParts(scope: ChangeScope) {
  return {
    groups: [...new Set(scope.groups ?? [])],
    points: [...new Set(scope.points ?? [])],
    existing: scope.tasksOf === 'existing',
    tasks: scope.tasksOf === 'existing' ? [] : scope.tasksOf ? [...new Set(scope.tasksOf)] : [0],
  };
}

/**
 * The token of any scope, each counter's version as `version` gives it: the counters this instance
 * counts itself (pg-told-moves.ts, no query) or the ones a query read.
 */
export function tokenFromView(version: CounterView, scope: ChangeScope): string {
  const { groups, points, existing, tasks } = scopeParts(scope);
  return tokenOf(
    version('r', 0),
    existing ? version('e', 0) : undefined,
    tasks.map((id) => [id, version('k', id)]),
    scope.user === undefined ? undefined : [scope.user, version('u', scope.user)],
    groups.map((id) => [id, version('g', id)]),
    points.map((id) => [id, version('p', id)]),
  );
}

/** An account's counters from the ones this instance counts itself, as the account check would read them. */
export function knownFromView(view: CounterView, userId: number, groupIds: readonly number[]): KnownCounters {
  const known = knownCounters(userId, view('r', 0), view('e', 0), view('u', userId));
  for (const id of groupIds) addGroupCounters(known, id, view('g', id), view('p', id), view('k', id));
  return known;
}

/**
 * The token of any scope: from the counters this instance counts itself while it is alone on its
 * PostgreSQL database (`view`, pg-told-moves.ts), else one query for the counters: each scope's row
 * and its shards (migration 2026112800), summed.
 */
export function changeTokenReader(db: Kysely<DB>, view?: () => CounterView | null): ChangeTokenReader {
  const read = changeTokenQuery(db);
  if (!view) return read;
  return async (scope) => {
    const counted = view();
    return counted ? tokenFromView(counted, scope) : read(scope);
  };
}

function changeTokenQuery(db: Kysely<DB>): ChangeTokenReader {
  return async (scope) => {
    const { groups, points, existing, tasks } = scopeParts(scope);
    const wanted = (eb: ExpressionBuilder<DB, 'change_counters' | 'change_counter_shards'>, table: 'change_counters' | 'change_counter_shards') => {
      const is = (kind: string) => eb(`${table}.kind`, '=', kind);
      return eb.or([
        eb.and([is('r'), eb(`${table}.id`, '=', 0)]),
        ...(existing ? [eb.and([is('e'), eb(`${table}.id`, '=', 0)])] : []),
        ...(tasks.length > 0 ? [eb.and([is('k'), eb(`${table}.id`, 'in', tasks)])] : []),
        ...(scope.user !== undefined ? [eb.and([is('u'), eb(`${table}.id`, '=', scope.user)])] : []),
        ...(groups.length > 0 ? [eb.and([is('g'), eb(`${table}.id`, 'in', groups)])] : []),
        ...(points.length > 0 ? [eb.and([is('p'), eb(`${table}.id`, 'in', points)])] : []),
      ]);
    };
    const rows = await db
      .selectFrom('change_counters')
      .select(['kind', 'id', 'version'])
      .where((eb) => wanted(eb, 'change_counters'))
      .unionAll(db.selectFrom('change_counter_shards').select(['kind', 'id', 'version']).where((eb) => wanted(eb, 'change_counter_shards')))
      .execute();
    const sums = new Map<string, number>();
    for (const r of rows) sums.set(`${r.kind}${r.id}`, (sums.get(`${r.kind}${r.id}`) ?? 0) + Number(r.version));
    return tokenFromView((kind, id) => counter(sums.get(`${kind}${id}`)), scope);
  };
}

/**
 * A scope's counter as an SQL expression: its row's version plus, where solutions' writes may have
 * met the row held (`sharded`: the kinds 'g', 'p', 'u' and 't' on PostgreSQL), its shards'. 0 for
 * a counter never moved.
 */
export function counterSql(kind: string, id: RawBuilder<unknown>, sharded: boolean): RawBuilder<unknown> {
  const row = sql`(select version from change_counters where kind = ${sql.lit(kind)} and id = ${id})`;
  if (!sharded) return row;
  return sql`(coalesce(${row}, 0) + coalesce((select sum(version) from change_counter_shards where kind = ${sql.lit(kind)} and id = ${id}), 0))`;
}

/**
 * The counters as columns of the account check's query (users left-joined to `groups`), read in
 * the same round trip: the roster's, the existing tasks', the user's own, and on each row its group's
 * three. (Every task's, the default scope's, is left to a query of its own: no frequent read uses it.)
 * `sharded`: on PostgreSQL, where the solutions' counters have shards; SQLite's never do, and its
 * account check (every request's) reads no more than it needs.
 */
export function countersColumns(sharded: boolean): {
  roster: RawBuilder<unknown>;
  existingTasks: RawBuilder<unknown>;
  user: RawBuilder<unknown>;
  group: RawBuilder<unknown>;
  points: RawBuilder<unknown>;
  tasks: RawBuilder<unknown>;
} {
  return {
    points: counterSql('p', sql.ref('groups.id'), sharded),
    tasks: counterSql('k', sql.ref('groups.id'), false),
    roster: counterSql('r', sql.lit(0), false),
    existingTasks: counterSql('e', sql.lit(0), false),
    user: counterSql('u', sql.ref('users.id'), sharded),
    group: counterSql('g', sql.ref('groups.id'), sharded),
  };
}

/** KnownCounters from the account check's rows of one user. */
export function knownCounters(userId: number, roster: unknown, existingTasks: unknown, user: unknown): KnownCounters {
  return { userId, roster: counter(roster), existingTasks: counter(existingTasks), user: counter(user), groups: new Map(), points: new Map(), tasks: new Map() };
}

/** Records one row's group counters (null group: a user in no group). */
export function addGroupCounters(known: KnownCounters, groupId: number | null, solutions: unknown, points: unknown, tasks: unknown): void {
  if (groupId === null) return;
  known.groups.set(groupId, counter(solutions));
  known.points.set(groupId, counter(points));
  known.tasks.set(groupId, counter(tasks));
}
