import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE } from '@mathclub/shared';
import { ImageRejectedError, processImage } from './image-pipeline.js';
import { DiskImageStore, isImageKey } from './image-store.js';
import { ImageUrlSigner } from './signed-url.js';
import * as corpus from './test-images.js';

async function rejection(input: Buffer | Promise<Buffer>): Promise<string> {
  try {
    await processImage(await input);
  } catch (error) {
    if (error instanceof ImageRejectedError) return error.code;
    throw error;
  }
  return 'accepted';
}

describe('processImage', () => {
  it('drops GPS and camera EXIF from a phone photo', async () => {
    const original = await corpus.jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const cleaned = await processImage(original);
    const meta = await sharp(cleaned.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(cleaned.data.includes(Buffer.from('SecretCam'))).toBe(false);
    expect(cleaned.contentType).toBe('image/jpeg');
  });

  it('applies EXIF rotation so the photo is stored upright', async () => {
    // Orientation 6: the camera was turned; a 64×32 sensor image is shown 32×64.
    const cleaned = await processImage(await corpus.jpegWithGps({ width: 64, height: 32, orientation: 6 }));
    expect([cleaned.width, cleaned.height]).toEqual([32, 64]);
    const meta = await sharp(cleaned.data).metadata();
    expect(meta.orientation ?? 1).toBe(1);
  });

  it('scales a large photo down to the long-side limit and keeps its proportions', async () => {
    const cleaned = await processImage(await corpus.plainJpeg(3000, 1500));
    expect(cleaned.width).toBe(IMAGE_MAX_SIDE);
    expect(cleaned.height).toBe(IMAGE_MAX_SIDE / 2);
  });

  it('keeps transparency as PNG', async () => {
    const cleaned = await processImage(await corpus.pngWithAlpha());
    expect(cleaned.contentType).toBe('image/png');
    expect((await sharp(cleaned.data).metadata()).hasAlpha).toBe(true);
  });

  it('strips bytes appended to a JPEG (HTML polyglot)', async () => {
    const cleaned = await processImage(await corpus.htmlJpegPolyglot());
    expect(cleaned.data.includes(Buffer.from('<script>'))).toBe(false);
  });

  it.each([
    ['an SVG with a script', corpus.svgWithScript],
    ['a renamed text file', corpus.renamedText],
    ['a PDF', corpus.fakePdf],
    ['zero bytes', Buffer.alloc(0)],
  ])('refuses %s as not an image', async (_name, input) => {
    expect(await rejection(input)).toBe('UNSUPPORTED_IMAGE');
  });

  it('refuses a truncated JPEG', async () => {
    expect(await rejection(corpus.truncatedJpeg())).toBe('UNSUPPORTED_IMAGE');
  });

  it('refuses a 30,000 × 30,000 PNG before decoding it', async () => {
    expect(await rejection(corpus.hugePixelPng())).toBe('IMAGE_TOO_MANY_PIXELS');
  });

  it('accepts exactly the byte limit and refuses one byte more', async () => {
    expect(await rejection(corpus.jpegOfSize(IMAGE_MAX_BYTES))).toBe('accepted');
    expect(await rejection(corpus.jpegOfSize(IMAGE_MAX_BYTES + 1))).toBe('IMAGE_TOO_LARGE');
  });
});

describe('DiskImageStore', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('stores, reads and deletes under unguessable keys, leaving no temp files', async () => {
    const root = await mkdtemp(join(tmpdir(), 'images-'));
    dirs.push(root);
    const store = new DiskImageStore(root);
    const key = await store.put(Buffer.from('pixels'), 'jpg');
    expect(isImageKey(key)).toBe(true);
    expect((await store.get(key))?.toString()).toBe('pixels');
    const shard = key.split('/')[0]!;
    expect(await readdir(join(root, shard))).toEqual([key.split('/')[1]]);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
  });

  it('never reads outside its folder', async () => {
    const store = new DiskImageStore(tmpdir());
    expect(await store.get('../../etc/passwd')).toBeNull();
    expect(isImageKey('ab/../../x.jpg')).toBe(false);
  });
});

describe('ImageUrlSigner', () => {
  const signer = new ImageUrlSigner('secret-one');
  const key = 'ab/ab0123456789abcdef0123456789abcd.jpg';
  const parse = (url: string) => {
    const u = new URL(url, 'http://x');
    return { exp: Number(u.searchParams.get('exp')), sig: u.searchParams.get('sig')! };
  };

  it('accepts its own link, keeps it identical for ten minutes for caching, and lets it live at most an hour', () => {
    const start = Date.UTC(2026, 10, 21, 1, 10);
    const url = signer.urlFor(key, start)!;
    expect(signer.urlFor(key, start + 9 * 60_000 + 59_000)).toBe(url);
    expect(signer.urlFor(key, start + 10 * 60_000)).not.toBe(url);
    const { exp, sig } = parse(url);
    expect(exp * 1000 - start).toBe(3600_000);
    expect(signer.verify(key, exp, sig, start)).toBe(true);
    // Signed at the end of its window, a link still lives at most an hour and at least 50 minutes.
    const late = start + 9 * 60_000 + 59_000;
    expect(exp * 1000 - late).toBeLessThanOrEqual(3600_000);
    expect(exp * 1000 - late).toBeGreaterThan(50 * 60_000);
    expect(signer.verify(key, exp, sig, exp * 1000 - 1)).toBe(true);
    expect(signer.verify(key, exp, sig, exp * 1000)).toBe(false);
  });

  it('refuses a correctly signed link that would live longer than an hour (a link from before the rule)', () => {
    const now = Date.UTC(2026, 10, 21, 12);
    const farExp = Math.floor(now / 1000) + 2 * 86_400;
    const old = signer.urlFor(key, (farExp - 3600) * 1000)!;
    expect(parse(old).exp).toBe(farExp);
    expect(signer.verify(key, farExp, parse(old).sig, now)).toBe(false);
    expect(signer.verify(key, farExp, parse(old).sig, (farExp - 3600) * 1000)).toBe(true);
  });

  it('remembers signed links only within their window and within its bound', () => {
    const small = new ImageUrlSigner('secret-one', 2);
    const day = Date.UTC(2026, 10, 21, 12);
    const today = small.urlFor(key, day)!;
    expect(small.urlFor(key, day)).toBe(today);
    expect(today).toBe(signer.urlFor(key, day));
    const tomorrow = small.urlFor(key, day + 86_400_000)!;
    expect(parse(tomorrow).exp).toBe(parse(today).exp + 86_400);
    expect(small.verify(key, parse(tomorrow).exp, parse(tomorrow).sig, day + 86_400_000)).toBe(true);
    for (const other of ['cd/1.jpg', 'ef/2.jpg', 'ab/3.jpg']) expect(small.urlFor(other, day)).toBe(signer.urlFor(other, day));
  });

  it('refuses a tampered, foreign, or expired link', () => {
    const now = Date.UTC(2026, 10, 21, 12);
    const { exp, sig } = parse(signer.urlFor(key, now)!);
    expect(signer.verify(key.replace('ab0', 'ab1'), exp, sig, now)).toBe(false);
    expect(signer.verify(key, exp + 86_400, sig, now)).toBe(false);
    expect(new ImageUrlSigner('other-secret').verify(key, exp, sig, now)).toBe(false);
    expect(signer.verify(key, exp, sig, exp * 1000 + 1)).toBe(false);
  });
});
