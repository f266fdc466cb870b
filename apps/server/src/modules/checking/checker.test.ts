/**
 * The checker as the app uses it: verdicts and key validation come back from the worker pool, a
 * pathological answer is `unsure` once the time limit passes, and meanwhile other answers are
 * still checked; the overrunning worker is replaced.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_KEY_ERRORS, CHECKABLE_ANSWER_MAX } from '@mathclub/shared';
import { createChecker, type Checker } from './checker.js';

const TIME_LIMIT_MS = 1500;
/** Sums the engine expands term by term: about a minute of work without the limit. */
const SLOW_ANSWER = '\\sum_{n=1}^{100000} x^n';

describe('checker pool', () => {
  let checker: Checker;

  beforeAll(async () => {
    checker = createChecker({ threads: 2, timeLimitMs: TIME_LIMIT_MS });
    await checker.ready();
  }, 120_000);

  afterAll(async () => {
    await checker.close();
  });

  it('answers verdicts from the workers', async () => {
    const verdicts = await Promise.all([
      checker.check({ kind: 'number', key: '5/6' }, '10/12'),
      checker.check({ kind: 'number', key: '5/6' }, '6/5'),
      checker.check({ kind: 'number', key: '5/6' }, '0,83'),
      checker.check({ kind: 'number', key: '5/6', tolerance: 0.01 }, '0,83'),
      checker.check({ kind: 'expression', key: 'x^2-1' }, '(x-1)(x+1)'),
      checker.check({ kind: 'expression', key: 'x^2-1' }, 'x^2+1'),
      checker.check({ kind: 'set', key: 'x=2, x=3' }, '3; 2'),
      checker.check({ kind: 'text', key: 'Київ' }, ' КИЇВ '),
    ]);
    expect(verdicts).toEqual(['correct', 'incorrect', 'incorrect', 'correct', 'correct', 'incorrect', 'correct', 'correct']);
  });

  // Linux keeps a nice value per thread: the checking threads yield the cores to the event loop.
  it.runIf(process.platform === 'linux')('runs its threads at the lowest priority, and leaves the main thread as it was', () => {
    const nice = (tid: string) => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
    const before = nice(String(process.pid));
    const niced = readdirSync('/proc/self/task').filter((tid) => nice(tid) === 19);
    expect(niced.length).toBeGreaterThanOrEqual(2);
    expect(nice(String(process.pid))).toBe(before);
    expect(before).not.toBe(19);
  });

  it('validates keys with a preview, or names the error for validationErrors.answerKey', async () => {
    expect(await checker.parseKey('number', '\\frac{10}{12}')).toEqual({ ok: true, latex: '\\frac{5}{6}', normalised: '\\frac{10}{12}' });
    expect(await checker.parseKey('expression', 'sqrt(8)x')).toMatchObject({ ok: true, latex: '2\\sqrt{2}x' });
    expect(await checker.parseKey('set', 'x=2, x=3')).toMatchObject({ ok: true, normalised: '2; 3' });
    expect(await checker.parseKey('text', '  Київ ')).toEqual({ ok: true, latex: null, normalised: 'київ' });
    expect(await checker.parseKey('number', '\\frac{1}{')).toEqual({ ok: false, error: ANSWER_KEY_ERRORS.invalid });
    expect(await checker.parseKey('number', 'x+1')).toEqual({ ok: false, error: ANSWER_KEY_ERRORS.notANumber });
    expect(await checker.parseKey('number', '1,500')).toEqual({ ok: false, error: ANSWER_KEY_ERRORS.ambiguous });
    expect(await checker.parseKey('number', '1/0')).toEqual({ ok: false, error: ANSWER_KEY_ERRORS.invalid });
    expect(await checker.parseKey('expression', '  ')).toEqual({ ok: false, error: ANSWER_KEY_ERRORS.required });
    expect(await checker.parseKey('text', 'x'.repeat(501))).toEqual({ ok: false, error: ANSWER_KEY_ERRORS.tooLong });
  });

  it('answers unsure for pathological input: a tower of powers, a 50 KB formula, deep brackets', async () => {
    const deep = `${'('.repeat(20_000)}1${')'.repeat(20_000)}`;
    const huge = Array.from({ length: 8_000 }, (_, i) => `x^{${i}}`).join('+');
    expect(huge.length).toBeGreaterThan(50_000);
    const verdicts = await Promise.all([
      checker.check({ kind: 'number', key: '1' }, '10^10^10^10'),
      checker.check({ kind: 'number', key: '1' }, '10^{10^{10^{10}}}'),
      checker.check({ kind: 'expression', key: 'x' }, huge),
      checker.check({ kind: 'number', key: '1' }, deep),
      checker.check({ kind: 'number', key: '1' }, '1'.repeat(CHECKABLE_ANSWER_MAX + 1)),
    ]);
    expect(verdicts).toEqual(['unsure', 'unsure', 'unsure', 'unsure', 'unsure']);
  });

  it('stops an answer at the time limit and keeps checking others meanwhile', async () => {
    const order: string[] = [];
    const started = performance.now();
    const slow = checker.check({ kind: 'expression', key: 'x' }, SLOW_ANSWER).then((v) => {
      order.push('slow');
      return { verdict: v, ms: performance.now() - started };
    });
    // The other worker answers cheap checks while the first one is stuck.
    const cheap = await checker.check({ kind: 'number', key: '5/6' }, '\\frac12+\\frac13');
    order.push('cheap');
    expect(cheap).toBe('correct');

    const { verdict, ms } = await slow;
    expect(verdict).toBe('unsure');
    expect(order).toEqual(['cheap', 'slow']);
    // Without the limit this answer takes about a minute; with it, the limit plus the timer's delay.
    expect(ms).toBeLessThan(TIME_LIMIT_MS + 3_000);

    // Both workers are available again: two slow answers at once do not block a third check forever.
    const again = await Promise.all([
      checker.check({ kind: 'expression', key: 'x' }, SLOW_ANSWER),
      checker.check({ kind: 'expression', key: 'x' }, SLOW_ANSWER),
      checker.check({ kind: 'expression', key: '(x+1)^2' }, 'x^2+2x+1'),
    ]);
    expect(again).toEqual(['unsure', 'unsure', 'correct']);
  }, 60_000);

  it('terminates and replaces a worker that ignores the engine deadline', async () => {
    // The engine's own deadline is pushed past the pool's limit, so only termination can stop it.
    const hard = createChecker({ threads: 1, timeLimitMs: TIME_LIMIT_MS, softLimitMs: 600_000, queueLimitMs: 120_000 });
    await hard.ready();
    const slow = hard.check({ kind: 'expression', key: 'x' }, SLOW_ANSWER);
    const queued = hard.check({ kind: 'number', key: '5/6' }, '10/12');
    expect(await slow).toBe('unsure');
    // The one thread was terminated; the queued answer is checked by its replacement.
    expect(await queued).toBe('correct');
    await hard.close();
  }, 180_000);

  // Each thread holds its own engine (~75 MB): an idle school server gives them back.
  it.runIf(process.platform === 'linux')('lets its threads exit when no answer comes for idleMs, and starts one again for the next answer', async () => {
    // A thread's nice value (19: a checker's engine), or undefined for a thread that exited between
    // the listing and the read (a thread of the pool just closing; CI once met one).
    const niceOf = (tid: string) => {
      try {
        return Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
      } catch {
        return undefined;
      }
    };
    const engines = () => readdirSync('/proc/self/task').filter((tid) => niceOf(tid) === 19).length;
    const before = engines();
    const idle = createChecker({ threads: 2, idleMs: 300 });
    await idle.ready();
    expect(engines()).toBe(before + 2);
    const deadline = Date.now() + 10_000;
    while (engines() > before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(engines()).toBe(before);
    // The next answer waits for a thread to load the engine, and is checked, not timed out.
    expect(await idle.check({ kind: 'number', key: '5/6' }, '10/12')).toBe('correct');
    expect(engines()).toBe(before + 1);
    await idle.close();
  }, 120_000);

  it('answers unsure once closed instead of throwing', async () => {
    const own = createChecker({ threads: 1 });
    await own.ready();
    expect(await own.check({ kind: 'number', key: '2' }, '4/2')).toBe('correct');
    await own.close();
    expect(await own.check({ kind: 'number', key: '2' }, '4/2')).toBe('unsure');
  }, 120_000);
});
