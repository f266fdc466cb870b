import type { Database } from '../../db/database.js';
import { findSessionUser, type SessionUser } from './users.repository.js';

/** The account check every authenticated request makes: the user as the database has it now. */
export type SessionUserLookup = (id: number) => Promise<SessionUser | undefined>;

/**
 * One indexed query per request, never kept: a deactivation, a password change or a logout made
 * by any instance, or by hand in the database, counts at the very next request.
 */
export function createSessionUserLookup(database: Database): SessionUserLookup {
  return (id) => findSessionUser(database, id);
}
