/**
 * `npm run bench:builds`: two or more server builds' CPU per request on one read, every build
 * loaded **at the same time** at the same fixed rate, so whatever the shared machine does to one
 * it does to the others. For deciding whether a change to the request path is worth keeping.
 *
 *   npm run bench:builds -- --entries OLD/dist/server.js,apps/server/dist/server.js [--db sqlite|postgres]
 *     [--read leaderboard|tasks-mine] [--rate 5000] [--rounds 6]
 *
 * Why not alternate throughput runs, as `measure` does for the report: on this 2-core machine the
 * same build's flat-out rate moved by 2× within minutes (2026-11-28), and interleaved pairs of
 * two builds gave +35 % one hour and −15 % the next for the same change. Loaded together at a
 * rate both can keep, each build's CPU per request (from /proc) moved with the host by the same
 * factor, and the ratio between them held round after round. An older build: `git worktree add
 * /tmp/old REV`, link this node_modules into it, `npx tsc -p apps/server/tsconfig.build.json` there.
 * Prints; writes no report.
 */
import { PRODUCTION_HASH_COST } from '../apps/server/src/config.js';
import { PasswordHasher } from '../apps/server/src/lib/passwords.js';
import { cliArg } from './cli.js';
import { login, PASSWORD, prepare, SERVER_PORT } from './harness.js';
import { runLoad, startServer, type RequestSpec, type RunningServer } from './load.js';

const dialect = cliArg('db', 'sqlite') === 'postgres' ? 'postgres' : 'sqlite';
const entries = cliArg('entries', 'apps/server/dist/server.js').split(',');
const rounds = Number(cliArg('rounds', '6'));
const rate = Number(cliArg('rate', '5000'));
const read = cliArg('read', 'leaderboard');
const ROUND_SECONDS = 4;
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const prepared = await prepare(dialect, 0.25, await new PasswordHasher(PRODUCTION_HASH_COST).hash(PASSWORD));
const servers: RunningServer[] = [];
try {
  for (const [i, entry] of entries.entries()) {
    process.env.BENCH_SERVER_ENTRY = entry;
    servers.push(await startServer(prepared.env, SERVER_PORT + 10 + i));
  }
  const { firstGroup } = prepared.school;
  const student = await login(servers[0]!.url, firstGroup.studentLogins[0]!);
  const path = read === 'tasks-mine' ? '/api/tasks/mine' : `/api/leaderboard?groupId=${firstGroup.id}&period=all`;
  const spec: RequestSpec = { method: 'GET', path, headers: { authorization: `Bearer ${student.token}` } };
  for (const server of servers) await runLoad(server.url, spec, { amount: 8000 });
  console.log(`[${dialect}] GET ${path}, ${rate} req/s to each of ${servers.length} builds at once, ${rounds} rounds of ${ROUND_SECONDS} s`);

  const cpuPerRequest: number[][] = entries.map(() => []);
  let slowest = Number.POSITIVE_INFINITY;
  for (let r = 0; r < rounds; r++) {
    const before = servers.map((s) => s.cpuMs());
    // Started in turn, the first build's load gets its connections first: every other round the
    // order is reversed (against itself, a build measured 102-104 % in the second place).
    const order = r % 2 ? [...servers.keys()].reverse() : [...servers.keys()];
    const started = new Map(order.map((i) => [i, runLoad(servers[i]!.url, spec, { seconds: ROUND_SECONDS, rate })]));
    const results = await Promise.all(servers.map((_, i) => started.get(i)!));
    servers.forEach((s, i) => {
      const answered = results[i]!.requestsPerSecond * ROUND_SECONDS;
      if (results[i]!.non2xx || results[i]!.errors) throw new Error(`${entries[i]}: ${results[i]!.non2xx} not 2xx, ${results[i]!.errors} errors`);
      cpuPerRequest[i]!.push((s.cpuMs() - before[i]!) / answered);
      slowest = Math.min(slowest, results[i]!.requestsPerSecond);
    });
    console.log(`  round ${r + 1}: ${results.map((x) => x.requestsPerSecond).join(' / ')} req/s, CPU ${cpuPerRequest.map((c) => c.at(-1)!.toFixed(4)).join(' / ')} ms a request`);
  }
  for (const [i, entry] of entries.entries()) {
    const ratios = cpuPerRequest[i]!.map((c, r) => c / cpuPerRequest[0]![r]!);
    const lower = ratios.filter((x) => x < 1).length;
    console.log(`  ${entry}: ${median(cpuPerRequest[i]!).toFixed(4)} ms a request; against the first: median ${(100 * median(ratios)).toFixed(1)} % (lower in ${lower} of ${rounds} rounds)`);
  }
  if (slowest < rate * 0.95) console.log(`  A build answered only ${slowest} req/s in a round: lower --rate, or the ratio mixes saturation in.`);
} finally {
  for (const server of servers) await server.stop();
  await prepared.drop();
}
