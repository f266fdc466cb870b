/**
 * Only the workloads a school makes (first reads, the mixed run, a lesson's peak), on one engine,
 * for iterating on them in a few minutes. Prints; writes no report. Build the server first.
 *
 *   node_modules/.bin/tsx --conditions=source bench/school.ts --db sqlite --scale 1 --seconds 3
 *   --cpu-prof DIR   start the server with `node --cpu-prof --cpu-prof-dir DIR` (a profile at exit)
 *   --only mixed     skip the first reads and the peak
 */
import { PRODUCTION_HASH_COST } from '../apps/server/src/config.js';
import { PasswordHasher } from '../apps/server/src/lib/passwords.js';
import { cliArg, cliFlag } from './cli.js';
import { DEFAULT_SECONDS, PASSWORD, prepare, SERVER_PORT, untilIdle } from './harness.js';
import { CONNECTIONS, startServer } from './load.js';
import { signInSchool } from './school-mix.js';
import { coldReads, lessonPeak, mixedRun, pacedMixedRun } from './workloads.js';

const dialect = cliArg('db', 'sqlite') === 'postgres' ? 'postgres' : 'sqlite';
const scale = Number(cliArg('scale', '1'));
const seconds = Number(cliArg('seconds', String(DEFAULT_SECONDS)));
const profileDir = cliArg('cpu-prof', '');
const onlyMixed = cliArg('only', '') === 'mixed';
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const prepared = await prepare(dialect, scale, await new PasswordHasher(PRODUCTION_HASH_COST).hash(PASSWORD));
const server = await startServer(prepared.env, SERVER_PORT, profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []);
try {
  const run = { seconds, dialect } as const;
  if (!onlyMixed && !cliFlag('no-cold')) await coldReads(server, prepared.school);
  const groups = Math.min(24, Math.max(1, Math.round(200 * scale)));
  const actors = await signInSchool(server.url, groups, Math.max(16, Math.ceil(200 / groups)));
  await untilIdle(server);
  await mixedRun(server, actors, { ...run, connections: CONNECTIONS });
  await pacedMixedRun(server, actors, { connections: CONNECTIONS });
  if (!onlyMixed) await lessonPeak(server, prepared.school, actors, run);
} finally {
  await server.stop();
  await prepared.drop();
}
