import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Kysely } from 'kysely';
import type { Database, Dialect } from './database.js';
import * as initial from './migrations/2026112100_initial.js';
import * as sessionsValidAfter from './migrations/2026112101_sessions_valid_after.js';
import * as solutionsOpenUnique from './migrations/2026112102_solutions_open_unique.js';
import * as solutionsAuthorTaskTime from './migrations/2026112110_solutions_author_task_time.js';
import * as usersOwner from './migrations/2026112300_users_owner.js';
import * as revokedTokens from './migrations/2026112301_revoked_tokens.js';
import * as imageKeyIndexes from './migrations/2026112302_image_key_indexes.js';
import * as groupNameKeyNfkc from './migrations/2026112303_group_name_key_nfkc.js';
import * as answerKeys from './migrations/2026112316_answer_keys.js';

interface MigrationModule {
  up: (db: Kysely<unknown>, dialect: Dialect) => Promise<void>;
  down?: (db: Kysely<unknown>, dialect: Dialect) => Promise<void>;
}

/** Listed by hand (never globbed) so the compiled build finds them. Names sort by timestamp. */
const MIGRATIONS: Record<string, MigrationModule> = {
  '2026112100_initial': initial,
  '2026112101_sessions_valid_after': sessionsValidAfter,
  '2026112102_solutions_open_unique': solutionsOpenUnique,
  '2026112110_solutions_author_task_time': solutionsAuthorTaskTime,
  '2026112300_users_owner': usersOwner,
  '2026112301_revoked_tokens': revokedTokens,
  '2026112302_image_key_indexes': imageKeyIndexes,
  '2026112303_group_name_key_nfkc': groupNameKeyNfkc,
  '2026112316_answer_keys': answerKeys,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, m] of Object.entries(MIGRATIONS)) {
      const down = m.down;
      out[name] = {
        up: (db) => m.up(db, this.dialect),
        ...(down ? { down: (db: Kysely<unknown>) => down(db, this.dialect) } : {}),
      };
    }
    return out;
  }
}

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(database: Database): Promise<string[]> {
  return migrate(database);
}

/** Applies the migrations up to and including `name` only: tests of an upgrade start from there. */
export async function migrateUpTo(database: Database, name: string): Promise<string[]> {
  return migrate(database, name);
}

async function migrate(database: Database, upTo?: string): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: new StaticProvider(database.dialect),
    // Kysely looks for its bookkeeping tables across every schema unless told which one is ours.
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results } = upTo === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(upTo);
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
