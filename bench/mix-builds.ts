/**
 * The mixed run (a school at work) on PostgreSQL for one or more builds of the server, in turn, each
 * on its own copy of one seeded database: for A/B on a host whose speed drifts, as bench:builds is
 * for one read. Each round runs every build once (the order flips each round); the medians and the
 * CPU per request of the server, PostgreSQL and the load generator are printed per build, with
 * p50/p99 per kind. No baseline: the builds are each other's yardstick.
 *
 *   npm run build -w @mathclub/shared && npm run build -w @mathclub/server
 *   cp -r apps/server/dist apps/server/.ab/new   # and an older build in .ab/old (inside the repo,
 *                                                # so it finds node_modules; dist/ is git-ignored)
 *   npm run bench:mix-builds -- --entries apps/server/.ab/old/dist/server.js,apps/server/dist/server.js
 *   --rounds N (default 6), --seconds S (3), --keep (keep the seeded template), --reseed (seed it again),
 *   --shares 'text answer=0.6,review=0.4' (another mix: kinds not named get 0),
 *   --statements (the statements PostgreSQL ran, from pg_stat_statements, which must be loaded)
 *
 * The seeded school is the database mathclub_mix_template, and each build gets a copy of it; all
 * are dropped at the end, the template only without --keep (then the next run starts without the
 * ~30 s of seeding).
 */
import pg from 'pg';
import { PRODUCTION_HASH_COST } from '../apps/server/src/config.js';
import { PasswordHasher } from '../apps/server/src/lib/passwords.js';
import { cliArg, cliFlag } from './cli.js';
import { percentiles } from './compare.js';
import { PASSWORD, postgresCpuMs, postgresCpuMsSince, prepare, SERVER_PORT, untilIdle } from './harness.js';
import { processMinorFaults, runLoad, startServer, type RequestSource, type RunningServer } from './load.js';
import { MIX, schoolMix, signInSchool, type MixKind } from './school-mix.js';

const entries = cliArg('entries', 'apps/server/dist/server.js').split(',');
const rounds = Number(cliArg('rounds', '6'));
const seconds = Number(cliArg('seconds', '3'));
const admin = (process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test');
const TEMPLATE = 'mathclub_mix_template';

const sharesArg = cliArg('shares', '');
const shares: Map<string, number> | undefined = sharesArg
  ? new Map(
      sharesArg.split(',').map((pair) => {
        const [kind, share] = pair.split('=');
        return [kind!, Number(share)] as const;
      }),
    )
  : undefined;
// The mix reads its shares from MIX: another mix is MIX with other shares.
if (shares) for (const m of MIX as unknown as { kind: MixKind; share: number }[]) m.share = shares.get(m.kind) ?? 0;

async function query(text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

if (cliFlag('reseed') || !(await query(`select 1 from pg_database where datname = '${TEMPLATE}'`)).rowCount) {
  await prepare('postgres', 1, await new PasswordHasher(PRODUCTION_HASH_COST).hash(PASSWORD));
  await query(`drop database if exists ${TEMPLATE} with (force)`);
  await query(`alter database mathclub_bench_1 rename to ${TEMPLATE}`);
}

interface Build {
  entry: string;
  server: RunningServer;
  live: ReturnType<typeof schoolMix>;
  warm: ReturnType<typeof schoolMix>;
  runs: { rps: number; server: number; db: number; generator: number; faults: number }[];
}

const builds: Build[] = [];
for (const [i, entry] of entries.entries()) {
  await query(`drop database if exists mathclub_mix_${i} with (force)`);
  await query(`create database mathclub_mix_${i} template ${TEMPLATE}`);
  const url = Object.assign(new URL(admin), { pathname: `/mathclub_mix_${i}` }).toString();
  process.env.BENCH_SERVER_ENTRY = entry;
  const server = await startServer({ DATABASE_URL: url, DATA_DIR: `/tmp/mathclub-mix-${i}`, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123' }, SERVER_PORT + 2 * i);
  const actors = await signInSchool(server.url, 24, 16);
  builds.push({ entry, server, live: schoolMix(actors, { live: true, seed: 1 }), warm: schoolMix(actors, { live: false, seed: 2, readsOnly: true }), runs: [] });
}
for (const b of builds) {
  await runLoad(b.server.url, b.warm, { amount: 3000, connections: 64 });
  await untilIdle(b.server);
}

async function measured(b: Build): Promise<void> {
  await untilIdle(b.server);
  const source: RequestSource = { next: (c) => b.live.next(c), onResponse: (s, body, c) => b.live.onResponse!(s, body, c), onTimed: (c, ms, first) => b.live.onTimed!(c, ms, first) };
  const [cpu, db, generator, faults] = [b.server.cpuMs(), postgresCpuMs(), process.cpuUsage(), processMinorFaults(b.server.process.pid!)];
  const r = await runLoad(b.server.url, source, { seconds, connections: 64 });
  const used = process.cpuUsage(generator);
  b.runs.push({ rps: r.requestsPerSecond, server: (b.server.cpuMs() - cpu) / r.total, db: postgresCpuMsSince(db) / r.total, generator: (used.user + used.system) / 1000 / r.total, faults: (processMinorFaults(b.server.process.pid!) - faults) / r.total });
}

if (cliFlag('statements')) await query('select pg_stat_statements_reset()');
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? builds : [...builds].reverse();
  for (const b of order) await measured(b);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const b of builds) {
  const of = (pick: (r: Build['runs'][number]) => number) => median(b.runs.map(pick)).toFixed(3);
  console.log(`${b.entry}: ${median(b.runs.map((r) => r.rps))} req/s [${b.runs.map((r) => r.rps).join(', ')}], CPU ms a request: server ${of((r) => r.server)}, PostgreSQL ${of((r) => r.db)}, generator ${of((r) => r.generator)}; the server's page faults a request ${median(b.runs.map((r) => r.faults)).toFixed(1)}`);
  const kinds = MIX.filter((m) => b.live.tally.latencies[m.kind]?.length).map((m) => {
    const p = percentiles(b.live.tally.latencies[m.kind]!);
    return `${m.kind} ${p.p50.toFixed(0)}/${p.p99.toFixed(0)}`;
  });
  console.log(`  p50/p99 ms: ${kinds.join(' | ')}`);
  if (Object.keys(b.live.tally.failed).length) console.log(`  failed: ${JSON.stringify(b.live.tally.failed)}`);
}
if (cliFlag('statements')) {
  const top = await query(
    `select calls, round(total_exec_time::numeric, 1) as ms, round(mean_exec_time::numeric, 3) as mean, left(regexp_replace(query, '\\s+', ' ', 'g'), 140) as text
     from pg_stat_statements s join pg_database d on d.oid = s.dbid where d.datname like 'mathclub_mix_%' order by total_exec_time desc limit 25`,
  );
  for (const r of top.rows) console.log(`${String(r.calls).padStart(7)} ${String(r.ms).padStart(9)} ms ${String(r.mean).padStart(7)}  ${r.text}`);
}
for (const b of builds) await b.server.stop();
for (const i of builds.keys()) await query(`drop database if exists mathclub_mix_${i} with (force)`);
if (!cliFlag('keep')) await query(`drop database if exists ${TEMPLATE} with (force)`);
