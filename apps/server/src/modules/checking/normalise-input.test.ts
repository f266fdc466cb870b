import { describe, expect, it } from 'vitest';
import { normaliseMathInput, normaliseText } from './normalise-input.js';
import { splitSet } from './split-set.js';

describe('normaliseMathInput', () => {
  it.each([
    ['−7', '-7'],
    ['2×3', '2*3'],
    ['2·3', '2*3'],
    ['6÷4', '6/4'],
    ['6:3', '6/3'],
    ['x²+1', 'x^{2}+1'],
    ['x⁻¹', 'x^{-1}'],
    ['0,5', '0.5'],
    ['0{,}5', '0.5'],
    ['-0,125x', '-0.125x'],
    ['50%', '50\\%'],
    ['1 000 000', '1000000'],
    ['\\log_2 8', '\\log_2 8'],
    ['２', '2'],
    ['2½', '2\\frac{1}{2}'],
  ])('reads %s as %s', (input, reading) => {
    expect(normaliseMathInput(input)).toEqual([reading]);
  });

  it('gives both readings of a thousands-like decimal comma and of a product after a slash', () => {
    expect(normaliseMathInput('1,500')).toEqual(['1.500', '1500']);
    expect(normaliseMathInput('1/2x')).toEqual(['1/2x', '1/2*x']);
    expect(normaliseMathInput('1/2 x + 1')).toEqual(['1/2 x + 1', '1/2* x + 1']);
    expect(normaliseMathInput('1/2 + x')).toEqual(['1/2 + x']);
    expect(normaliseMathInput('x/2\\cdot 3')).toEqual(['x/2\\cdot 3']);
  });

  it('refuses what cannot be read safely', () => {
    expect(normaliseMathInput('2 1/2')).toEqual([]);
    expect(normaliseMathInput('1,2,3')).toEqual([]);
    expect(normaliseMathInput('   ')).toEqual([]);
  });

  it('stays linear on long hostile input', () => {
    const input = `${'1,'.repeat(20_000)}x/${'2 '.repeat(20_000)}`;
    const started = performance.now();
    normaliseMathInput(input);
    normaliseMathInput('(/'.repeat(30_000));
    // Generous bound: a super-linear pattern would take minutes here, not a second.
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('splitSet', () => {
  it('splits on commas or semicolons, ignoring braces and x= prefixes', () => {
    expect(splitSet('{x=2; x=3}')).toEqual([[['2'], ['3']]]);
    expect(splitSet('\\{1, \\frac{1}{2}\\}')).toEqual([[['1'], ['\\frac{1}{2}']]]);
    expect(splitSet('x_1 = 0,5; x_2 = -1')).toEqual([[['0.5'], ['-1']]]);
    expect(splitSet('(1, 2), (3, 4)')).toEqual([[['(1, 2)'], ['(3, 4)']]]);
    expect(splitSet('∅')).toEqual([[]]);
  });

  it('reads a comma between digits both ways in an answer, one way in a key', () => {
    expect(splitSet('0,5')).toEqual([[['0'], ['5']], [['0.5']]]);
    expect(splitSet('0,5', { isKey: true })).toEqual([[['0'], ['5']]]);
  });
});

describe('normaliseText', () => {
  it('trims, folds case, collapses whitespace and applies NFKC', () => {
    expect(normaliseText('  Прямокутний\n  ТРИКУТНИК ')).toBe('прямокутний трикутник');
    expect(normaliseText('Ｋｙｉｖ')).toBe('kyiv');
    expect(normaliseText('ﬁ')).toBe('fi');
    expect(normaliseText('М’ята')).toBe("м'ята");
  });
});
