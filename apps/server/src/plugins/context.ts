import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { ChangeTokenReader } from '../db/change-tokens.js';
import type { Dialect } from '../db/database.js';
import type { DB } from '../db/schema.js';
import type { PasswordHasher } from '../lib/passwords.js';
import type { SessionUserLookup } from '../modules/users/session-user-lookup.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<DB>;
    dialect: Dialect;
    passwords: PasswordHasher;
    /** The per-request account check (batched on PostgreSQL). */
    sessionUser: SessionUserLookup;
    /** The change token of a scope, for a cached read the request's own counters do not cover. */
    changeTokens: ChangeTokenReader;
  }
}

export {};
