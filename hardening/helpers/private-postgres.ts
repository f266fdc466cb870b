import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A throwaway PostgreSQL cluster of our own (never the machine's shared one, which other suites
 * use at the same time): initdb into a temporary folder, run on its own port, restart at will.
 */
export interface PrivateCluster {
  url: string;
  port: number;
  stop: (mode?: 'fast' | 'immediate') => void;
  start: () => void;
  /** Removes the cluster's files (after stop). */
  destroy: () => void;
}

function binDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const dir = path.join(root, v, 'bin');
    if (existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  return undefined;
}

/** Why a private cluster cannot be made here, or undefined when it can. */
export function privateClusterUnavailable(): string | undefined {
  if (!binDir()) return 'PostgreSQL server binaries (initdb, pg_ctl under /usr/lib/postgresql/<v>/bin) are not installed';
  if (userInfo().uid === 0) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
      execFileSync('runuser', ['--help'], { stdio: 'ignore' });
    } catch {
      return 'running as root, but there is no postgres user or runuser to run the server as';
    }
  }
  return undefined;
}

/** initdb + start on `port`; the caller must stop() and destroy(). */
export function startPrivateCluster(port: number): PrivateCluster {
  const bin = binDir()!;
  const dir = mkdtempSync(path.join(tmpdir(), 'mathclub-pg-'));
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(bin, tool);
    const full = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    execFileSync(command, full, { stdio: ['ignore', 'ignore', 'pipe'], timeout: 60_000 });
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=50`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', '-t', '60', 'start']);
  const stop = (mode: 'fast' | 'immediate' = 'fast') => run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Runs one query on a short-lived connection. */
export async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
