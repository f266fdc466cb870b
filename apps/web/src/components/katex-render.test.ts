import { describe, expect, it } from 'vitest';
import { renderMath } from './katex-render';

const rows = (n: number, row: string) => Array.from({ length: n }, () => row).join('');

describe('renderMath: formulas taller than 20 em are held in a scrolling box (issue 50)', () => {
  it.each([
    ['a negative \\raisebox', '\\raisebox{-5000em}{y}'],
    ['a negative \\rule depth', '\\rule[-5000em]{1em}{1em}'],
    ['stacked rules', `\\begin{matrix}${rows(40, '\\rule{1em}{20em}\\\\')}\\end{matrix}`],
    ['row gaps', `\\begin{matrix}${rows(10, 'a\\\\[20em]')}b\\end{matrix}`],
  ])('%s is wrapped in .math-tall', (_, tex) => {
    expect(renderMath(tex, false)).toMatch(/^<span class="math-tall">/);
    expect(renderMath(tex, true)).toMatch(/^<span class="math-tall">/);
  });
  it.each(['x^2 + y^2', '\\frac{1}{2}', '\\sum_{i=1}^{n} i^2', '\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}'])('%s is left as KaTeX draws it', (tex) => {
    expect(renderMath(tex, false)).not.toContain('math-tall');
  });
});
