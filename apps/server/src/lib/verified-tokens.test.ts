import { describe, expect, it } from 'vitest';
import { VerifiedTokens } from './verified-tokens.js';

describe('verified tokens', () => {
  /** A verifier that accepts tokens "ok:<exp seconds>" and counts its calls. */
  const setup = (max = 3) => {
    let clock = 1_000_000;
    let calls = 0;
    const tokens = new VerifiedTokens<{ exp?: number; token: string }>(
      (token) => {
        calls++;
        const [kind, exp] = token.split(':');
        if (kind !== 'ok') throw new Error('invalid');
        return { token, ...(exp ? { exp: Number(exp) } : {}) };
      },
      max,
      () => clock,
    );
    return { tokens, calls: () => calls, advance: (ms: number) => (clock += ms) };
  };

  it('verifies a token once and serves the same payload for it until it expires, then verifies again', () => {
    const { tokens, calls, advance } = setup();
    expect(tokens.check('ok:1010')).toEqual({ token: 'ok:1010', exp: 1010 });
    expect(tokens.check('ok:1010')).toEqual({ token: 'ok:1010', exp: 1010 });
    expect(calls()).toBe(1);
    advance(9_999);
    tokens.check('ok:1010');
    expect(calls()).toBe(1);
    advance(1);
    tokens.check('ok:1010');
    expect(calls()).toBe(2);
  });

  it('never answers for a token other than the one verified, and remembers no failure', () => {
    const { tokens, calls } = setup();
    tokens.check('ok:2000');
    expect(() => tokens.check('ok:2000 ')).not.toThrow();
    expect(calls()).toBe(2);
    expect(() => tokens.check('bad:2000')).toThrow('invalid');
    expect(() => tokens.check('bad:2000')).toThrow('invalid');
    expect(calls()).toBe(4);
  });

  it('keeps no token without an expiry, and at most its bound of tokens (the oldest go first)', () => {
    const { tokens, calls } = setup(2);
    tokens.check('ok');
    tokens.check('ok');
    expect(calls()).toBe(2);
    for (const token of ['ok:2001', 'ok:2002', 'ok:2003']) tokens.check(token);
    expect(calls()).toBe(5);
    tokens.check('ok:2003');
    tokens.check('ok:2002');
    expect(calls()).toBe(5);
    tokens.check('ok:2001');
    expect(calls()).toBe(6);
  });
});
