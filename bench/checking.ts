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

/**
 * What a class sends to tasks with keys: mostly right or nearly right, in many spellings. Numbers
 * are drawn afresh for every check, so neither the engine's caches nor the key cache flatter it.
 */
const int = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;
const signed = (n: number) => (n < 0 ? `- ${-n}` : `+ ${n}`);

const TEMPLATES: [weight: number, make: () => { spec: CheckSpec; answer: string }][] = [
  [4, () => {
    const [p, q, k] = [int(1, 40), int(2, 40), int(2, 5)];
    return { spec: { kind: 'number', key: `${p}/${q}` }, answer: pick([`${k * p}/${k * q}`, `\\frac{${p}}{${q}}`, `${q}/${p}`, (p / q).toFixed(2).replace('.', ','), `${p}:${q}`]) };
  }],
  [2, () => {
    const [a, b] = [int(2, 9), pick([2, 3, 5, 6, 7])];
    return { spec: { kind: 'number', key: `${a}\\sqrt{${b}}` }, answer: pick([`\\sqrt{${a * a * b}}`, `sqrt(${a * a * b})`, `${a}√${b + 1}`, (a * Math.sqrt(b)).toFixed(2)]) };
  }],
  [2, () => {
    const v = int(1, 99) / 100;
    return { spec: { kind: 'number', key: String(v), tolerance: 0.01 }, answer: pick([String(v).replace('.', ','), String(v + 0.01), String(v + 0.05), `${Math.round(v * 100)}%`]) };
  }],
  [3, () => {
    const [r, t] = [int(-9, 9), int(-9, 9)];
    const key = `x^2 ${signed(-(r + t))}x ${signed(r * t)}`;
    return { spec: { kind: 'expression', key }, answer: pick([`(x ${signed(-r)})(x ${signed(-t)})`, `(x ${signed(-t)})(x ${signed(-r)})`, `(x ${signed(r)})(x ${signed(t)})`, `x² ${signed(-(r + t))}x ${signed(r * t + 1)}`]) };
  }],
  [2, () => {
    const k = int(2, 9);
    return { spec: { kind: 'expression', key: `(a+${k}b)^2` }, answer: pick([`a^2+${2 * k}ab+${k * k}b^2`, `a^2+${k * k}b^2`, `(${k}b+a)^2`]) };
  }],
  [1, () => ({ spec: { kind: 'expression', key: '\\sin(2x)' }, answer: pick(['2\\sin x\\cos x', '2\\sin x', '\\sin(2x)']) })],
  [2, () => {
    const [r, t] = [int(-9, 9), int(10, 19)];
    return { spec: { kind: 'set', key: `x=${r}, x=${t}` }, answer: pick([`${t}; ${r}`, `x=${r}, x=${t}`, `${r}`, `${r}, ${-t}`, `{${t}, ${r}}`]) };
  }],
  [1, () => ({ spec: { kind: 'text', key: 'рівнобедрений' }, answer: pick(['Рівнобедрений', ' рівнобедрений ', 'рівносторонній']) })],
];
const weighted = TEMPLATES.flatMap(([weight, make]) => Array.from({ length: weight }, () => make));
const draw = () => pick(weighted)();

const rssBefore = process.memoryUsage().rss;
const checker = createChecker({ threads });
const startup = performance.now();
await checker.ready();
const rssMb = Math.round((process.memoryUsage().rss - rssBefore) / 1e6);
console.log(`checker: ${threads ?? 'default'} threads ready in ${Math.round(performance.now() - startup)} ms, +${rssMb} MB RSS`);

// Warm-up: the engine builds lazy tables on first use of each kind of expression.
await Promise.all(Array.from({ length: 100 }, () => draw()).map(({ spec, answer }) => checker.check(spec, answer)));

const latencies: number[] = [];
const verdicts: Record<CheckVerdict, number> = { correct: 0, incorrect: 0, unsure: 0 };
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();
let next = 0;
const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, async () => {
  while (next < checks) {
    next++;
    const { spec, answer } = draw();
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
