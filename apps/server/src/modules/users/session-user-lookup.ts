import { knownFromView } from '../../db/change-tokens.js';
import type { Database } from '../../db/database.js';
import { accountsStampOf, type CounterView } from '../../db/pg-told-moves.js';
import { batchByTurn } from '../../lib/batch-by-turn.js';
import { findSessionUsers, type SessionUser } from './users.repository.js';

/** The account check every authenticated request makes: the user as the database has it now. */
export type SessionUserLookup = (id: number) => Promise<SessionUser | undefined>;

/**
 * Account-check queries running at once. While they run, the requests that arrive wait for the
 * next one together: a query's round trip costs the server about what an answer's sending does.
 */
export const ACCOUNT_CHECKS_IN_FLIGHT = 2;

/** Accounts kept between changes (a few hundred bytes each); past this, all are dropped. */
export const KEPT_ACCOUNTS = 10_000;

/**
 * Requests that arrive in the same event-loop turn share one account-check query (`users.id =
 * any($1)` on PostgreSQL, `in (select value from json_each(?))` on SQLite). Under 64 concurrent
 * clients this turns dozens of queries into a few: on PostgreSQL dozens of round trips and
 * parse/plan/execute cycles, on SQLite dozens of statement runs and change-token reads. Each
 * request is still checked by a query that started after it arrived, so a deactivation or a
 * password change is seen at the very next request.
 *
 * On SQLite the batch first asks the database, for about a microsecond, whether any row changed
 * since its accounts were last read (db/sqlite-change-stamp.ts): while none did, the accounts and
 * their counters read then are exactly what the query would return, and the batch needs no query
 * (measured at a fixed 5,000 warm leaderboard reads a second: 14 % less of the server's CPU per
 * read). The first change of any row, by this process or another, drops them all. On PostgreSQL
 * the same holds while this instance is provably the only one using the database
 * (db/pg-sole-instance.ts: measured flat out on the warm leaderboard, 0.077–0.084 → 0.054–0.057 ms
 * of the server's CPU a read), and there only a change to the roster or to logged-out tokens drops
 * them: the counters, which every answer moves, are the ones the instance counts itself
 * (db/pg-told-moves.ts), put on each account as it is handed out. With other instances about, only
 * a query can tell what they wrote, and every batch asks.
 */
export function createSessionUserLookup(database: Database): SessionUserLookup {
  const query = (ids: number[]) => findSessionUsers(database, ids);
  const { changeStamp, counterView } = database;
  // The stamp and the counters from one look at the counts, so an account kept under a stamp is
  // never handed out with the counters it was read with.
  const now: (() => KeepingState | null) | undefined = counterView
    ? () => {
        const view = counterView();
        return view ? { stamp: accountsStampOf(view), view } : null;
      }
    : changeStamp
      ? () => {
          const stamp = changeStamp();
          return stamp === null ? null : { stamp, view: null };
        }
      : undefined;
  return batchByTurn(now ? keptWhileUnchanged(query, now, counterView) : query, 100, ACCOUNT_CHECKS_IN_FLIGHT);
}

type AccountsQuery = (ids: number[]) => Promise<Map<number, SessionUser>>;

/** What kept accounts are valid under, and (PostgreSQL) the counters to hand them out with. */
interface KeepingState {
  stamp: string;
  view: CounterView | null;
}

/** The account with the counters this instance counts itself, when it does (else as read). */
function withCountedCounters(account: SessionUser, view: CounterView | null): SessionUser {
  if (!view) return account;
  return { ...account, counters: knownFromView(view, account.user.id, account.user.groups.map((g) => g.id)) };
}

function keptWhileUnchanged(query: AccountsQuery, keeping: () => KeepingState | null, counterView?: () => CounterView | null): AccountsQuery {
  /** The stamp the kept accounts were read under. */
  let keptAt: string | null = null;
  const kept = new Map<number, SessionUser>();
  return async (ids) => {
    // Read before the query, so nothing kept is older than its stamp says.
    const state = keeping();
    if (state === null) return query(ids);
    const { stamp, view } = state;
    if (stamp !== keptAt) {
      kept.clear();
      keptAt = stamp;
    }
    // On PostgreSQL a kept account's own counters are as old as its read: it is handed out with
    // the ones counted now.
    const accounts = new Map<number, SessionUser>();
    const missing: number[] = [];
    for (const id of ids) {
      const account = kept.get(id);
      if (account) accounts.set(id, withCountedCounters(account, view));
      else missing.push(id);
    }
    if (missing.length === 0) return accounts;
    const found = await query(missing);
    // A batch that read a newer stamp meanwhile has dropped this one's: then these are not kept.
    if (keptAt === stamp) {
      if (kept.size + found.size > KEPT_ACCOUNTS) kept.clear();
      for (const [id, account] of found) kept.set(id, account);
    }
    // Read after this request arrived: the counted counters now, or (no longer alone) the ones read.
    const viewNow = counterView?.() ?? null;
    for (const [id, account] of found) accounts.set(id, withCountedCounters(account, viewNow));
    return accounts;
  };
}
