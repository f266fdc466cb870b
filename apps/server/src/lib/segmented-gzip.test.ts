import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deflatePiece, gzipOfPieces } from './segmented-gzip.js';

describe('gzipOfPieces', () => {
  it('is a gzip body of the pieces concatenated, whatever their number, sizes and bytes (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(fc.uint8Array({ maxLength: 3000 }), fc.string({ maxLength: 5000 }).map((s) => new TextEncoder().encode(s.repeat(3)))), { maxLength: 12 }), async (parts) => {
        const pieces = await Promise.all(parts.map((p) => deflatePiece(Buffer.from(p))));
        expect(gunzipSync(gzipOfPieces(pieces)).equals(Buffer.concat(parts))).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('compresses repetitive JSON like one stream would, within a few per cent', async () => {
    const column = (t: number) => Buffer.from(Array.from({ length: 200 }, (_, s) => `{"studentId":${1000 + s},"taskId":${t},"state":"none","attempts":0,"points":0}`).join(','));
    const parts = Array.from({ length: 50 }, (_, t) => column(t));
    const gzip = gzipOfPieces(await Promise.all(parts.map((p) => deflatePiece(p))));
    const whole = (await deflatePiece(Buffer.concat(parts))).deflated.length;
    expect(gzip.length).toBeLessThan(whole * 1.2);
  });
});
