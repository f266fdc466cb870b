import { sql, type Kysely } from 'kysely';
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
const speedBonus = (place: ReturnType<typeof sql.ref>) =>
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
 * members: activated students of the group. attempts: their solutions to the group's live tasks,
 * numbered per (student, task) by submission, with a running count of correct reviewed ones, so
 * first_correct (the count reaching 1 on a correct row) is each student's earliest correct solution
 * per task, found in the same sort. scored: task points + accuracy bonus (it was attempt 1) + speed bonus
 * (its place among the task's first correct solutions by submission time, all time). Only then is
 * the period applied, so bonuses travel with the solution they were earned by.
 * `since` is an ISO-8601 UTC instant (null: all time); stored timestamps are ISO text, so text order is time order.
 */
export async function groupStandings(db: Kysely<DB>, groupId: number, since: string | null): Promise<StandingRow[]> {
  const inPeriod = since === null ? sql`` : sql`and s.created_at >= ${since}`;
  const result = await sql<{ user_id: number | string; name: string; points: number | string; solved: number | string; rank: number | string }>`
    with members as (
      select u.id, u.name
      from user_groups ug
      join users u on u.id = ug.user_id
      where ug.group_id = ${groupId} and u.role = 'student' and u.activated = 1
    ),
    attempts as (
      select s.id, s.author_id, s.task_id, s.created_at, s.reviewed, s.correct, t.points,
        row_number() over (partition by s.author_id, s.task_id order by s.created_at, s.id) as attempt_no,
        sum(case when s.reviewed = 1 and s.correct = 1 then 1 else 0 end) over (
          partition by s.author_id, s.task_id order by s.created_at, s.id rows between unbounded preceding and current row
        ) as correct_so_far
      from tasks t
      join solutions s on s.task_id = t.id
      join members m on m.id = s.author_id
      where t.group_id = ${groupId} and t.deleted_at is null
    ),
    scored as (
      select author_id, created_at,
        points
          + case when attempt_no = 1 then ${sql.lit(ACCURACY_BONUS)} else 0 end
          + ${speedBonus(sql.ref('solver_place'))} as earned
      from (
        select author_id, task_id, created_at, points, attempt_no,
          row_number() over (partition by task_id order by created_at, id) as solver_place
        from attempts
        where reviewed = 1 and correct = 1 and correct_so_far = 1
      ) first_correct
    ),
    totals as (
      select m.id as user_id, m.name,
        cast(coalesce(sum(s.earned), 0) as integer) as points,
        cast(count(s.author_id) as integer) as solved
      from members m
      left join scored s on s.author_id = m.id ${inPeriod}
      group by m.id, m.name
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
