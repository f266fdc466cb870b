import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { answerWindowBits, ReadyJson, SYNC_COMPRESS_MAX_BYTES } from './ready-json.js';

/** A task list of `count` tasks as the API sends it (Cyrillic titles included). */
function taskList(count: number): Buffer {
  const tasks = Array.from({ length: count }, (_, i) => ({
    id: 1000 + i,
    title: `Задача ${i}: прості числа`,
    text: `Prove that $n^2 + n$ is even for every whole $n$; show each step. (${i})`,
    level: 'beginner',
    points: 2,
    solved: i % 3 === 0,
    createdAt: new Date(1.7e12 + i * 1e6).toISOString(),
  }));
  return Buffer.from(JSON.stringify(tasks));
}

describe('ReadyJson', () => {
  it('sizes brotli’s window to the answer, between 1 KB and 64 KB', () => {
    expect(answerWindowBits(1)).toBe(10);
    expect(answerWindowBits(1024)).toBe(10);
    expect(answerWindowBits(4254)).toBe(13);
    expect(answerWindowBits(42_914)).toBe(16);
    expect(answerWindowBits(825_845)).toBe(16);
  });

  it.each([
    ['a small list, compressed on the event loop', 20],
    ['a list just under the synchronous limit', 550],
    ['a large list, compressed on the threadpool', 1500],
  ])('%s decodes to exactly its bytes, in both codings', async (_, count) => {
    const ready = new ReadyJson(taskList(count));
    expect(ready.bytes.length > SYNC_COMPRESS_MAX_BYTES).toBe(count === 1500);
    const br = await ready.encoded('br');
    const gzip = await ready.encoded('gzip');
    expect(brotliDecompressSync(br).equals(ready.bytes)).toBe(true);
    expect(gunzipSync(gzip).equals(ready.bytes)).toBe(true);
    expect(br.length).toBeLessThan(ready.bytes.length / 8);
    expect(ready.retainedBytes).toBe(ready.bytes.length + br.length + gzip.length);
  });

  it('has a small answer compressed without waiting for libuv’s threadpool', async () => {
    const ready = new ReadyJson(taskList(60));
    let done = false;
    void ready.encoded('br').then(() => (done = true));
    // One turn of the microtask queue: a threadpool job could not have come back yet.
    await Promise.resolve();
    await Promise.resolve();
    expect(done).toBe(true);
  });

  it('compresses each coding once, however many requests ask for it', async () => {
    const ready = new ReadyJson(taskList(40));
    const [a, b] = await Promise.all([ready.encoded('br'), ready.encoded('br')]);
    expect(a).toBe(b);
  });
});
