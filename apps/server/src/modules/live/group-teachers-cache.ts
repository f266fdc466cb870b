import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { SizedEntries } from '../../db/sized-entries.js';
import { groupTeacherIds } from './live.repository.js';

interface Entry {
  /** The roster's counter (users, groups, memberships) it was read under. */
  token: string;
  teacherIds: readonly number[];
  size: number;
  usedAt?: number;
}

/** Groups kept: a school's many times over; an entry is a few ids. */
const MAX_GROUPS = 5_000;
const MAX_BYTES = 2 * 1024 * 1024;

/**
 * Who is told of each answer: the active teachers of its group, kept per group under the roster's
 * change counter. That counter is read with the account check of the very request (no query of its
 * own) and moves, in the same transaction, with every write to users, groups or memberships on any
 * instance, so a kept list is the roster as it is now.
 *
 * Each answer's notification was an INSERT … SELECT over the group's memberships and their users:
 * one index probe and two row reads per member (a class of 50: ~140 µs of SQLite's time on the
 * event loop, of the ~1 ms an answer costs), and on a school without fresh planner statistics a
 * scan of every active user. Now it is one row per teacher.
 *
 * The list is read after its token (the account check came first), so nothing is kept under a
 * newer token than its data.
 */
export class GroupTeachersCache {
  private readonly entries = new SizedEntries<number, Entry>(MAX_GROUPS, MAX_BYTES);

  constructor(private readonly db: Kysely<DB>) {}

  /** The ids of the group's active teachers; `rosterToken` null (no counters for this request) reads them. */
  async get(groupId: number, rosterToken: string | null): Promise<readonly number[]> {
    const kept = this.entries.get(groupId);
    if (rosterToken !== null && kept?.token === rosterToken) {
      this.entries.touch(groupId, kept);
      return kept.teacherIds;
    }
    const teacherIds = await groupTeacherIds(this.db, groupId);
    if (rosterToken !== null) this.entries.set(groupId, { token: rosterToken, teacherIds, size: 100 + 8 * teacherIds.length });
    return teacherIds;
  }
}
