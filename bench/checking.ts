/**
 * `npm run bench:checking`: the answer checker alone (PRODUCT.md §9): checks per second through
 * the worker pool and the time per check (p50/p99, from submitting to the verdict) for a realistic
 * mix of a class's answers, with the main thread's event-loop delay meanwhile. Prints; writes no report.
 *
 *   npm run bench:checking -- --checks 2000 --concurrency 16 --threads 2
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { CheckVerdict } from '@mathclub/shared';
import { createChecker } from '../apps/server/src/modules/checking/checker.js';
import type { CheckSpec } from '../apps/server/src/modules/checking/judge.js';
import { cliArg } from './cli.js';

const checks = Number(cliArg('checks', '2000'));
const concurrency = Number(cliArg('concurrency', '16'));
const threadsArg = cliArg('threads', '');
const threads = threadsArg === '' ? undefined : Number(threadsArg);

/** What a class sends to tasks with keys: mostly right or nearly right, in many spellings. */
const MIX: [weight: number, spec: CheckSpec, answers: string[]][] = [
  [4, { kind: 'number', key: '5/6' }, ['5/6', '10/12', '\\frac{5}{6}', '0,83', '6/5', '0.833', '\\frac12+\\frac13', '5:6']],
  [2, { kind: 'number', key: '2\\sqrt2' }, ['\\sqrt8', 'sqrt(8)', '2√2', '2.83', '2\\sqrt3', '√8']],
  [2, { kind: 'number', key: '0.25', tolerance: 0.01 }, ['0,25', '1/4', '0.26', '0.3', '25%']],
  [3, { kind: 'expression', key: 'x^2-5x+6' }, ['(x-2)(x-3)', '(x-3)(x-2)', '(x+2)(x+3)', 'x²-5x+6', 'x^2-5x-6']],
  [2, { kind: 'expression', key: '(a+b)^2' }, ['a^2+2ab+b^2', 'a²+b²', '(b+a)^2', 'a^2+ab+b^2']],
  [1, { kind: 'expression', key: '\\sin(2x)' }, ['2\\sin x\\cos x', '2\\sin x', '\\sin(2x)']],
  [2, { kind: 'set', key: 'x=2, x=3' }, ['2, 3', 'x=3; x=2', '{3, 2}', '2', '2, -3', 'x₁=2, x₂=3']],
  [1, { kind: 'set', key: '-1/2, 3' }, ['3; -0,5', '-1/2, 3', '0.5, 3']],
  [1, { kind: 'text', key: 'рівнобедрений' }, ['Рівнобедрений', ' рівнобедрений ', 'рівносторонній']],
];

const deck: { spec: CheckSpec; answer: string }[] = MIX.flatMap(([weight, spec, answers]) =>
  Array.from({ length: weight }, () => answers.map((answer) => ({ spec, answer }))).flat());

const checker = createChecker({ threads });
const startup = performance.now();
await checker.ready();
console.log(`checker: ${threads ?? 'default'} threads ready in ${Math.round(performance.now() - startup)} ms`);

// Warm-up: every distinct answer once, so the engine's lazy tables and the key cache are built.
await Promise.all(deck.map(({ spec, answer }) => checker.check(spec, answer)));

const latencies: number[] = [];
const verdicts: Record<CheckVerdict, number> = { correct: 0, incorrect: 0, unsure: 0 };
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();
let next = 0;
const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, async () => {
  while (next < checks) {
    const { spec, answer } = deck[next++ % deck.length]!;
    const t = performance.now();
    verdicts[await checker.check(spec, answer)]++;
    latencies.push(performance.now() - t);
  }
}));
const seconds = (performance.now() - started) / 1000;
loopDelay.disable();
await checker.close();

latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
console.log(`${checks} checks, ${concurrency} at a time: ${(checks / seconds).toFixed(0)} checks/s`);
console.log(`per check (submit → verdict): p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`);
console.log(`verdicts: ${verdicts.correct} correct, ${verdicts.incorrect} incorrect, ${verdicts.unsure} unsure`);
console.log(`main thread event-loop delay meanwhile: p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms`);
