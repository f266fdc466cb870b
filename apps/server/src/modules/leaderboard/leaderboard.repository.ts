import { sql, type Kysely, type RawBuilder } from 'kysely';
import { ACCURACY_BONUS, SPEED_BONUSES } from '@mathclub/shared';
import type { DB } from '../../db/schema.js';

/** One student's totals with their competition rank (1, 1, 3…) by points. */
export interface StandingRow {
  userId: number;
  name: string;
  points: number;
  solved: number;
  rank: number;
}

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

/**
 * The whole leaderboard of a group in one query, computed from the solutions every time.
 * members: activated students of the group. first_correct: their correct solutions to the group's
 * live tasks. solutions_open_unique allows one open-or-correct solution per (task, student), so a
 * correct solution is the student's only correct one, their first. It earns the task's points, the
 * accuracy bonus when no solution of theirs to the task came before it (it was attempt 1), and the
 * speed bonus of its place among the task's correct solutions by submission time, all time. Only
 * then is the period applied, so bonuses travel with the solution they were earned by. Totals are
 * summed per student before meeting the member list (joining first made SQLite rescan every
 * student's rows once per member).
 * `since` is an ISO-8601 UTC instant (null: all time); stored timestamps are ISO text, so text order is time order.
 */
export async function groupStandings(db: Kysely<DB>, groupId: number, since: string | null): Promise<StandingRow[]> {
  const inPeriod = since === null ? sql`` : sql`where created_at >= ${since}`;
  const result = await sql<{ user_id: number | string; name: string; points: number | string; solved: number | string; rank: number | string }>`
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
      select author_id, sum(earned) as points, count(*) as solved
      from first_correct ${inPeriod}
      group by author_id
    ),
    totals as (
      select m.id as user_id, m.name,
        cast(coalesce(p.points, 0) as integer) as points,
        cast(coalesce(p.solved, 0) as integer) as solved
      from members m
      left join per_student p on p.author_id = m.id
    )
    select user_id, name, points, solved, cast(rank() over (order by points desc) as integer) as rank
    from totals
    order by rank, user_id
  `.execute(db);
  return result.rows.map((r) => ({
    userId: Number(r.user_id),
    name: r.name,
    points: Number(r.points),
    solved: Number(r.solved),
    rank: Number(r.rank),
  }));
}
