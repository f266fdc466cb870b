import * as toldCounterMoves from './2026120100_told_counter_moves.js';
/**
 * The counters' triggers stop telling sessions what they moved: the lone instance that listened
 * (pg-told-moves.ts, pg-sole-instance.ts) is gone, and the read caches read the counters from the
 * tables (db/change-versions.ts). This is exactly 2026120100 undone, so it runs that migration's
 * `down`. The counters keep moving as before. `server_instances`, which only the previous
 * release's instances write, is dropped by the release after this one (docs/operations.md).
 */
export async function up(db, dialect) {
    await toldCounterMoves.down(db, dialect);
}
export async function down(db, dialect) {
    await toldCounterMoves.up(db, dialect);
}
//# sourceMappingURL=2026120700_quiet_counter_moves.js.map