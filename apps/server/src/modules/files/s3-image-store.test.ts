import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@mathclub/shared';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { bearer, createGroup, createUser } from '../../test/fixtures.js';
import { isImageKey } from './image-store.js';
import { multipartBody } from './multipart-test-body.js';
import { S3ImageStore, type S3ImageStoreOptions } from './s3-image-store.js';
import { countStoredImages, fetchImage } from './test-helpers.js';
import * as corpus from './test-images.js';

/**
 * Against s3rver: an S3 API server in Node (real HTTP, S3's paths, listing XML and status codes,
 * objects on disk; it refuses unknown access keys but does not verify signatures, so SigV4 itself
 * is aws4fetch's, the signer used against AWS, MinIO, R2 and the rest).
 */
describe('images in S3-compatible object storage', () => {
  let server: S3rver;
  let dir: string;
  let options: S3ImageStoreOptions;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mathclub-s3-'));
    server = new S3rver({ port: 0, address: '127.0.0.1', directory: dir, silent: true, configureBuckets: [{ name: 'school-images', configs: [] }] });
    const { port } = await server.run();
    options = { endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket: 'school-images', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', prefix: 'mathclub/' };
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores, reads, lists and deletes images under the prefix', async () => {
    const store = new S3ImageStore({ ...options, prefix: 'unit/' });
    const jpeg = await corpus.plainJpeg(40, 30);
    const key = await store.put(jpeg, 'jpg');
    expect(isImageKey(key)).toBe(true);
    expect(await store.get(key)).toEqual(jpeg);
    const listed = [];
    for await (const entry of store.list()) listed.push(entry);
    expect(listed.map((e) => e.key)).toEqual([key]);
    expect(Math.abs(listed[0]!.writtenAt.getTime() - Date.now())).toBeLessThan(60_000);
    // The same bucket under another prefix sees nothing of it.
    const other = new S3ImageStore({ ...options, prefix: 'elsewhere/' });
    expect(await other.get(key)).toBeNull();
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key);
    expect(await store.get('../../etc/passwd')).toBeNull();
  });

  it('follows continuation tokens when the bucket answers in pages', async () => {
    // s3rver fails on truncated listings, so the two pages come from a server that answers
    // exactly as S3's ListObjectsV2 documents it.
    const key = (n: number) => `0${n}/${String(n).repeat(32)}.jpg`;
    const page = (keys: string[], next?: string) =>
      `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><IsTruncated>${next ? 'true' : 'false'}</IsTruncated>` +
      keys.map((k) => `<Contents><Key>p/${k}</Key><LastModified>2026-11-01T10:00:00.000Z</LastModified></Contents>`).join('') +
      (next ? `<NextContinuationToken>${next}</NextContinuationToken>` : '') +
      '</ListBucketResult>';
    const asked: (string | null)[] = [];
    const listing = createServer((req, res) => {
      const token = new URL(req.url!, 'http://x').searchParams.get('continuation-token');
      asked.push(token);
      res.setHeader('content-type', 'application/xml');
      res.end(token === 'a&b' ? page([key(3)]) : page([key(1), key(2)], 'a&amp;b'));
    });
    await new Promise<void>((resolve) => listing.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = listing.address() as AddressInfo;
      const store = new S3ImageStore({ ...options, endpoint: `http://127.0.0.1:${port}`, prefix: 'p/', listPageSize: 2 });
      const listed = [];
      for await (const entry of store.list()) listed.push(entry);
      expect(listed.map((e) => e.key)).toEqual([key(1), key(2), key(3)]);
      expect(listed[0]!.writtenAt.toISOString()).toBe('2026-11-01T10:00:00.000Z');
      expect(asked).toEqual([null, 'a&b']);
    } finally {
      listing.close();
    }
  });

  describe('the app with S3_BUCKET', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp('sqlite', { s3: options });
    });
    afterAll(async () => t.close());

    it('keeps a task picture in the bucket, not on disk, and serves it through the signed link', async () => {
      const group = await createGroup(t);
      const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
      const body = multipartBody({ title: 'Picture', text: '', level: 'advanced', points: 5, group: group.id }, [{ field: 'taskImage', data: await corpus.plainJpeg(300, 200) }]);
      const res = await t.app.inject({ method: 'POST', url: '/api/tasks', headers: { ...bearer(teacher.token), ...body.headers }, payload: body.payload });
      expect(res.statusCode, res.body).toBe(201);
      const image = await fetchImage(t, res.json<Task>().imageSecureUrl!);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect(image.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(await countStoredImages(t)).toBe(0);
      const inBucket = [];
      for await (const entry of new S3ImageStore(options).list()) inBucket.push(entry.key);
      expect(inBucket).toContain(/^\/api\/files\/([^?]+)\?/.exec(res.json<Task>().imageSecureUrl!)![1]);
    });
  });

  describe('when the storage cannot be reached', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp('sqlite', { s3: { ...options, endpoint: 'http://127.0.0.1:1' } });
    });
    afterAll(async () => t.close());

    it('answers 503 and stores no task', async () => {
      const group = await createGroup(t);
      const teacher = await createUser(t, { role: 'teacher', groupIds: [group.id] });
      const body = multipartBody({ title: 'Unreachable', text: '', level: 'advanced', points: 5, group: group.id }, [{ field: 'taskImage', data: await corpus.plainJpeg(60, 40) }]);
      const res = await t.app.inject({ method: 'POST', url: '/api/tasks', headers: { ...bearer(teacher.token), 'accept-language': 'en', ...body.headers }, payload: body.payload });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
      expect(res.body).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|at /);
      expect(await t.db.selectFrom('tasks').select('id').where('title', '=', 'Unreachable').executeTakeFirst()).toBeUndefined();
    });
  });
});
