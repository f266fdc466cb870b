/**
 * Properties of the checker (PRODUCT.md §9): an equivalent rewrite of a random rational or small
 * polynomial is judged `correct`; a perturbed one is never `correct`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Judge } from './judge.js';

const judge = new Judge();
const frac = (p: bigint, q: bigint) => `\\frac{${p}}{${q}}`;
const signed = (n: bigint | number) => (n < 0 ? `(${n})` : `${n}`);
const nonZero = (max: number) => fc.integer({ min: -max, max }).filter((n) => n !== 0);

/** p/q with q > 0, and whether it has a finite decimal expansion (q = 2^a·5^b). */
const rationalArb = fc.record({ p: fc.integer({ min: -500, max: 500 }), q: fc.integer({ min: 1, max: 400 }) })
  .map(({ p, q }) => ({ p: BigInt(p), q: BigInt(q) }));

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));

/** The shortest decimal spelling of p/q, if it has one. */
function finiteDecimal(p: bigint, q: bigint): string | undefined {
  const g = gcd(p, q);
  [p, q] = [p / g, q / g];
  let d = q;
  let twos = 0;
  let fives = 0;
  while (d % 2n === 0n) { d /= 2n; twos++; }
  while (d % 5n === 0n) { d /= 5n; fives++; }
  if (d !== 1n) return undefined;
  const places = Math.max(twos, fives);
  const scaled = (p * 10n ** BigInt(places)) / q;
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(places + 1, '0');
  const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`.replace(/\.?0+$/, '');
  return negative ? `-${text}` : text;
}

describe('checker properties', () => {
  it('judges equivalent spellings of a rational correct', () => {
    fc.assert(
      fc.property(rationalArb, fc.integer({ min: 2, max: 9 }), fc.integer({ min: -50, max: 50 }), ({ p, q }, k, split) => {
        const key = `${p}/${q}`;
        const a = BigInt(split);
        const rewrites = [
          frac(p * BigInt(k), q * BigInt(k)),
          `${frac(a, q)}+${signed(p - a)}/${q}`,
          `${p * BigInt(k)}/${q * BigInt(k)}`.replace('-', '−'),
        ];
        const decimal = finiteDecimal(p, q);
        if (decimal) rewrites.push(decimal);
        // `9,375` is also 9375 with a thousands comma: deliberately `unsure` (see the table), so
        // the decimal comma is only generated where it has one reading.
        if (decimal && !/^-?[1-9]\d{0,2}\.\d{3}$/.test(decimal)) rewrites.push(decimal.replace('.', ','));
        for (const answer of rewrites) expect([answer, judge.check({ kind: 'number', key }, answer)]).toEqual([answer, 'correct']);
      }),
      { numRuns: 60 },
    );
  });

  it('never judges a perturbed rational correct', () => {
    fc.assert(
      fc.property(rationalArb, nonZero(1_000_000), fc.integer({ min: 1, max: 1_000_000 }), ({ p, q }, dn, dd) => {
        const key = frac(p, q);
        const perturbed = `${frac(p, q)}+${signed(dn)}/${dd}`;
        expect(judge.check({ kind: 'number', key }, perturbed)).not.toBe('correct');
        // A decimal that rounds the value is not the value either.
        const approx = (Number(p) / Number(q)).toFixed(6);
        if (finiteDecimal(p, q) === undefined) expect(judge.check({ kind: 'number', key }, approx)).not.toBe('correct');
        if (p !== q && p !== -q && p !== 0n) expect(judge.check({ kind: 'number', key }, frac(q, p))).not.toBe('correct');
      }),
      { numRuns: 60 },
    );
  });

  const quadratic = fc.record({ a: nonZero(6), r: fc.integer({ min: -9, max: 9 }), s: fc.integer({ min: -9, max: 9 }) });
  const expanded = (a: number, r: number, s: number, shift = 0) => `${a}x^2 + ${signed(-a * (r + s))}x + ${signed(a * r * s + shift)}`;

  it('judges the factored form of a random quadratic equal to its expansion, and a shifted one not', () => {
    fc.assert(
      fc.property(quadratic, nonZero(20), ({ a, r, s }, shift) => {
        const factored = `${signed(a)}(x-${signed(r)})(x-${signed(s)})`;
        expect(judge.check({ kind: 'expression', key: expanded(a, r, s) }, factored)).toBe('correct');
        expect(judge.check({ kind: 'expression', key: factored }, expanded(a, r, s))).toBe('correct');
        expect(judge.check({ kind: 'expression', key: expanded(a, r, s) }, expanded(a, r, s, shift))).not.toBe('correct');
        expect(judge.check({ kind: 'expression', key: factored }, `${signed(a)}(x-${signed(r)})(x+${signed(s)})`)).toBe(s === 0 ? 'correct' : 'incorrect');
      }),
      { numRuns: 40 },
    );
  });

  it('judges the Horner form of a random cubic in two variables correct, and a perturbed coefficient not', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -9, max: 9 }), { minLength: 4, maxLength: 4 }), fc.nat({ max: 3 }), nonZero(5), (c, at, delta) => {
        const [c0, c1, c2, c3] = c as [number, number, number, number];
        const key = `${c3}x^3y + ${signed(c2)}x^2y + ${signed(c1)}x + ${signed(c0)}`;
        const horner = `((${c3}xy + ${signed(c2)}y)x + ${signed(c1)})x + ${signed(c0)}`;
        expect(judge.check({ kind: 'expression', key }, horner)).toBe('correct');
        const p = [...c];
        p[at] = p[at]! + delta;
        const [d0, d1, d2, d3] = p as [number, number, number, number];
        const perturbed = `((${d3}xy + ${signed(d2)}y)x + ${signed(d1)})x + ${signed(d0)}`;
        expect(judge.check({ kind: 'expression', key }, perturbed)).not.toBe('correct');
      }),
      { numRuns: 40 },
    );
  });

  it('judges a set correct in any order, and never with one element changed', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: -20, max: 20 }), { minLength: 1, maxLength: 5 }), nonZero(3), (values, delta) => {
        const key = values.join(', ');
        const shuffled = [...values].reverse().map((v) => `x=${v}`).join('; ');
        expect(judge.check({ kind: 'set', key }, shuffled)).toBe('correct');
        const changed = values.map((v, i) => (i === 0 ? v + delta * 100 : v)).join(', ');
        expect(judge.check({ kind: 'set', key }, changed)).toBe('incorrect');
      }),
      { numRuns: 40 },
    );
  });
});
