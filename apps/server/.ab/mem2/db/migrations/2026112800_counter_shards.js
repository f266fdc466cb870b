import { sql } from 'kysely';
/**
 * A class's answers no longer wait for each other's commits (PostgreSQL).
 *
 * Every answer moves its group's counter ('g'), its task's ('t'), its author's ('u') and, judged
 * correct, its group's points ('p') (migration 2026112590). An UPDATE holds its row until the
 * transaction commits, and a commit waits for its WAL flush: so the answers of one group took turns,
 * one flush each, and PostgreSQL's group commit could not gather them. 64 students of one group
 * answering at once spent most of their time in `Lock:transactionid` (pg_stat_activity sampled
 * during bench's text answers: 50 of 80 backends seen), at ~550 answers a second on two cores;
 * with no counter of the group moved, 790.
 *
 * Now a solution's write moves the scope's row when nobody holds it (`FOR UPDATE SKIP LOCKED`),
 * else a row of its own in `change_counter_shards`, picked by the backend (pid % 16), so writers
 * of one group go on side by side. A scope's counter is its row's version plus its shards': every
 * committed write still moves it, in the same transaction, and counters still only grow. Quiet
 * writes (nobody holding the row) move only the row, so shards appear only under load.
 *
 * Expand, not contract: the previous release reads the scope's row alone. During a rolling
 * upgrade, a write that met a held row moves a shard it does not read, and its cached reads of
 * that scope stay as they were until the next write that finds the row free (in a busy class, one
 * of the next few). This release reads both.
 *
 * SQLite has one writer at a time and no row locks: its triggers stay as they are, and the table
 * stays empty (it exists so that both engines read counters with the same SQL).
 */
const CORRECT = (row) => `(${row}.reviewed = 1 and ${row}.correct = 1)`;
export async function up(db, dialect) {
    await db.schema
        .createTable('change_counter_shards')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('shard', 'integer', (c) => c.notNull())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('change_counter_shards_pk', ['kind', 'id', 'shard'])
        .execute();
    if (dialect === 'sqlite')
        return;
    await sql
        .raw(
    // `set search_path from current`: as in 2026112590, the functions find the tables in the
    // schema they were created in, whatever the session's path.
    `create function change_counters_bump_shared(k text, i bigint) returns void language plpgsql set search_path from current as $$
       begin
         -- A task outlives its group: no group, no group counter.
         if i is null then return; end if;
         perform 1 from change_counters where kind = k and id = i for update skip locked;
         if found then
           update change_counters set version = version + 1 where kind = k and id = i;
           return;
         end if;
         -- Not there (the scope's first write), or held by another writer (read without waiting).
         perform 1 from change_counters where kind = k and id = i;
         if not found then
           insert into change_counters (kind, id, version) values (k, i, 1) on conflict (kind, id) do nothing;
           if found then return; end if;
         end if;
         insert into change_counter_shards (kind, id, shard, version) values (k, i, pg_backend_pid() % 16, 1)
           on conflict (kind, id, shard) do update set version = change_counter_shards.version + 1;
       end $$`)
        .execute(db);
    // The same function name and trigger as 2026112590's: only its body changes.
    await sql
        .raw(`create or replace function change_counters_bump_solution() returns trigger language plpgsql set search_path from current as $$
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
         return null;
       end $$`)
        .execute(db);
}
export async function down(db, dialect) {
    if (dialect === 'postgres') {
        const bump = (kind, idExpr, from) => `insert into change_counters (kind, id, version) select '${kind}', ${idExpr}, 1 ${from} on conflict (kind, id) do update set version = change_counters.version + 1;`;
        // 2026112590's body. The shards' counts are folded into their rows first, so no counter goes back.
        await sql
            .raw(`insert into change_counters (kind, id, version) select kind, id, sum(version) from change_counter_shards group by kind, id
         on conflict (kind, id) do update set version = change_counters.version + excluded.version`)
            .execute(db);
        await sql
            .raw(`create or replace function change_counters_bump_solution() returns trigger language plpgsql set search_path from current as $$
         declare r record; points_move boolean;
         begin
           if tg_op = 'DELETE' then r := old; points_move := true;
           elsif tg_op = 'INSERT' then r := new; points_move := ${CORRECT('new')};
           else r := new; points_move := ${CORRECT('new')} or ${CORRECT('old')};
           end if;
           ${bump('g', 'group_id', 'from tasks where id = r.task_id')}
           if points_move then ${bump('p', 'group_id', 'from tasks where id = r.task_id')} end if;
           ${bump('u', 'r.author_id', 'where true')}
           ${bump('t', 'r.task_id', 'where true')}
           return null;
         end $$`)
            .execute(db);
        await sql.raw('drop function if exists change_counters_bump_shared(text, bigint)').execute(db);
    }
    await db.schema.dropTable('change_counter_shards').execute();
}
//# sourceMappingURL=2026112800_counter_shards.js.map