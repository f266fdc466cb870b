import { sql } from 'kysely';
/**
 * The school's structure counter split in two (issue 15). ('s', 0) moved with every write to users,
 * groups, memberships *and tasks*, and every cached read depends on it: one task posted for 7-B
 * emptied every class's leaderboards and task lists (the bench's mixed run recomputed the boards
 * 1,438 times, 2.1 s of its 7.9 s of SQL, mostly for that). Now:
 * - ('r', 0): the roster — users, groups, memberships;
 * - ('k', groupId): the tasks of that group — a task created, edited, scheduled or deleted;
 * - ('k', 0): every task of the school (a read that does not name its groups depends on this one);
 * - ('e', 0): every task already there — edits and deletions, not new tasks: a student's own
 *   solutions name only tasks they answered, so a task posted anywhere leaves those lists cached
 *   (with ('k', 0) the mixed run recomputed 80 % of them).
 * Expand, not contract: ('s', 0) keeps moving exactly as before, so an instance of the previous
 * release, which reads only it, still sees every change during a rolling upgrade (one more row
 * upserted per write to those tables). The next release may stop moving it.
 */
const ROSTER_TABLES = ['users', 'groups', 'user_groups'];
const OPS = ['insert', 'update', 'delete'];
// `where … is not null`: a task outlives its group (deleting a group sets its tasks' group to null).
const bump = (kind, idExpr) => `insert into change_counters (kind, id, version) select '${kind}', ${idExpr}, 1 where ${idExpr} is not null on conflict (kind, id) do update set version = change_counters.version + 1;`;
export async function up(db, dialect) {
    if (dialect === 'sqlite')
        await sqliteTriggers(db);
    else
        await postgresTriggers(db);
}
export async function down(db, dialect) {
    if (dialect === 'sqlite') {
        for (const table of [...ROSTER_TABLES, 'tasks']) {
            for (const op of OPS)
                await sql.raw(`drop trigger if exists change_counters_${table}_${op}_scoped`).execute(db);
        }
    }
    else {
        for (const table of ROSTER_TABLES)
            await sql.raw(`drop trigger if exists change_counters_roster on ${table}`).execute(db);
        await sql.raw('drop trigger if exists change_counters_tasks on tasks').execute(db);
        await sql.raw('drop function if exists change_counters_bump_roster()').execute(db);
        await sql.raw('drop function if exists change_counters_bump_task()').execute(db);
    }
    await sql `delete from change_counters where kind in ('r', 'k', 'e')`.execute(db);
}
async function sqliteTriggers(db) {
    for (const table of ROSTER_TABLES) {
        for (const op of OPS) {
            await sql.raw(`create trigger change_counters_${table}_${op}_scoped after ${op} on ${table} begin ${bump('r', '0')} end`).execute(db);
        }
    }
    for (const op of OPS) {
        // An edit may move a task to another group: both groups' lists change.
        const groups = op === 'insert' ? ['new'] : op === 'delete' ? ['old'] : ['old', 'new'];
        await sql
            .raw(`create trigger change_counters_tasks_${op}_scoped after ${op} on tasks begin ` +
            `${groups.map((row) => bump('k', `${row}.group_id`)).join(' ')} ${bump('k', '0')} ${op === 'insert' ? '' : bump('e', '0')} end`)
            .execute(db);
    }
}
async function postgresTriggers(db) {
    // `set search_path from current`: as in 2026112590, the functions find the table in the schema
    // they were created in, whatever the session's path.
    await sql
        .raw(`create function change_counters_bump_roster() returns trigger language plpgsql set search_path from current as $$
       begin ${bump('r', '0')} return null; end $$`)
        .execute(db);
    await sql
        .raw(`create function change_counters_bump_task() returns trigger language plpgsql set search_path from current as $$
       begin
         if tg_op <> 'INSERT' then ${bump('k', 'old.group_id')} ${bump('e', '0')} end if;
         if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.group_id is distinct from old.group_id) then ${bump('k', 'new.group_id')} end if;
         ${bump('k', '0')}
         return null;
       end $$`)
        .execute(db);
    // The roster once per statement (a roster import is one bump); tasks per row, for each one's group.
    for (const table of ROSTER_TABLES) {
        await sql
            .raw(`create trigger change_counters_roster after insert or update or delete on ${table} for each statement execute function change_counters_bump_roster()`)
            .execute(db);
    }
    await sql.raw('create trigger change_counters_tasks after insert or update or delete on tasks for each row execute function change_counters_bump_task()').execute(db);
}
//# sourceMappingURL=2026112700_task_counters.js.map