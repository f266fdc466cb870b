import { describe, expect, it } from 'vitest';
import {
  ANSWER_KEY_ERRORS,
  ANSWER_KEY_MAX,
  answerKeySchema,
  answerKeySpecSchema,
  answerKindSchema,
  autoVerdictSchema,
  checkModeSchema,
  toleranceSchema,
} from './index.js';

describe('answer key contract', () => {
  it('knows the five answer kinds and three check modes, and nothing else', () => {
    for (const k of ['none', 'number', 'expression', 'set', 'text']) expect(answerKindSchema.parse(k)).toBe(k);
    for (const m of ['manual', 'suggest', 'auto']) expect(checkModeSchema.parse(m)).toBe(m);
    expect(answerKindSchema.safeParse('regex').success).toBe(false);
    expect(checkModeSchema.safeParse('AUTO').success).toBe(false);
  });

  it('bounds the key and names the error with its i18n key', () => {
    expect(answerKeySchema.parse('  5/6 ')).toBe('5/6');
    const r = answerKeySchema.safeParse('1'.repeat(ANSWER_KEY_MAX + 1));
    expect(r.error?.issues[0]?.message).toBe(ANSWER_KEY_ERRORS.tooLong);
  });

  it('reads the tolerance from form text, defaults to exact and refuses negatives', () => {
    expect(toleranceSchema.parse(undefined)).toBe(0);
    expect(toleranceSchema.parse('')).toBe(0);
    expect(toleranceSchema.parse('0.01')).toBe(0.01);
    for (const bad of ['-0.1', 'abc', 'Infinity', '1e400', -1]) {
      expect(toleranceSchema.safeParse(bad).error?.issues[0]?.message).toBe(ANSWER_KEY_ERRORS.tolerance);
    }
  });

  it('has correct, incorrect, unsure or null as a solution verdict', () => {
    for (const v of ['correct', 'incorrect', 'unsure', null]) expect(autoVerdictSchema.parse(v)).toBe(v);
    expect(autoVerdictSchema.safeParse('maybe').success).toBe(false);
  });

  it('describes what the checker needs: a kind other than none and a non-empty key', () => {
    expect(answerKeySpecSchema.parse({ kind: 'number', key: '5/6' })).toEqual({ kind: 'number', key: '5/6', tolerance: 0 });
    expect(answerKeySpecSchema.safeParse({ kind: 'none', key: '5/6' }).success).toBe(false);
    expect(answerKeySpecSchema.safeParse({ kind: 'text', key: '  ' }).success).toBe(false);
  });
});
