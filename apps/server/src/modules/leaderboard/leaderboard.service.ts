import type { Kysely } from 'kysely';
import type { AuthenticatedUser, LeaderboardPeriod, LeaderboardRow } from '@mathclub/shared';
import type { ReadCache } from '../../db/read-cache.js';
import type { DB } from '../../db/schema.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import * as repo from './leaderboard.repository.js';
import { periodStart } from './period-start.js';

const byName = new Intl.Collator('uk', { sensitivity: 'base', numeric: true });

/** Points, bonuses and ranks of a group (PRODUCT.md §7), always recomputed from the solutions. */
export class LeaderboardService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly timeZone: string,
    private readonly now: () => Date = () => new Date(),
    /** Keeps each (group, period start) board until the data changes; without it every call recomputes. */
    private readonly cache?: ReadCache,
  ) {}

  /**
   * A group's leaderboard for the period, best first; equal points share a rank and are listed by
   * name the way a Ukrainian reader expects, then by id. Anyone may only see a group they belong to.
   */
  async forGroup(actor: AuthenticatedUser, groupId: number, period: LeaderboardPeriod): Promise<LeaderboardRow[]> {
    // The caller's groups were read from the database for this request and memberships go with
    // their group, so a member's group exists: only a non-member costs the lookup (404 or 403).
    if (!actor.groups.some((g) => g.id === groupId)) throw (await repo.groupExists(this.db, groupId)) ? forbidden() : notFound();
    const since = periodStart(period, this.now(), this.timeZone);
    const compute = () => this.standings(groupId, since);
    return this.cache ? this.cache.get(`leaderboard:${groupId}:${since ?? 'all'}`, compute) : compute();
  }

  private async standings(groupId: number, since: string | null): Promise<LeaderboardRow[]> {
    const rows = await repo.groupStandings(this.db, groupId, since);
    return rows
      .sort((a, b) => a.rank - b.rank || byName.compare(a.name, b.name) || a.userId - b.userId)
      .map(({ rank, userId, name, points, solved }) => ({ rank, userId, name, points, solved }));
  }
}
