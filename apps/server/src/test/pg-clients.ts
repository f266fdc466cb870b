import pg from 'pg';

/**
 * Runs `use` on a plain PostgreSQL client (psql, a backup, an earlier release: no instance), with
 * the startup `options` given, and the details of the counter moves its session is told
 * (db/pg-told-moves.ts) as they arrive.
 */
export async function withClient<T>(url: string, use: (client: pg.Client, told: string[]) => Promise<T>, options?: string): Promise<T> {
  const client = new pg.Client({ connectionString: url, ...(options ? { options } : {}) });
  const told: string[] = [];
  client.on('notice', (notice) => {
    if (notice.message === 'mathclub moved' && notice.detail) told.push(notice.detail);
  });
  await client.connect();
  try {
    return await use(client, told);
  } finally {
    await client.end();
  }
}

/** Waits until `condition` holds, checking every 10 ms; throws naming `what` after `ms`. */
export async function until(condition: () => boolean, what: string, ms = 3_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
