/**
 * A/B of server builds on the judged lines of bench/README.md, in one run: each round starts every
 * build in turn (the order flips each round) on its own copy of one seeded school and measures
 *   1. the school mix paced at 500 requests a second (p99 per kind), and at 1,000 as headroom;
 *   2. a lesson's peak: 30 students send checked answers within one second while the school reads
 *      at 500 a second (the answers' p99, the reads' p99);
 *   3. the server's RSS after 30 s quiet;
 * and, as capacity, the mix flat out on 64 connections (req/s). Medians over the rounds.
 *
 *   npm run build -w @mathclub/shared && npm run build -w @mathclub/server
 *   cp -r apps/server/dist apps/server/.ab/old/    # another build, inside the repo so it finds node_modules
 *   npm run bench:ab -- --builds old=apps/server/.ab/old/dist/server.js,new=apps/server/dist/server.js --db both
 *   --rounds N (3), --scale S (1), --quiet-seconds Q (30); a build may add environment variables:
 *   `name=path+VAR=value+VAR2=value`; NODE_ARGS=... are flags for node itself (`NODE_ARGS=--trace-gc`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PRODUCTION_HASH_COST } from '../apps/server/src/config.js';
import { PasswordHasher } from '../apps/server/src/lib/passwords.js';
import { cliArg } from './cli.js';
import { PASSWORD, prepare, WORK } from './harness.js';
import { JUDGED_SENT, measureJudged, summarize, worstKind, type Build, type Engine, type Measured } from './judged.js';

const builds: Build[] = cliArg('builds', 'current=apps/server/dist/server.js')
  .split(',')
  .map((spec) => {
    const name = spec.slice(0, spec.indexOf('='));
    const [entry, ...vars] = spec.slice(name.length + 1).split('+');
    return { name, entry: entry!, env: Object.fromEntries(vars.map((v) => [v.slice(0, v.indexOf('=')), v.slice(v.indexOf('=') + 1)])) };
  });
const rounds = Number(cliArg('rounds', '3'));
const scale = Number(cliArg('scale', '1'));
const quietSeconds = Number(cliArg('quiet-seconds', '30'));
const engines: Engine[] = cliArg('db', 'both') === 'both' ? ['sqlite', 'postgres'] : [cliArg('db', 'sqlite') as Engine];
// prepare() seeds PostgreSQL at DATABASE_URL (this machine's test database unless told otherwise).
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const results: Record<string, Record<string, Measured[]>> = {};
const hash = await new PasswordHasher(PRODUCTION_HASH_COST).hash(PASSWORD);
let n = 0;
for (const engine of engines) {
  const prepared = await prepare(engine, scale, hash);
  results[engine] = Object.fromEntries(builds.map((b) => [b.name, []]));
  try {
    for (let round = 0; round < rounds; round++) {
      for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
        const m = await measureJudged(build, prepared, engine, ++n, { scale, quietSeconds });
        results[engine]![build.name]!.push(m);
        console.log(
          `${engine} round ${round + 1} ${build.name}: paced p99 ${m.paced.p99.toFixed(1)} ms (worst kind ${worstKind(m).toFixed(1)}), errors ${m.paced.errors}; 1000/s p99 ${m.headroom.p99.toFixed(1)}; flat out ${m.flatOut.requestsPerSecond} req/s; peak answers p99 ${m.peak.answersP99.toFixed(0)} ms (${m.peak.accepted} accepted), reads p99 ${m.peak.readsP99.toFixed(1)}; RSS quiet ${m.quietRssMb} MB (anon ${m.quietRssSplit.anonMb}, files ${m.quietRssSplit.fileMb}; heap ${m.quietHeap.usedMb} of ${m.quietHeap.totalMb}, external ${m.quietHeap.externalMb}), peak ${m.peakRssMb} MB`,
        );
      }
    }
  } finally {
    await prepared.drop();
  }
  console.log(`\n${engine}, medians of ${rounds} rounds:`);
  console.log('| build | paced 500/s p99 (worst kind) | errors | 1000/s p99 | flat out req/s | peak answers p99 | peak reads p99 | RSS quiet | CPU ms/req |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const b of builds) {
    const j = summarize(results[engine]![b.name]!);
    console.log(
      `| ${b.name} | ${j.pacedP99.toFixed(1)} (${j.worstKindP99.toFixed(1)}) | ${j.errors} | ${j.headroomP99.toFixed(1)} | ${j.flatOutRequestsPerSecond} | ${j.peakAnswersP99.toFixed(0)} | ${j.peakReadsP99.toFixed(1)} | ${j.quietRssMb} | ${j.cpuMsPerRequest.toFixed(2)} |`,
    );
    for (const k of j.kinds) if (k.sent >= JUDGED_SENT) console.log(`|   ${k.kind} | ${k.p99.toFixed(1)} | | | | | | | |`);
  }
}
mkdirSync(WORK, { recursive: true });
const out = path.join(WORK, `ab-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(out, JSON.stringify({ builds, rounds, scale, results }, null, 2));
console.log(`\nwritten ${out}`);
