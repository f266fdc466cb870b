import { KeptReads } from '../../db/kept-reads.js';
import { shortName } from '@mathclub/shared';
import { forbidden, notFound } from '../../lib/app-error.js';
import { can } from '../access/access.policy.js';
import * as repo from './leaderboard.repository.js';
import { periodStart } from './period-start.js';
const byName = new Intl.Collator('uk', { sensitivity: 'base', numeric: true });
/**
 * Points, bonuses and ranks of a group (PRODUCT.md §7), computed from the solutions. A quarter of a
 * school's requests are boards, and a group's points change only with a correct verdict (or its
 * undoing), a task's points or the roster: each group's totals are kept until one of those moves
 * (db/kept-reads.ts; bench/README.md, "What the caches buy").
 */
export class LeaderboardService {
    db;
    timeZone;
    now;
    boards;
    constructor(db, timeZone, now = () => new Date()) {
        this.db = db;
        this.timeZone = timeZone;
        this.now = now;
        this.boards = new KeptReads(db);
    }
    /**
     * What a board request reads: the group and the period's start (null: all time). Anyone may only
     * see a group they belong to. The caller's groups were read from the database for this request
     * and memberships go with their group, so a member's group exists: only a non-member costs the
     * lookup that tells 404 from 403.
     */
    async scope(actor, groupId, period) {
        if (!can(actor, 'leaderboard.read', { groupId }))
            throw (await repo.groupExists(this.db, groupId)) ? forbidden() : notFound();
        // Teachers always see full names; students only when the group does not ask for short ones.
        return { groupId, period, starts: this.periodStarts(this.now()), shortNames: actor.role === 'student' };
    }
    lastStarts;
    /** The month's and the week's start now, worked out once a second (periods start on whole seconds). */
    periodStarts(now) {
        const second = Math.floor(now.getTime() / 1000);
        if (this.lastStarts?.second !== second) {
            this.lastStarts = { second, starts: { month: periodStart('month', now, this.timeZone), week: periodStart('week', now, this.timeZone) } };
        }
        return this.lastStarts.starts;
    }
    /**
     * The board of a scope, best first; equal points share a rank and are listed by name the way a
     * Ukrainian reader expects, then by id.
     */
    async standings({ groupId, period, starts, shortNames = false }, actor) {
        const board = await this.boards.get(`${groupId}:${starts.month}:${starts.week}`, [['r', 0], ['k', groupId], ['p', groupId]], async () => {
            const [members, short] = await Promise.all([repo.groupTotals(this.db, groupId, starts), repo.groupUsesShortNames(this.db, groupId)]);
            return { value: { members, shortNames: short, ranked: new Map() } };
        }, actor);
        const short = shortNames && board.shortNames;
        const key = `${period}:${short}`;
        let rows = board.ranked.get(key);
        if (!rows)
            board.ranked.set(key, (rows = this.rank(board.members, period, short)));
        return rows;
    }
    /** Competition ranks of the period's totals, best first. */
    rank(members, period, shortNames) {
        // Competition ranks (1, 1, 3…) by the period's points; equal points listed by the full name,
        // either way, so both views list them in the same order.
        const rows = members.map((m) => ({ userId: m.userId, name: m.name, ...m[period] }));
        const more = new Map();
        [...rows].sort((a, b) => b.points - a.points).forEach((row, i, sorted) => {
            if (i === 0 || sorted[i - 1].points !== row.points)
                more.set(row.points, i);
        });
        return rows
            .map((row) => ({ ...row, rank: more.get(row.points) + 1 }))
            .sort((a, b) => a.rank - b.rank || byName.compare(a.name, b.name) || a.userId - b.userId)
            .map(({ rank, userId, name, points, solved }) => ({ rank, userId, name: shortNames ? shortName(name) : name, points, solved }));
    }
    /** A group's leaderboard for the period, for a member of the group. */
    async forGroup(actor, groupId, period) {
        return this.standings(await this.scope(actor, groupId, period), actor);
    }
}
//# sourceMappingURL=leaderboard.service.js.map