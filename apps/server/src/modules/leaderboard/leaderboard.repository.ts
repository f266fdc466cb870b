import { sql, type Kysely, type RawBuilder } from 'kysely';
import { ACCURACY_BONUS, SPEED_BONUSES } from '@mathclub/shared';
import type { DB } from '../../db/schema.js';

/** CASE over a solver's place among a task's correct solvers → its speed bonus (literals, not parameters). */
const speedBonus = (place: RawBuilder<unknown>) =>
  sql`case ${place} ${sql.join(
    SPEED_BONUSES.map((bonus, i) => sql`when ${sql.lit(i + 1)} then ${sql.lit(bonus)}`),
    sql` `,
  )} else 0 end`;

export async function groupExists(db: Kysely<DB>, groupId: number): Promise<boolean> {
  const row = await db.selectFrom('groups').select('id').where('id', '=', groupId).executeTakeFirst();
  return row !== undefined;
}

/** Whether the group shows students "first name + initial" (PRODUCT.md §13). */
export async function groupUsesShortNames(db: Kysely<DB>, groupId: number): Promise<boolean> {
  const row = await db.selectFrom('groups').select('leaderboard_short_names').where('id', '=', groupId).executeTakeFirst();
  return row?.leaderboard_short_names === 1;
}

/** A member's points and solved tasks within one period. */
export interface PeriodTotals {
  points: number;
  solved: number;
}

/** One student of the group with their totals for all time, the month and the week so far. */
export interface MemberTotals {
  userId: number;
  name: string;
  all: PeriodTotals;
  month: PeriodTotals;
  week: PeriodTotals;
}

/**
 * Every student's totals of a group for the three periods, in one query computed from the
 * solutions (the three boards of a group cost one read, not three).
 * members: activated students of the group. first_correct: their correct solutions to the group's
 * live tasks. solutions_open_unique allows one open-or-correct solution per (task, student), so a
 * correct solution is the student's only correct one, their first. It earns the task's points, the
 * accuracy bonus when no solution of theirs to the task came before it (it was attempt 1), and the
 * speed bonus of its place among the task's correct solutions by submission time, all time. Only
 * then is a period applied, so bonuses travel with the solution they were earned by. Totals are
 * summed per student before meeting the member list (joining first made SQLite rescan every
 * student's rows once per member).
 * `starts` are ISO-8601 UTC instants; stored timestamps are ISO text, so text order is time order.
 */
export async function groupTotals(db: Kysely<DB>, groupId: number, starts: { month: string; week: string }): Promise<MemberTotals[]> {
  const within = (since: string, value: RawBuilder<unknown>) => sql`sum(case when created_at >= ${since} then ${value} else 0 end)`;
  const result = await sql<Record<'user_id' | 'points' | 'solved' | 'month_points' | 'month_solved' | 'week_points' | 'week_solved', number | string> & { name: string }>`
    with members as (
      select u.id, u.name
      from user_groups ug
      join users u on u.id = ug.user_id
      where ug.group_id = ${groupId} and u.role = 'student' and u.activated = 1
    ),
    first_correct as (
      select s.author_id, s.created_at,
        t.points
          + case when exists (
              select 1 from solutions earlier
              where earlier.author_id = s.author_id and earlier.task_id = s.task_id
                and (earlier.created_at < s.created_at or (earlier.created_at = s.created_at and earlier.id < s.id))
            ) then 0 else ${sql.lit(ACCURACY_BONUS)} end
          + ${speedBonus(sql.raw('row_number() over (partition by s.task_id order by s.created_at, s.id)'))} as earned
      from tasks t
      join solutions s on s.task_id = t.id
      join members m on m.id = s.author_id
      where t.group_id = ${groupId} and t.deleted_at is null and s.reviewed = 1 and s.correct = 1
    ),
    per_student as (
      select author_id, sum(earned) as points, count(*) as solved,
        ${within(starts.month, sql`earned`)} as month_points, ${within(starts.month, sql`1`)} as month_solved,
        ${within(starts.week, sql`earned`)} as week_points, ${within(starts.week, sql`1`)} as week_solved
      from first_correct
      group by author_id
    )
    select m.id as user_id, m.name,
      coalesce(p.points, 0) as points, coalesce(p.solved, 0) as solved,
      coalesce(p.month_points, 0) as month_points, coalesce(p.month_solved, 0) as month_solved,
      coalesce(p.week_points, 0) as week_points, coalesce(p.week_solved, 0) as week_solved
    from members m
    left join per_student p on p.author_id = m.id
  `.execute(db);
  return result.rows.map((r) => ({
    userId: Number(r.user_id),
    name: r.name,
    all: { points: Number(r.points), solved: Number(r.solved) },
    month: { points: Number(r.month_points), solved: Number(r.month_solved) },
    week: { points: Number(r.week_points), solved: Number(r.week_solved) },
  }));
}
