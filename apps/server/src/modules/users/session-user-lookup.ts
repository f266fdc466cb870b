import type { Database } from '../../db/database.js';
import { batchByTurn } from '../../lib/batch-by-turn.js';
import { findSessionUsers, type SessionUser } from './users.repository.js';

/** The account check every authenticated request makes: the user as the database has it now. */
export type SessionUserLookup = (id: number) => Promise<SessionUser | undefined>;

/**
 * Account-check queries running at once. While they run, the requests that arrive wait for the
 * next one together: a query's round trip costs the server about what an answer's sending does.
 */
export const ACCOUNT_CHECKS_IN_FLIGHT = 2;

/**
 * Requests that arrive in the same event-loop turn share one account-check query (`users.id =
 * any($1)` on PostgreSQL, `in (select value from json_each(?))` on SQLite). Under 64 concurrent
 * clients this turns dozens of queries into a few: on PostgreSQL dozens of round trips and
 * parse/plan/execute cycles, on SQLite dozens of statement runs and change-token reads. Each
 * request is still checked by a query that started after it arrived, so a deactivation or a
 * password change is seen at the very next request.
 */
export function createSessionUserLookup(database: Database): SessionUserLookup {
  return batchByTurn((ids) => findSessionUsers(database, ids), 100, ACCOUNT_CHECKS_IN_FLIGHT);
}
