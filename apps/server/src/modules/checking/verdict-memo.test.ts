import type { CheckVerdict } from '@mathclub/shared';
import { describe, expect, it } from 'vitest';
import type { CheckSpec } from './judge.js';
import { rememberingVerdicts } from './verdict-memo.js';

describe('remembered verdicts', () => {
  const counting = (verdicts: CheckVerdict[]) => {
    const asked: string[] = [];
    const check = rememberingVerdicts(async (spec: CheckSpec, answer: string) => {
      asked.push(`${spec.key} ${spec.tolerance ?? ''} ${answer}`);
      return verdicts.shift() ?? 'unsure';
    });
    return { check, asked };
  };
  const fiveSixths: CheckSpec = { kind: 'number', key: '5/6' };

  it('judges the same answer to the same key once', async () => {
    const { check, asked } = counting(['correct', 'incorrect']);
    expect(await check(fiveSixths, '0,8(3)')).toBe('correct');
    expect(await check(fiveSixths, '0,8(3)')).toBe('correct');
    expect(await check(fiveSixths, '6/5')).toBe('incorrect');
    expect(await check(fiveSixths, '6/5')).toBe('incorrect');
    expect(asked).toEqual(['5/6  0,8(3)', '5/6  6/5']);
  });

  it('keeps keys, kinds and tolerances apart', async () => {
    const { check, asked } = counting(['correct', 'incorrect', 'correct']);
    await check(fiveSixths, '0.83');
    await check({ ...fiveSixths, tolerance: 0.001 }, '0.83');
    await check({ kind: 'expression', key: '5/6' }, '0.83');
    expect(asked).toHaveLength(3);
  });

  it('never remembers unsure: a time limit or a full queue depends on the moment', async () => {
    const { check, asked } = counting(['unsure', 'correct']);
    expect(await check(fiveSixths, '10^10^10')).toBe('unsure');
    expect(await check(fiveSixths, '10^10^10')).toBe('correct');
    expect(asked).toHaveLength(2);
  });
});
