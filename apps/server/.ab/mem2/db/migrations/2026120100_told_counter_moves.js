import { sql } from 'kysely';
/**
 * The change counters' triggers tell the session that made a write which counters it moved, as a
 * NOTICE on that session's own connection (PostgreSQL), when the session asks for it with the
 * setting `mathclub.told_moves = on` (db/pg-told-moves.ts; the instance's pool sets it at connect).
 *
 * Why: an instance that is alone on its database (db/pg-sole-instance.ts) sees every write there
 * is on its own connections, so with this it can count every counter's moves itself and answer the
 * account check's counters and every change token without a query. Until now each of its own
 * writes made it read every account's counters again: in the bench's mixed run on PostgreSQL that
 * query was 23.5 % of PostgreSQL's execution time (2,475 batches of ~15 accounts, 0.5 ms each, for
 * 37,376 requests), more than any other statement.
 *
 * The notice comes from the trigger itself, so, as with the counters, no write path can forget to
 * tell: each trigger tells the scopes it moved ('g5 p5 u12 t40', 'k3 e0 k0', 'r0'), and a
 * statement on `revoked_tokens` (a logout) tells 'a0', because the account check reads those too.
 * A session without the setting (psql, a backup, an earlier release's instance) is told nothing.
 *
 * Expand, not contract: the counters move exactly as before, and an earlier release, which never
 * sets the setting, works unchanged during a rolling upgrade. SQLite needs none of it: one
 * process's one connection writes, and its change stamp sees every write (sqlite-change-stamp.ts).
 */
/** The previous bodies' check (2026112800), as `CORRECT` there. */
const CORRECT = (row) => `(${row}.reviewed = 1 and ${row}.correct = 1)`;
/**
 * The one NOTICE a trigger raises for what it moved, when `told` and the session asked: the scopes'
 * keys in one detail, space-separated (a null part, a task of a deleted group, is left out). One
 * per trigger call, not one per counter: each RAISE costs PostgreSQL ~25 µs (an answer's insert
 * went from 0.34 to 0.44 ms with one per counter, in the bench's mixed run).
 */
const tell = (told, keysExpr) => told ? `if current_setting('mathclub.told_moves', true) = 'on' then raise notice 'mathclub moved' using detail = ${keysExpr}; end if;` : '';
// As in 2026112700: a task outlives its group (deleting a group sets its tasks' group to null).
const bump = (kind, idExpr) => `insert into change_counters (kind, id, version) select '${kind}', ${idExpr}, 1 where ${idExpr} is not null on conflict (kind, id) do update set version = change_counters.version + 1;`;
/** 2026112800's solutions' trigger, telling its moves when `told` (its SQL copied, not imported: a migration's text stays as it ran). */
const solutionBump = (told) => `create or replace function change_counters_bump_solution() returns trigger language plpgsql set search_path from current as $$
   declare r record; points_move boolean; gid bigint;
   begin
     if tg_op = 'DELETE' then r := old; points_move := true;
     elsif tg_op = 'INSERT' then r := new; points_move := ${CORRECT('new')};
     else r := new; points_move := ${CORRECT('new')} or ${CORRECT('old')};
     end if;
     select tasks.group_id into gid from tasks where tasks.id = r.task_id;
     perform change_counters_bump_shared('g', gid);
     if points_move then perform change_counters_bump_shared('p', gid); end if;
     perform change_counters_bump_shared('u', r.author_id);
     perform change_counters_bump_shared('t', r.task_id);
     ${tell(told, `concat_ws(' ', 'g' || gid, case when points_move then 'p' || gid end, 'u' || r.author_id, 't' || r.task_id)`)}
     return null;
   end $$`;
/** 2026112700's roster trigger, telling its move when `told`. */
const rosterBump = (told) => `create or replace function change_counters_bump_roster() returns trigger language plpgsql set search_path from current as $$
   begin ${bump('r', '0')} ${tell(told, "'r0'")} return null; end $$`;
/** 2026112700's tasks' trigger, telling its moves when `told`. */
const taskBump = (told) => `create or replace function change_counters_bump_task() returns trigger language plpgsql set search_path from current as $$
   declare moved text := 'k0';
   begin
     if tg_op <> 'INSERT' then ${bump('k', 'old.group_id')} ${bump('e', '0')} moved := concat_ws(' ', moved, 'k' || old.group_id, 'e0'); end if;
     if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.group_id is distinct from old.group_id) then ${bump('k', 'new.group_id')} moved := concat_ws(' ', moved, 'k' || new.group_id); end if;
     ${bump('k', '0')}
     ${tell(told, 'moved')}
     return null;
   end $$`;
export async function up(db, dialect) {
    if (dialect === 'sqlite')
        return;
    await sql.raw(solutionBump(true)).execute(db);
    await sql.raw(rosterBump(true)).execute(db);
    await sql.raw(taskBump(true)).execute(db);
    await sql
        .raw(`create or replace function change_counters_told_revocation() returns trigger language plpgsql as $$
       begin ${tell(true, "'a0'")} return null; end $$`)
        .execute(db);
    // Idempotent, as the functions are (`create or replace`).
    await sql.raw('drop trigger if exists change_counters_told_revocation on revoked_tokens').execute(db);
    await sql
        .raw('create trigger change_counters_told_revocation after insert or update or delete on revoked_tokens for each statement execute function change_counters_told_revocation()')
        .execute(db);
}
export async function down(db, dialect) {
    if (dialect === 'sqlite')
        return;
    await sql.raw('drop trigger if exists change_counters_told_revocation on revoked_tokens').execute(db);
    await sql.raw('drop function if exists change_counters_told_revocation()').execute(db);
    await sql.raw(solutionBump(false)).execute(db);
    await sql.raw(rosterBump(false)).execute(db);
    await sql.raw(taskBump(false)).execute(db);
}
//# sourceMappingURL=2026120100_told_counter_moves.js.map