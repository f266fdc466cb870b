import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from './schema.js';

/**
 * Change tokens per scope, from the counters triggers keep (migration 2026112590_change_counters).
 *
 * A cached read names the data it depends on: always the school's structure (users, groups,
 * memberships, tasks), plus the solutions of some groups and/or of one student. Its token is the
 * counters of those scopes; any write to them moves a counter, in the same transaction, on every
 * instance. A student's answer in 7-B therefore leaves 7-A's leaderboard and task list cached (until
 * issue 15 one database-wide token emptied every cache of the school on every write).
 */
export interface ChangeScope {
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
  structure: string;
  user: string;
  /** The solutions' and the points' counters of each group the user belongs to or teaches. */
  groups: Map<number, string>;
  points: Map<number, string>;
}

/** Reads the token of any scope (when the request's own counters do not cover it). */
export type ChangeTokenReader = (scope: ChangeScope) => Promise<string>;

/** The token of `scope` from counters read for this request; null when they do not cover it. */
export function tokenFromKnown(known: KnownCounters, scope: ChangeScope): string | null {
  if (scope.user !== undefined && scope.user !== known.userId) return null;
  const groups = knownOf(known.groups, scope.groups);
  const points = knownOf(known.points, scope.points);
  if (!groups || !points) return null;
  return tokenOf(known.structure, scope.user === undefined ? undefined : [scope.user, known.user], groups, points);
}

function knownOf(counters: Map<number, string>, ids: readonly number[] = []): [number, string][] | null {
  const out: [number, string][] = [];
  for (const id of ids) {
    const version = counters.get(id);
    if (version === undefined) return null;
    out.push([id, version]);
  }
  return out;
}

/** One string per state of the scope's data: equal strings, equal data. */
function tokenOf(structure: string, user: [number, string] | undefined, groups: [number, string][], points: [number, string][]): string {
  let token = `s${structure}`;
  if (user) token += ` u${user[0]}:${user[1]}`;
  const list = (kind: string, counters: [number, string][]) => counters.sort((a, b) => a[0] - b[0]).map(([id, v]) => ` ${kind}${id}:${v}`).join('');
  return token + list('g', groups) + list('p', points);
}

/** A token's counters by scope ('s', 'u7', 'g3', …), for comparing two tokens of one scope. */
function countersOf(token: string): Map<string, number> | null {
  const out = new Map<string, number>();
  for (const part of token.split(' ')) {
    const match = /^([sugp])(?:(\d+):)?(\d+)$/.exec(part);
    if (!match) return null;
    out.set(match[1]! + (match[2] ?? ''), Number(match[3]));
  }
  return out;
}

/**
 * Whether `token` names the same scopes as `than` at no later a state: every counter at most the
 * other's. Counters only grow, so a cached value filed under `than` is at least as fresh as a
 * request holding `token` can ask for (its counters were read before a write it raced with);
 * serving it, rather than computing again under the older token, stops concurrent readers from
 * taking turns to replace each other's entry after every write.
 */
export function isNotNewer(token: string, than: string): boolean {
  const a = countersOf(token);
  const b = countersOf(than);
  if (!a || !b || a.size !== b.size) return false;
  for (const [scope, version] of a) {
    const other = b.get(scope);
    if (other === undefined || version > other) return false;
  }
  return true;
}

/** A counter never moved reads as 0 (its row is created by the first write). */
const counter = (value: unknown): string => (value === null || value === undefined ? '0' : String(value));

/** One query for the counters of a scope. */
export function changeTokenReader(db: Kysely<DB>): ChangeTokenReader {
  return async (scope) => {
    const groups = [...new Set(scope.groups ?? [])];
    const points = [...new Set(scope.points ?? [])];
    const rows = await db
      .selectFrom('change_counters')
      .select(['kind', 'id', 'version'])
      .where((eb) =>
        eb.or([
          eb.and([eb('kind', '=', 's'), eb('id', '=', 0)]),
          ...(scope.user !== undefined ? [eb.and([eb('kind', '=', 'u'), eb('id', '=', scope.user)])] : []),
          ...(groups.length > 0 ? [eb.and([eb('kind', '=', 'g'), eb('id', 'in', groups)])] : []),
          ...(points.length > 0 ? [eb.and([eb('kind', '=', 'p'), eb('id', 'in', points)])] : []),
        ]),
      )
      .execute();
    const of = (kind: string, id: number) => counter(rows.find((r) => r.kind === kind && Number(r.id) === id)?.version);
    return tokenOf(
      of('s', 0),
      scope.user === undefined ? undefined : [scope.user, of('u', scope.user)],
      groups.map((id) => [id, of('g', id)]),
      points.map((id) => [id, of('p', id)]),
    );
  };
}

/**
 * The counters as columns of the account check's query (users left-joined to `groups`), read in
 * the same round trip: the structure's, the user's own, and on each row its group's two.
 */
export function countersColumns(): { structure: RawBuilder<unknown>; user: RawBuilder<unknown>; group: RawBuilder<unknown>; points: RawBuilder<unknown> } {
  return {
    points: sql`(select version from change_counters where kind = 'p' and id = groups.id)`,
    structure: sql`(select version from change_counters where kind = 's' and id = 0)`,
    user: sql`(select version from change_counters where kind = 'u' and id = users.id)`,
    group: sql`(select version from change_counters where kind = 'g' and id = groups.id)`,
  };
}

/** KnownCounters from the account check's rows of one user. */
export function knownCounters(userId: number, structure: unknown, user: unknown): KnownCounters {
  return { userId, structure: counter(structure), user: counter(user), groups: new Map(), points: new Map() };
}

/** Records one row's group counters (null group: a user in no group). */
export function addGroupCounters(known: KnownCounters, groupId: number | null, solutions: unknown, points: unknown): void {
  if (groupId === null) return;
  known.groups.set(groupId, counter(solutions));
  known.points.set(groupId, counter(points));
}
