import { ANSWER_MAX, TASK_TEXT_MAX } from '@mathclub/shared/constants';
import { describe, expect, it } from 'vitest';
import { hasMath, parseMarkdown, safeHref } from './markdown-parser';

const parse = (text: string): unknown => parseMarkdown(text);

/** `unit` repeated to exactly `length` characters. */
const fill = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

/**
 * The fastest of `runs` timings of `work` (ms): the least disturbed by other processes on a shared
 * machine and by garbage collection, for the baseline and each hostile input alike.
 */
function fastestMs(work: () => void, runs: number): number {
  let fastest = Infinity;
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    work();
    fastest = Math.min(fastest, performance.now() - start);
  }
  return fastest;
}

/** What a student or teacher really writes: prose with formulas, emphasis, a link, code and a list. */
const ORDINARY =
  'Let $x$ be the *smallest* root of $x^2 - 5x + 6 = 0$; by [Vieta](https://en.wikipedia.org/wiki/Vieta) the roots multiply to `6`, so **x = 2**.\n\n' +
  '- check: $2^2 - 10 + 6 = 0$\n- and _so on_ for the other root\n\n';

/** Inputs that made the hand-written parser quadratic or overflow its stack (issue 14), and their kin. */
const hostile = (n: number): Record<string, string> => ({
  '[': fill('[', n),
  '[a](': fill('[a](', n),
  '![': fill('![', n),
  '*': fill('*', n),
  _: fill('_', n),
  '`': fill('`', n),
  $: fill('$', n),
  '\\': fill('\\', n),
  '<': fill('<', n),
  '$a': fill('$a', n),
  '[`': fill('[`', n),
  '**a ': fill('**a ', n),
  'a*b ': fill('a*b ', n),
  'nested emphasis *_…x…_*': `${'*_'.repeat(Math.floor(n / 4))}x${'_*'.repeat(Math.floor(n / 4) - 1)}`.slice(0, n),
  'nested emphasis ***': fill('***a ', n),
  'long link destination': `[a](https://example.org/${'h'.repeat(n - 30)})`,
  'long unclosed destination': `[a](<${'h'.repeat(n - 5)}`,
  '>': fill('>', n),
  '> a\\n': fill('> a\n', n),
  'nested list': fill('- ', n),
  '$$\\n': fill('$$\n', n),
  mixed: fill('[a](*_`$\\<![x](', n),
  'mixed words': fill('*a [b $c `d <e _f ', n),
});

describe('Markdown parser on hostile input (issue 14)', () => {
  // A ratio, not an absolute time: every hostile input of the maximum length must parse in at most
  // RATIO × the time of ordinary Markdown of the same length, both measured here (the fastest of 7, after
  // a warm-up: the least disturbed by other processes and GC), so a busy or slow machine moves both
  // sides alike and the test does not flake, while a quadratic parser still fails
  // by far. The baseline is ordinary Markdown rather than one paragraph of plain prose: markdown-it
  // skips plain prose in one pass (0.06 ms for 10,000 characters), a denominator made of timer noise.
  // Measured here (2026-11-23, load average ~13, 10,000 characters, fastest of 7): markdown-it's
  // worst cases are `![` and `[` at 13–17 × ordinary text, everything else ≤ 8 ×. The hand-written
  // parser it replaced, run through this very test once before it was deleted: 1306 × (`[a](`,
  // 503 ms), 1122 × (`[`, 432 ms), 1091 × (`![`), 304 × (`[` + backtick), 198 × (mixed), 166 ×
  // (nested emphasis), 59 × (`> a` lines), and a stack overflow on 10,000 × `>` (a crashed page).
  const RATIO = 40;
  const RUNS = 7;
  const lengths = [...new Set([ANSWER_MAX, TASK_TEXT_MAX])];

  for (const length of lengths) {
    it(`parses every hostile input of ${length} characters in at most ${RATIO}× ordinary text`, () => {
      const ordinary = fill(ORDINARY, length);
      for (let warm = 0; warm < 20; warm++) parse(ordinary);
      const baseline = fastestMs(() => parse(ordinary), RUNS);
      const slow: string[] = [];
      for (const [name, text] of Object.entries(hostile(length))) {
        expect(text.length, name).toBeLessThanOrEqual(length);
        let ms: number;
        try {
          parse(text);
          parse(text);
          ms = fastestMs(() => parse(text), RUNS);
        } catch (error) {
          slow.push(`${name}: threw ${String(error)}`);
          continue;
        }
        if (ms > RATIO * baseline) slow.push(`${name}: ${ms.toFixed(1)} ms = ${(ms / baseline).toFixed(1)}× (ordinary ${baseline.toFixed(2)} ms)`);
      }
      expect(slow).toEqual([]);
    });
  }
});

describe('Markdown parser', () => {
  const types = (text: string) => parseMarkdown(text).map((t) => t.type);
  const inline = (text: string) => parseMarkdown(text).find((t) => t.type === 'inline')?.children?.map((t) => [t.type, t.content]);

  it('reads inline math like a code span, display math alone on a line or over several lines', () => {
    expect(inline('a $x^2$ b')).toEqual([['text', 'a '], ['math_inline', 'x^2'], ['text', ' b']]);
    expect(inline('a $$x$$ b $y $$ z')).toEqual([['text', 'a '], ['math_inline', 'x'], ['text', ' b $y $$ z']]);
    expect(parseMarkdown('$$x = 1$$').map((t) => [t.type, t.content])).toEqual([['math_block', 'x = 1']]);
    expect(types('text\n$$\n\\frac{1}{2}\n$$\nmore')).toEqual(['paragraph_open', 'inline', 'paragraph_close', 'math_block', 'paragraph_open', 'inline', 'paragraph_close']);
    expect(parseMarkdown('text\n$$\n\\frac{1}{2}\n$$\nmore')[3]!.content).toBe('\\frac{1}{2}');
    expect(hasMath(parseMarkdown('- *a $b$*'))).toBe(true);
    expect(hasMath(parseMarkdown('![an $x$ image](https://example.org/x.png)'))).toBe(true);
  });

  it('keeps code, an escaped dollar, a lone one and an empty formula as text', () => {
    expect(hasMath(parseMarkdown('no math, `$x$` is code\n\n```\n$y$\n```'))).toBe(false);
    expect(inline('Costs \\$5 and \\$6, a lone $ here')).toEqual([['text', 'Costs $5 and $6, a lone $ here']]);
    expect(inline('empty: $ $')).toEqual([['text', 'empty: $ $']]);
    expect(inline('$a\\$b$')).toEqual([['math_inline', 'a\\$b']]);
  });

  it('allows only http, https and mailto links', () => {
    expect(safeHref('https://example.org')).toBe('https://example.org');
    expect(safeHref(' MAILTO:a@b.c')).toBe('MAILTO:a@b.c');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.example', '/local', 'java\nscript:x', 'https:evil', '']) expect(safeHref(bad)).toBeNull();
  });
});
