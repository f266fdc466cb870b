/**
 * `npm run bench:answers`: only the text answers' line of the full run (64 writers, 2,000
 * answers, each a different student and task, warmed with 3,000 of their own), on one engine, for
 * iterating on the write path in a minute. Prints; writes no report.
 *
 *   npm run bench:answers -- --db postgres [--scale 1] [--cpu-prof DIR] [--node-args '--trace-gc']
 *   (build the server first: npm run build -w @mathclub/shared -w @mathclub/server)
 */
import { PRODUCTION_HASH_COST } from '../apps/server/src/config.js';
import { PasswordHasher } from '../apps/server/src/lib/passwords.js';
import { cliArg } from './cli.js';
import { DEFAULT_SECONDS, login, measure, PASSWORD, prepare, SERVER_PORT, writeWarmup } from './harness.js';
import { startServer, textAnswerSpec } from './load.js';

const dialect = cliArg('db', 'postgres') === 'sqlite' ? 'sqlite' : 'postgres';
const scale = Number(cliArg('scale', '1'));
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
/** As in run.ts: the line's answers (warmed by writeWarmup). */
const TEXT_ANSWERS = 2000;

const prepared = await prepare(dialect, scale, await new PasswordHasher(PRODUCTION_HASH_COST).hash(PASSWORD));
const profileDir = cliArg('cpu-prof', '');
const nodeArgs = [...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []), ...cliArg('node-args', '').split(' ').filter(Boolean)];
const server = await startServer(prepared.env, SERVER_PORT, nodeArgs);
try {
  const { firstGroup } = prepared.school;
  const students = await Promise.all(firstGroup.studentLogins.map((l) => login(server.url, l)));
  const pairs = students.flatMap((s) => firstGroup.openTaskIds.map((taskId) => ({ token: s.token, taskId })));
  const count = Math.min(TEXT_ANSWERS, pairs.length);
  let cursor = 0;
  const sample = textAnswerSpec(pairs[cursor++]!);
  const warmup = await writeWarmup(server.url, prepared.school);
  await measure(
    server,
    'POST /api/solutions (text)',
    { sample, next: () => textAnswerSpec(pairs[cursor++ % pairs.length]!) },
    { seconds: Number(cliArg('seconds', String(DEFAULT_SECONDS))), dialect, amount: count, pairs: 1, warmup: warmup.count },
    warmup.source,
  );
} finally {
  await server.stop();
  await prepared.drop();
}
