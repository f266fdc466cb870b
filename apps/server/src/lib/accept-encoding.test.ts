import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptedCodings, CONTENT_CODINGS, preferredCoding } from './accept-encoding.js';

describe('preferredCoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br, zstd', 'br'], // what Chromium sends
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.4', 'gzip'],
    ['GZIP', 'gzip'],
    ['identity', null],
    ['deflate', null],
    ['*', 'br'],
    ['*;q=0', null],
    ['br;q=0, *', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['gzip;q=nonsense', null],
    ['gzip;q=2', null],
    [' , ;q=1, gzip ; q = 0.8 ', 'gzip'],
  ])('%j → %s', (header, expected) => {
    expect(preferredCoding(header)).toBe(expected);
  });

  it('never picks a coding the client refused, nor one it likes less than another we have', () => {
    const coding = fc.constantFrom('br', 'gzip', 'deflate', 'identity', '*', 'zstd');
    const q = fc.constantFrom('', ';q=0', ';q=0.3', ';q=0.7', ';q=1');
    const header = fc.array(fc.tuple(coding, q), { maxLength: 6 });
    fc.assert(
      fc.property(header, (entries) => {
        const text = entries.map(([c, w]) => c + w).join(', ');
        const weightOf = (name: string) => {
          const own = entries.find(([c]) => c === name) ?? entries.find(([c]) => c === '*');
          return own ? (own[1] === '' ? 1 : Number(own[1].slice(3))) : 0;
        };
        const chosen = preferredCoding(text);
        const best = Math.max(...CONTENT_CODINGS.map(weightOf));
        if (chosen === null) expect(best).toBe(0);
        else {
          expect(weightOf(chosen)).toBeGreaterThan(0);
          expect(weightOf(chosen)).toBe(best);
        }
      }),
    );
  });

  it('answers a header seen before as the first time, however many others came between', () => {
    const first = acceptedCodings('gzip;q=0.5, br;q=0.9');
    expect(first).toEqual(['br', 'gzip']);
    for (let i = 0; i < 200; i++) acceptedCodings(`gzip;q=0.${i % 10}, x-${i}`);
    expect(acceptedCodings('gzip;q=0.5, br;q=0.9')).toEqual(['br', 'gzip']);
    expect(acceptedCodings(`br;q=0, ${' '.repeat(300)}gzip`)).toEqual(['gzip']);
    // What it hands out cannot be changed by one caller for the next.
    expect(Object.isFrozen(acceptedCodings('gzip, br'))).toBe(true);
  });
});
