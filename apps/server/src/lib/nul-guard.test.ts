import { describe, expect, it } from 'vitest';
import { assertNoNul, findNul } from './nul-guard.js';

describe('NUL guard', () => {
  it('names the path of the first string or key holding a NUL', () => {
    expect(findNul('a\u0000b')).toEqual([]);
    expect(findNul({ title: 'ok', text: 'x\u0000' })).toEqual(['text']);
    expect(findNul({ form: { answers: ['ok', 'bad\u0000'] } })).toEqual(['form', 'answers', '1']);
    expect(findNul({ ok: { ['k\u0000ey']: 1 } })).toEqual(['ok', 'k\u0000ey']);
  });

  it('finds nothing in clean values, and does not walk deeper than 64 levels', () => {
    expect(findNul({ a: 'text', b: [1, 'two', { c: null }], d: true })).toBeUndefined();
    expect(findNul(undefined)).toBeUndefined();
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 70; i++) deep = { d: deep };
    expect(findNul(deep)).toBeUndefined();
  });

  it('throws a validation error naming the field', () => {
    expect(() => assertNoNul({ answer: 'a\u0000' })).toThrow(expect.objectContaining({ statusCode: 400 }));
    expect(() => assertNoNul({ answer: 'fine' })).not.toThrow();
  });
});
