import { Migrator } from 'kysely/migration';
import { sql } from 'kysely';
import * as initial from './migrations/2026112100_initial.js';
import * as sessionsValidAfter from './migrations/2026112101_sessions_valid_after.js';
import * as solutionsOpenUnique from './migrations/2026112102_solutions_open_unique.js';
import * as solutionsAuthorTaskTime from './migrations/2026112110_solutions_author_task_time.js';
import * as usersOwner from './migrations/2026112300_users_owner.js';
import * as revokedTokens from './migrations/2026112301_revoked_tokens.js';
import * as imageKeyIndexes from './migrations/2026112302_image_key_indexes.js';
import * as groupNameKeyNfkc from './migrations/2026112303_group_name_key_nfkc.js';
import * as answerKeys from './migrations/2026112316_answer_keys.js';
import * as taskSchedule from './migrations/2026112530_task_schedule.js';
import * as liveEvents from './migrations/2026112540_live_events.js';
import * as classIntake from './migrations/2026112550_class_intake.js';
import * as solutionAnnotations from './migrations/2026112560_solution_annotations.js';
import * as usersDeactivatedAt from './migrations/2026112570_users_deactivated_at.js';
import * as feedbackSnippets from './migrations/2026112580_feedback_snippets.js';
import * as changeCounters from './migrations/2026112590_change_counters.js';
import * as taskCounters from './migrations/2026112700_task_counters.js';
import * as counterShards from './migrations/2026112800_counter_shards.js';
import * as serverInstances from './migrations/2026112900_server_instances.js';
import * as solutionsLeanIndexes from './migrations/2026112910_solutions_lean_indexes.js';
import * as toldCounterMoves from './migrations/2026120100_told_counter_moves.js';
import * as quietCounterMoves from './migrations/2026120700_quiet_counter_moves.js';
/** Listed by hand (never globbed) so the compiled build finds them. Names sort by timestamp. */
const MIGRATIONS = {
    '2026112100_initial': initial,
    '2026112101_sessions_valid_after': sessionsValidAfter,
    '2026112102_solutions_open_unique': solutionsOpenUnique,
    '2026112110_solutions_author_task_time': solutionsAuthorTaskTime,
    '2026112300_users_owner': usersOwner,
    '2026112301_revoked_tokens': revokedTokens,
    '2026112302_image_key_indexes': imageKeyIndexes,
    '2026112303_group_name_key_nfkc': groupNameKeyNfkc,
    '2026112316_answer_keys': answerKeys,
    '2026112530_task_schedule': taskSchedule,
    '2026112540_live_events': liveEvents,
    '2026112550_class_intake': classIntake,
    '2026112560_solution_annotations': solutionAnnotations,
    '2026112570_users_deactivated_at': usersDeactivatedAt,
    '2026112580_feedback_snippets': feedbackSnippets,
    '2026112590_change_counters': changeCounters,
    '2026112700_task_counters': taskCounters,
    '2026112800_counter_shards': counterShards,
    '2026112900_server_instances': serverInstances,
    '2026112910_solutions_lean_indexes': solutionsLeanIndexes,
    '2026120100_told_counter_moves': toldCounterMoves,
    '2026120700_quiet_counter_moves': quietCounterMoves,
};
/** Every migration's name, oldest first. */
export const migrationNames = () => Object.keys(MIGRATIONS);
class StaticProvider {
    dialect;
    constructor(dialect) {
        this.dialect = dialect;
    }
    async getMigrations() {
        const out = {};
        for (const [name, m] of Object.entries(MIGRATIONS)) {
            const down = m.down;
            out[name] = {
                up: (db) => m.up(db, this.dialect),
                ...(down ? { down: (db) => down(db, this.dialect) } : {}),
            };
        }
        return out;
    }
}
/** Applies every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(database) {
    return migrate(database);
}
/** Applies the migrations up to and including `name` only: tests of an upgrade start from there. */
export async function migrateUpTo(database, name) {
    return migrate(database, name);
}
/**
 * Migrations in the database that this release does not know: a newer release has migrated it
 * (a rolling upgrade, or a roll-back of the code). Read from Kysely's bookkeeping table; none
 * on a fresh database.
 */
export async function migrationsFromNewerRelease(database) {
    let executed;
    try {
        const table = database.schema ? sql.table(`${database.schema}.kysely_migration`) : sql.table('kysely_migration');
        executed = (await sql `select name from ${table}`.execute(database.db)).rows.map((r) => r.name);
    }
    catch {
        return { unknown: [], pending: [] };
    }
    const done = new Set(executed);
    return { unknown: executed.filter((name) => !(name in MIGRATIONS)), pending: Object.keys(MIGRATIONS).filter((name) => !done.has(name)) };
}
async function migrate(database, upTo) {
    // Migrations only add (expand, then contract in a later release: docs/operations.md), so this
    // release runs on a database a newer one has migrated; Kysely would refuse to start ("previously
    // executed migration is missing"), and an instance restarted during a rolling upgrade would stay
    // down. It starts without migrating when every migration of its own is in; if one is missing
    // after a newer one, the database cannot be brought to this release: that is refused.
    if (upTo === undefined) {
        const { unknown, pending } = await migrationsFromNewerRelease(database);
        if (unknown.length > 0) {
            if (pending.length > 0) {
                throw new Error(`The database was migrated by a newer release (${unknown.join(', ')}) but lacks this release's ${pending.join(', ')}: run the newer release`);
            }
            console.warn(`The database was migrated by a newer release (${unknown.join(', ')}); this release runs on it without migrating.`);
            return [];
        }
    }
    const migrator = new Migrator({
        db: database.db,
        provider: new StaticProvider(database.dialect),
        // Kysely looks for its bookkeeping tables across every schema unless told which one is ours.
        ...(database.schema ? { migrationTableSchema: database.schema } : {}),
    });
    const { error, results } = upTo === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(upTo);
    if (error) {
        const failed = results?.find((r) => r.status === 'Error');
        throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error.message ?? String(error)}`, { cause: error });
    }
    const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    // New tables and indexes: fresh planner statistics for them (database.ts, optimizeSqlite).
    if (applied.length > 0 && database.dialect === 'sqlite') {
        await sql `pragma analysis_limit = 1000`.execute(database.db);
        await sql `pragma optimize = 0x10002`.execute(database.db);
    }
    return applied;
}
/**
 * The previous release's instances, alone on PostgreSQL, answered reads from counts of their own
 * and stop within 1.5 s of seeing another connection. This release waits that out before its first
 * write when one heartbeated lately, so none of them serves a read older than its writes.
 * Goes with `server_instances` in the next release.
 */
export async function letEarlierInstancesSeeUs(database, waitMs = 1750) {
    if (database.dialect !== 'postgres')
        return;
    const table = database.schema ? sql.table(`${database.schema}.server_instances`) : sql.table('server_instances');
    const recent = await sql `select 1 as n from ${table} where stopped_at is null and seen_at > now() - interval '5 seconds' limit 1`
        .execute(database.db)
        .catch(() => ({ rows: [] }));
    if (recent.rows.length > 0)
        await new Promise((resolve) => setTimeout(resolve, waitMs));
}
//# sourceMappingURL=migrate.js.map