import type { Kysely } from 'kysely';
import type { AuthenticatedUser, LeaderboardPeriod, LeaderboardRow } from '@mathclub/shared';
import type { DB } from '../../db/schema.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { can } from '../access/access.policy.js';
import * as repo from './leaderboard.repository.js';
import { periodStart } from './period-start.js';

const byName = new Intl.Collator('uk', { sensitivity: 'base', numeric: true });

/** One board: a group and the start of the period (ISO instant; null for all time). */
export interface BoardScope {
  groupId: number;
  since: string | null;
}

/** Points, bonuses and ranks of a group (PRODUCT.md §7), always recomputed from the solutions. */
export class LeaderboardService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly timeZone: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * What a board request reads: the group and the period's start (null: all time). Anyone may only
   * see a group they belong to. The caller's groups were read from the database for this request
   * and memberships go with their group, so a member's group exists: only a non-member costs the
   * lookup that tells 404 from 403.
   */
  async scope(actor: AuthenticatedUser, groupId: number, period: LeaderboardPeriod): Promise<BoardScope> {
    if (!can(actor, 'leaderboard.read', { groupId })) throw (await repo.groupExists(this.db, groupId)) ? forbidden() : notFound();
    return { groupId, since: periodStart(period, this.now(), this.timeZone) };
  }

  /**
   * The board of a scope, best first; equal points share a rank and are listed by name the way a
   * Ukrainian reader expects, then by id.
   */
  async standings({ groupId, since }: BoardScope): Promise<LeaderboardRow[]> {
    const rows = await repo.groupStandings(this.db, groupId, since);
    return rows
      .sort((a, b) => a.rank - b.rank || byName.compare(a.name, b.name) || a.userId - b.userId)
      .map(({ rank, userId, name, points, solved }) => ({ rank, userId, name, points, solved }));
  }

  /** A group's leaderboard for the period, for a member of the group. */
  async forGroup(actor: AuthenticatedUser, groupId: number, period: LeaderboardPeriod): Promise<LeaderboardRow[]> {
    return this.standings(await this.scope(actor, groupId, period));
  }
}
