import type { Database } from '../../db/database.js';
import { batchByTurn } from '../../lib/batch-by-turn.js';
import { findSessionUser, findSessionUsers, type SessionUser } from './users.repository.js';

/** The account check every authenticated request makes: the user as the database has it now. */
export type SessionUserLookup = (id: number) => Promise<SessionUser | undefined>;

/**
 * SQLite answers in-process and synchronously: one query per request. PostgreSQL costs a round
 * trip and a backend's parse/plan/execute per query, so requests that arrive in the same event-loop
 * turn share one query (`= any($1)`, a named prepared statement). Under 64 concurrent clients this
 * turns dozens of round trips into a few, while each request is still checked against the database
 * by a query that started after it arrived: a deactivation or password change is still seen at
 * the very next request.
 */
export function createSessionUserLookup(database: Database): SessionUserLookup {
  if (database.dialect === 'sqlite') return (id) => findSessionUser(database.db, id, 'sqlite');
  return batchByTurn((ids) => findSessionUsers(database, ids));
}
