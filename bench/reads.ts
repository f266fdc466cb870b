/**
 * `npm run bench:reads`: only the authenticated reads, on one engine, for iterating on the read
 * path in a minute instead of the full run's six. Prints; writes no report.
 *
 *   npm run bench:reads -- --db postgres --scale 0.25 --seconds 3 [--only REGEX]
 *   (--only: the lines whose name matches, e.g. --only 'leaderboard|br';
 *    --cpu-prof DIR: the server runs under node --cpu-prof and writes its profile to DIR on exit)
 *   (PostgreSQL uses DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test, for its
 *   throwaway database; build the server first: npm run build -w @mathclub/shared -w @mathclub/server)
 */
import { PRODUCTION_HASH_COST } from '../apps/server/src/config.js';
import { PasswordHasher } from '../apps/server/src/lib/passwords.js';
import { cliArg } from './cli.js';
import { BROWSER_ACCEPT_ENCODING, DEFAULT_SECONDS, login, measure as measureLine, PASSWORD, prepare, SERVER_PORT } from './harness.js';
import { startServer } from './load.js';

const dialect = cliArg('db', 'postgres') === 'sqlite' ? 'sqlite' : 'postgres';
const scale = Number(cliArg('scale', '0.25'));
const seconds = Number(cliArg('seconds', String(DEFAULT_SECONDS)));
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const prepared = await prepare(dialect, scale, await new PasswordHasher(PRODUCTION_HASH_COST).hash(PASSWORD));
const profileDir = cliArg('cpu-prof', '');
const server = await startServer(prepared.env, SERVER_PORT, profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []);
try {
  const { firstGroup, bigGroup } = prepared.school;
  const teacher = await login(server.url, firstGroup.teacherLogin);
  const student = await login(server.url, firstGroup.studentLogins[0]!);
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const run = { seconds, dialect } as const;
  const only = new RegExp(cliArg('only', '.'), 'i');
  const measure = (...args: Parameters<typeof measureLine>) => (only.test(args[1]) ? measureLine(...args) : Promise.resolve(undefined));
  await measure(server, 'GET /api/tasks/mine (student)', { method: 'GET', path: '/api/tasks/mine', headers: auth(student.token) }, run);
  await measure(server, 'GET /api/tasks (teacher)', { method: 'GET', path: '/api/tasks', headers: auth(teacher.token) }, run);
  await measure(server, 'GET /api/solutions?reviewed=false (teacher)', { method: 'GET', path: '/api/solutions?reviewed=false', headers: auth(teacher.token) }, run);
  await measure(server, 'GET /api/leaderboard (student)', { method: 'GET', path: `/api/leaderboard?groupId=${firstGroup.id}&period=all`, headers: auth(student.token) }, run);
  const bigStudent = await login(server.url, bigGroup.studentLogin);
  await measure(server, 'GET /api/tasks/mine (50×200 group)', { method: 'GET', path: '/api/tasks/mine', headers: auth(bigStudent.token) }, run);
  await measure(server, 'GET /api/tasks/mine (50×200 group, br)', { method: 'GET', path: '/api/tasks/mine', headers: { ...auth(bigStudent.token), 'accept-encoding': BROWSER_ACCEPT_ENCODING } }, run);
  console.log(`  server RSS: ${server.memory().rssMb} MB`);
} finally {
  await server.stop();
  await prepared.drop();
}
