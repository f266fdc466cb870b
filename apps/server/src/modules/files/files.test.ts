import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@mathclub/shared';
import { buildTestApp, testDatabases, type TestApp } from '../../test/build-test-app.js';
import { bearer, createGroup, createUser } from '../../test/fixtures.js';
import { DiskImageStore } from './image-store.js';
import { imageUrlKey, storeUploadedImage, withImageCleanup } from './images.js';
import { multipartBody } from './multipart-test-body.js';
import { ImageUrlSigner } from './signed-url.js';
import * as corpus from './test-images.js';

describe.each(testDatabases())('signed image links on %s', (dialect) => {
  let t: TestApp;
  let url: string;
  let key: string;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const group = await createGroup(t);
    const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    const body = multipartBody({ title: 'Picture', text: '', level: 'advanced', points: 5, group: group.id }, [
      { field: 'taskImage', data: await corpus.plainJpeg(300, 200) },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/tasks', headers: { ...bearer(teacher.token), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(201);
    url = res.json<Task>().imageSecureUrl!;
    key = /^\/api\/files\/([^?]+)\?/.exec(url)![1]!;
  });
  afterAll(async () => t.close());

  const fetch = (u: string) => t.app.inject({ method: 'GET', url: u });
  const parts = () => {
    const u = new URL(url, 'http://x');
    return { exp: u.searchParams.get('exp')!, sig: u.searchParams.get('sig')! };
  };

  it('serves the image without any Authorization header, cached privately until the link expires', async () => {
    const res = await fetch(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'");
    expect(res.headers['content-disposition']).toBe('inline');
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))![1]);
    const secondsLeft = Number(parts().exp) - Date.now() / 1000;
    expect(maxAge).toBeGreaterThan(3000 - 60);
    expect(maxAge).toBeLessThanOrEqual(3600);
    expect(maxAge).toBeLessThanOrEqual(Math.ceil(secondsLeft));
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('refuses tampered, foreign, expired and incomplete links with 403', async () => {
    const { exp, sig } = parts();
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    const otherKey = key.replace(/^(..)\/(.)/, (_m, shard: string, c: string) => `${shard}/${c === '0' ? '1' : '0'}`);
    const foreign = new ImageUrlSigner('some-other-secret').urlFor(key)!;
    const expired = new ImageUrlSigner(imageUrlKey(t.config.jwtSecret)).urlFor(key, Date.now() - 3 * 86_400_000)!;
    const forged = [
      `/api/files/${key}?exp=${exp}&sig=${flipped}`,
      `/api/files/${key}?exp=${Number(exp) + 86_400}&sig=${sig}`,
      `/api/files/${otherKey}?exp=${exp}&sig=${sig}`,
      `/api/files/${key}?exp=${exp}`,
      `/api/files/${key}?sig=${sig}`,
      `/api/files/${key}`,
      `/api/files/${key}?exp=${exp}&sig=${sig}&sig=${sig}`,
      `/api/files/${key}?exp=abc&sig=${sig}`,
      `/api/files/${key}?exp=${exp}&sig=${sig.slice(0, -1)}`,
      foreign,
      expired,
    ];
    for (const u of forged) {
      const res = await fetch(u);
      expect(res.statusCode, u).toBe(403);
      expect(res.json(), u).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
      expect(res.headers['content-type'], u).toMatch(/^application\/json/);
    }
  });

  it('signs links with a key of its own, not the JWT secret itself', async () => {
    const withJwtSecret = new ImageUrlSigner(t.config.jwtSecret).urlFor(key)!;
    expect((await fetch(withJwtSecret)).statusCode).toBe(403);
  });

  it('answers 404 for a validly signed key that is not stored, and keeps path tricks out', async () => {
    const signer = new ImageUrlSigner(imageUrlKey(t.config.jwtSecret));
    const missing = signer.urlFor('ab/abababababababababababababababab.jpg')!;
    expect((await fetch(missing)).statusCode).toBe(404);
    const traversal = signer.urlFor('../jwt-secret')!;
    expect([403, 404]).toContain((await fetch(traversal)).statusCode);
    const encoded = signer.urlFor('..%2Fjwt-secret')!;
    expect([403, 404]).toContain((await fetch(encoded)).statusCode);
    const body = (await fetch(traversal)).body;
    expect(body).not.toContain(t.config.jwtSecret);
  });
});

describe('storing an upload', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'mathclub-images-'));
  });
  afterAll(async () => rm(root, { recursive: true, force: true }));
  const files = async () => (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;

  it('removes the stored image when the row cannot be written, and keeps it when it can', async () => {
    const store = new DiskImageStore(root);
    const upload = { data: await corpus.plainJpeg(40, 40), filename: 'a.jpg', mimetype: 'image/jpeg' };
    const failed = await storeUploadedImage(store, upload, 'taskImage');
    expect(await files()).toBe(1);
    await expect(withImageCleanup(store, failed, async () => Promise.reject(new Error('insert failed')))).rejects.toThrow('insert failed');
    expect(await files()).toBe(0);
    const kept = await storeUploadedImage(store, upload, 'taskImage');
    expect(await withImageCleanup(store, kept, async () => 7)).toBe(7);
    expect(await store.get(kept!)).not.toBeNull();
    expect(await storeUploadedImage(store, undefined, 'taskImage')).toBeNull();
  });

  it('names the form field when an image is refused', async () => {
    const store = new DiskImageStore(root);
    const before = await files();
    const refusal = await storeUploadedImage(store, { data: corpus.svgWithScript, filename: 'x.svg', mimetype: 'image/svg+xml' }, 'solutionImage').catch((e: unknown) => e);
    expect(refusal).toMatchObject({ code: 'UNSUPPORTED_IMAGE', statusCode: 400, validationErrors: { solutionImage: 'images.error.unsupported' } });
    expect(await files()).toBe(before);
  });
});

describe('signed image links and the per-IP limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { rateLimitPerIp: 3 });
  });
  afterAll(async () => t.close());

  it('serves a whole classroom behind one address its task images, while the API calls stay counted', async () => {
    const group = await createGroup(t);
    const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
    const body = multipartBody({ title: 'Picture', text: '', level: 'advanced', points: 5, group: group.id }, [
      { field: 'taskImage', data: await corpus.plainJpeg(300, 200) },
    ]);
    const created = await t.app.inject({ method: 'POST', url: '/api/tasks', headers: { ...bearer(teacher.token), ...body.headers }, payload: body.payload, remoteAddress: '10.8.0.1' });
    expect(created.statusCode, created.body).toBe(201);
    const url = created.json<Task>().imageSecureUrl!;
    const images: number[] = [];
    for (let i = 0; i < 10; i++) images.push((await t.app.inject({ method: 'GET', url, remoteAddress: '10.8.0.2' })).statusCode);
    expect(images).toEqual(Array(10).fill(200));
    const api: number[] = [];
    for (let i = 0; i < 4; i++) api.push((await t.app.inject({ method: 'GET', url: '/api/tasks/mine', headers: bearer(teacher.token), remoteAddress: '10.8.0.2' })).statusCode);
    expect(api).toEqual([200, 200, 200, 429]);
  });
});
