import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
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
    /** The per-request account check. */
    sessionUser: SessionUserLookup;
  }
}

export {};
