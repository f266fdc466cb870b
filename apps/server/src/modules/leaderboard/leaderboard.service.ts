import type { Kysely } from 'kysely';
import { shortName, type AuthenticatedUser, type LeaderboardPeriod, type LeaderboardRow } from '@mathclub/shared';
import { tokenFromKnown, type ChangeTokenReader, type KnownCounters } from '../../db/change-tokens.js';
import { ReadCache } from '../../db/read-cache.js';
import type { DB } from '../../db/schema.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { can } from '../access/access.policy.js';
import { LeaderboardCache } from './leaderboard-cache.js';
import * as repo from './leaderboard.repository.js';
import { periodStart } from './period-start.js';

/** What one member's totals hold on the heap (measured: 100,000 of them with Cyrillic names, ~250 bytes each). */
const MEMBER_TOTALS_BYTES = 250;

const byName = new Intl.Collator('uk', { sensitivity: 'base', numeric: true });

/** One board: a group, the period, and the starts of the month and week now (ISO instants). */
export interface BoardScope {
  groupId: number;
  period: LeaderboardPeriod;
  starts: { month: string; week: string };
  /** Names shown as "first name + initial": the group asks for it and the reader is a student (PRODUCT.md §13). */
  shortNames?: boolean;
}

/** Points, bonuses and ranks of a group (PRODUCT.md §7), always recomputed from the solutions. */
export class LeaderboardService {
  /**
   * Each group's "short names" setting, kept until the data changes like the boards: read on every
   * student's request, it was a query per cached board (153,884 of them in one bench run).
   */
  private readonly shortNameSettings: ReadCache | undefined;
  /**
   * Each group's totals for the three periods, kept until the group's points change: an answer
   * waiting for review, or judged incorrect, leaves them (change-tokens.ts); a correct one costs the
   * contributions of its task (leaderboard-cache.ts).
   */
  private readonly totals: ReadCache | undefined;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly timeZone: string,
    private readonly now: () => Date = () => new Date(),
    private readonly tokens?: ChangeTokenReader,
  ) {
    this.shortNameSettings = tokens ? new ReadCache(tokens, { name: 'leaderboard-settings' }) : undefined;
    this.totals = tokens ? new ReadCache(tokens, { name: 'leaderboard-totals', sizeOf: (members) => (members as unknown[]).length * MEMBER_TOTALS_BYTES }) : undefined;
    this.patched = new LeaderboardCache(db);
  }

  /** The totals patched by task when a verdict moves a group's points. */
  private readonly patched: LeaderboardCache;

  /**
   * What a board request reads: the group and the period's start (null: all time). Anyone may only
   * see a group they belong to. The caller's groups were read from the database for this request
   * and memberships go with their group, so a member's group exists: only a non-member costs the
   * lookup that tells 404 from 403.
   */
  async scope(actor: AuthenticatedUser, groupId: number, period: LeaderboardPeriod, known?: KnownCounters | null): Promise<BoardScope> {
    if (!can(actor, 'leaderboard.read', { groupId })) throw (await repo.groupExists(this.db, groupId)) ? forbidden() : notFound();
    // Teachers always see full names; students only when the group does not ask for short ones.
    const shortNames = actor.role === 'student' && (await this.usesShortNames(groupId, known));
    return { groupId, period, starts: this.periodStarts(this.now()), shortNames };
  }

  private lastStarts: { second: number; starts: BoardScope['starts'] } | undefined;

  /**
   * The month's and the week's start now. Worked out once a second (two time-zone conversions cost
   * more than a cached board): periods start on whole seconds, so this is exact.
   */
  private periodStarts(now: Date): BoardScope['starts'] {
    const second = Math.floor(now.getTime() / 1000);
    if (this.lastStarts?.second !== second) {
      this.lastStarts = { second, starts: { month: periodStart('month', now, this.timeZone)!, week: periodStart('week', now, this.timeZone)! } };
    }
    return this.lastStarts.starts;
  }

  /** The group's setting (the structure's scope), from the cache while the counters read by this request still match. */
  private usesShortNames(groupId: number, known?: KnownCounters | null): Promise<boolean> {
    const read = () => repo.groupUsesShortNames(this.db, groupId);
    return this.shortNameSettings ? this.shortNameSettings.get(`short-names:${groupId}`, { tasksOf: [] }, read, known) : read();
  }

  /**
   * The board of a scope, best first; equal points share a rank and are listed by name the way a
   * Ukrainian reader expects, then by id.
   */
  async standings({ groupId, period, starts, shortNames = false }: BoardScope, known?: KnownCounters | null): Promise<LeaderboardRow[]> {
    if (!this.totals || !this.tokens) return this.rank(await repo.groupTotals(this.db, groupId, starts), period, shortNames);
    // Patched by task (leaderboard-cache.ts) under the token of the roster and the group's tasks,
    // read (like the totals' own) before anything is computed.
    const tokens = this.tokens;
    const base = (known && tokenFromKnown(known, { tasksOf: [groupId] })) ?? undefined;
    const read = async () => this.patched.totals(groupId, starts, base ?? (await tokens({ tasksOf: [groupId] })));
    const members = await this.totals.get(`${groupId}:${starts.month}:${starts.week}`, { points: [groupId], tasksOf: [groupId] }, read, known);
    return this.rank(members, period, shortNames);
  }

  /** Competition ranks of the period's totals, best first. */
  private rank(members: readonly repo.MemberTotals[], period: LeaderboardPeriod, shortNames: boolean): LeaderboardRow[] {
    // Competition ranks (1, 1, 3…) by the period's points; equal points listed by the full name,
    // either way, so both views list them in the same order.
    const rows = members.map((m) => ({ userId: m.userId, name: m.name, ...m[period] }));
    const more = new Map<number, number>();
    [...rows].sort((a, b) => b.points - a.points).forEach((row, i, sorted) => {
      if (i === 0 || sorted[i - 1]!.points !== row.points) more.set(row.points, i);
    });
    return rows
      .map((row) => ({ ...row, rank: more.get(row.points)! + 1 }))
      .sort((a, b) => a.rank - b.rank || byName.compare(a.name, b.name) || a.userId - b.userId)
      .map(({ rank, userId, name, points, solved }) => ({ rank, userId, name: shortNames ? shortName(name) : name, points, solved }));
  }

  /** A group's leaderboard for the period, for a member of the group. */
  async forGroup(actor: AuthenticatedUser, groupId: number, period: LeaderboardPeriod): Promise<LeaderboardRow[]> {
    return this.standings(await this.scope(actor, groupId, period));
  }
}
