import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import * as toldCounterMoves from './2026120100_told_counter_moves.js';

/**
 * The counters' triggers stop telling sessions what they moved: the read caches and the lone
 * instance that listened (pg-told-moves.ts, pg-sole-instance.ts) are gone, and every read asks the
 * database. This is exactly 2026120100 undone, so it runs that migration's `down`.
 *
 * Contract, one step: the counters themselves keep moving, because the previous release's instances
 * read them during a rolling upgrade. The release after this one drops `change_counters`,
 * `change_counter_shards`, `server_instances` and their triggers (docs/operations.md).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await toldCounterMoves.down(db, dialect);
}

export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await toldCounterMoves.up(db, dialect);
}
