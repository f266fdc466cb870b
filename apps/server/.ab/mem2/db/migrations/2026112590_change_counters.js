import { sql } from 'kysely';
/**
 * Change counters per scope, kept by triggers (issue 15). The read caches used one change token for
 * the whole database, so every answer a student sent emptied every cached leaderboard and task list
 * of the school. Now:
 * - ('s', 0): the school's structure (users, groups, memberships, tasks) — rare writes;
 * - ('g', groupId): the solutions of that group's tasks — each answer and verdict;
 * - ('p', groupId): the points of that group — only a solution that is or was judged correct (or
 *   one deleted) moves it: an answer waiting for review, or judged incorrect, changes no board
 *   (a later answer cannot change the bonuses of an earlier correct one);
 * - ('u', userId): that student's own solutions;
 * - ('t', taskId): the solutions of that task — which columns of a cached gradebook a verdict
 *   made stale (issue 17: the 200 × 500 book is patched, not rebuilt).
 * A cached read is keyed by the counters of the scopes it depends on, so an answer in one class
 * leaves every other class's boards and lists cached. Triggers, not application code, move the
 * counters: no write path can forget one, and another instance's or a tool's writes count too.
 * Only adds a table and triggers: an instance of the previous release keeps working beside it.
 */
const STRUCTURE_TABLES = ['users', 'groups', 'user_groups', 'tasks'];
const OPS = ['insert', 'update', 'delete'];
export async function up(db, dialect) {
    await db.schema
        .createTable('change_counters')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('change_counters_pk', ['kind', 'id'])
        .execute();
    if (dialect === 'sqlite')
        await sqliteTriggers(db);
    else
        await postgresTriggers(db);
}
export async function down(db, dialect) {
    if (dialect === 'sqlite') {
        for (const table of [...STRUCTURE_TABLES, 'solutions']) {
            for (const op of OPS)
                await sql.raw(`drop trigger if exists change_counters_${table}_${op}`).execute(db);
        }
    }
    else {
        for (const table of STRUCTURE_TABLES)
            await sql.raw(`drop trigger if exists change_counters_structure on ${table}`).execute(db);
        await sql.raw('drop trigger if exists change_counters_solutions on solutions').execute(db);
        await sql.raw('drop function if exists change_counters_bump_structure()').execute(db);
        await sql.raw('drop function if exists change_counters_bump_solution()').execute(db);
    }
    await db.schema.dropTable('change_counters').execute();
}
/** A solution row that earns points (judged correct). */
const CORRECT = (row) => `(${row}.reviewed = 1 and ${row}.correct = 1)`;
const bump = (kind, idExpr, from = '') => `insert into change_counters (kind, id, version) select '${kind}', ${idExpr}, 1 ${from || 'where true'} on conflict (kind, id) do update set version = change_counters.version + 1;`;
async function sqliteTriggers(db) {
    for (const table of STRUCTURE_TABLES) {
        for (const op of OPS) {
            await sql.raw(`create trigger change_counters_${table}_${op} after ${op} on ${table} begin ${bump('s', '0')} end`).execute(db);
        }
    }
    for (const op of OPS) {
        // The row as it is after an insert or update, as it was before a delete.
        const row = op === 'delete' ? 'old' : 'new';
        const pointsMove = op === 'delete' ? 'true' : op === 'insert' ? CORRECT('new') : `(${CORRECT('new')} or ${CORRECT('old')})`;
        await sql
            .raw(`create trigger change_counters_solutions_${op} after ${op} on solutions begin ` +
            `${bump('g', 'group_id', `from tasks where id = ${row}.task_id`)} ` +
            `${bump('p', 'group_id', `from tasks where id = ${row}.task_id and ${pointsMove}`)} ` +
            `${bump('u', `${row}.author_id`)} ` +
            `${bump('t', `${row}.task_id`)} end`)
            .execute(db);
    }
}
async function postgresTriggers(db) {
    // `set search_path from current`: the functions find the table in the schema they were created in,
    // whatever the session's path (tests run each file in a schema of its own).
    await sql
        .raw(`create function change_counters_bump_structure() returns trigger language plpgsql set search_path from current as $$
       begin ${bump('s', '0')} return null; end $$`)
        .execute(db);
    await sql
        .raw(`create function change_counters_bump_solution() returns trigger language plpgsql set search_path from current as $$
       declare r record; points_move boolean;
       begin
         if tg_op = 'DELETE' then r := old; points_move := true;
         elsif tg_op = 'INSERT' then r := new; points_move := ${CORRECT('new')};
         else r := new; points_move := ${CORRECT('new')} or ${CORRECT('old')};
         end if;
         ${bump('g', 'group_id', 'from tasks where id = r.task_id')}
         if points_move then ${bump('p', 'group_id', 'from tasks where id = r.task_id')} end if;
         ${bump('u', 'r.author_id')}
         ${bump('t', 'r.task_id')}
         return null;
       end $$`)
        .execute(db);
    // Structure: once per statement (a bulk change of users is one bump); solutions: per row, for the
    // group and the author of each.
    for (const table of STRUCTURE_TABLES) {
        await sql
            .raw(`create trigger change_counters_structure after insert or update or delete on ${table} for each statement execute function change_counters_bump_structure()`)
            .execute(db);
    }
    await sql
        .raw('create trigger change_counters_solutions after insert or update or delete on solutions for each row execute function change_counters_bump_solution()')
        .execute(db);
}
//# sourceMappingURL=2026112590_change_counters.js.map