import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deflatePiece, deflatesWaiting, gzipOfPieces } from './segmented-gzip.js';

describe('gzipOfPieces', () => {
  it('is a gzip body of the pieces concatenated, whatever their number, sizes and bytes (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(fc.uint8Array({ maxLength: 3000 }), fc.string({ maxLength: 5000 }).map((s) => new TextEncoder().encode(s.repeat(3)))), { maxLength: 12 }), fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }), async (parts, chained) => {
        // Some pieces refer back to the one before them (a preset dictionary), some do not.
        const pieces = await Promise.all(parts.map((p, i) => deflatePiece(Buffer.from(p), chained[i] && i > 0 ? Buffer.from(parts[i - 1]!) : undefined)));
        expect(gunzipSync(gzipOfPieces(pieces)).equals(Buffer.concat(parts))).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('compresses JSON pieces chained by their dictionaries within a few per cent of one stream', async () => {
    const states = ['none', 'correct', 'incorrect', 'waiting'];
    const column = (t: number) =>
      Buffer.from(Array.from({ length: 200 }, (_, s) => `{"studentId":${1000 + s * 37},"taskId":${t},"state":"${states[(s * 7 + t * 3) % 4]}","attempts":${(s + t) % 3},"points":${(s * t) % 11}}`).join(','));
    const parts = Array.from({ length: 50 }, (_, t) => column(t));
    const chained = gzipOfPieces(await Promise.all(parts.map((p, i) => deflatePiece(p, parts[i - 1]))));
    const alone = gzipOfPieces(await Promise.all(parts.map((p) => deflatePiece(p))));
    const whole = (await deflatePiece(Buffer.concat(parts))).deflated.length;
    expect(gunzipSync(chained).equals(Buffer.concat(parts))).toBe(true);
    expect(chained.length).toBeLessThan(whole * 1.05);
    expect(chained.length).toBeLessThan(alone.length);
  });

  it('deflates at most 16 pieces at once (each holds a zlib stream), the rest in order, into the same body', async () => {
    const parts = Array.from({ length: 100 }, (_, i) => Buffer.from(`{"column":${i},"cells":[${'1,'.repeat(500 + i)}0]}`));
    const started = parts.map((p, i) => deflatePiece(p, parts[i - 1]));
    expect(deflatesWaiting()).toBe(84);
    const pieces = await Promise.all(started);
    expect(deflatesWaiting()).toBe(0);
    expect(gunzipSync(gzipOfPieces(pieces)).equals(Buffer.concat(parts))).toBe(true);
  });
});
