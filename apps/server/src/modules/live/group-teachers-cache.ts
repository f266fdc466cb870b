import type { Kysely } from 'kysely';
import { KeptUnderToken } from '../../db/kept-under-token.js';
import type { DB } from '../../db/schema.js';
import { groupTeacherIds } from './live.repository.js';

/** Groups kept: a school's many times over; an entry is a few ids. */
const MAX_GROUPS = 5_000;
const MAX_BYTES = 2 * 1024 * 1024;

/**
 * Who is told of each answer: the active teachers of its group, kept per group under the roster's
 * change counter ('r'), which moves with every write to users, groups or memberships on any
 * instance.
 *
 * Each answer's notification was an INSERT … SELECT over the group's memberships and their users:
 * one index probe and two row reads per member (a class of 50: ~85 µs of SQLite's time on the
 * event loop, of the ~1 ms an answer costs), and on a school without fresh planner statistics a
 * scan of every active user. Now it is one row per teacher.
 */
export class GroupTeachersCache {
  private readonly kept: KeptUnderToken<number, readonly number[]>;

  constructor(db: Kysely<DB>) {
    this.kept = new KeptUnderToken<number, readonly number[]>((groupId) => groupTeacherIds(db, groupId), (ids) => 100 + 8 * ids.length, { maxEntries: MAX_GROUPS, maxBytes: MAX_BYTES });
  }

  /** The ids of the group's active teachers; `rosterToken` (the request's 'r' counter) null reads them. */
  async get(groupId: number, rosterToken: string | null): Promise<readonly number[]> {
    return (await this.kept.get(groupId, rosterToken)) ?? [];
  }
}
