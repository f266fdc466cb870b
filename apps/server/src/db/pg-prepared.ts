import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Kysely hands PostgreSQL every query as an unnamed statement, which PostgreSQL parses and plans
 * again on each run. Measured with pg_stat_statements in the bench's mixed run, planning alone was
 * as much of PostgreSQL's time as executing (5.4 s against 5.9 s): a solution fetched by its id
 * took 0.6 ms to plan and 0.04 ms to run. Here a query text seen a second time becomes a named
 * prepared statement on each pooled connection that runs it, so it is parsed once per connection;
 * with `plan_cache_mode = force_generic_plan` (set on the connections by `database.ts`) it is also
 * planned once. Our queries look rows up by keys and small lists, where a generic plan is the
 * plan a custom one would be.
 *
 * Bounded: at most `perConnection` statements a connection (a prepared statement holds memory in
 * its server process until the connection closes); texts beyond it, and texts seen once, run
 * unnamed as before. The process remembers at most 5,000 texts (`StatementNames`).
 */
export interface PreparedOptions {
  perConnection?: number;
}

const PER_CONNECTION = 200;
const TEXTS_REMEMBERED = 5_000;

/** How often a text has been seen, and its statement name once it is worth one. */
export class StatementNames {
  private readonly seen = new Map<string, string | null>();

  constructor(private readonly max = TEXTS_REMEMBERED) {}

  /** The text's statement name, or undefined while it has been seen only once (or the table is full). */
  nameFor(text: string): string | undefined {
    const known = this.seen.get(text);
    if (known) return known;
    if (known === null) {
      const name = `k_${createHash('sha1').update(text).digest('base64url')}`;
      this.seen.set(text, name);
      return name;
    }
    if (this.seen.size < this.max) this.seen.set(text, null);
    return undefined;
  }
}

type QueryFn = (...args: unknown[]) => unknown;

/** PostgreSQL's "cached plan must not change result type" (a table's columns changed under a statement). */
const isStalePlan = (err: unknown) => (err as { code?: unknown } | null)?.code === '0A000';

/** Makes `client.query(text, values)` run hot texts as named prepared statements (see above). */
export function preparedStatements(client: pg.PoolClient, names: StatementNames, options: PreparedOptions = {}): void {
  const perConnection = options.perConnection ?? PER_CONNECTION;
  const prepared = new Set<string>();
  const stale = new Set<string>();
  const query = client.query.bind(client) as QueryFn;
  (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
    const [text, values, callback] = args;
    // Only what Kysely sends: a text with parameters, promise style. Anything else runs unchanged.
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || callback !== undefined) return query(...args);
    const name = names.nameFor(text);
    if (!name || stale.has(name) || (!prepared.has(name) && prepared.size >= perConnection)) return query(text, values);
    prepared.add(name);
    return (query({ name, text, values }) as Promise<unknown>).catch((err: unknown) => {
      if (!isStalePlan(err)) throw err;
      // A migration changed a table under the statement: this connection runs the text unnamed.
      stale.add(name);
      return query(text, values);
    });
  };
}
