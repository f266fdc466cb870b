import { describe, expect, it } from 'vitest';
import { keepsBody, PipelinedRequestsQueue } from './autocannon-bodies.js';

type Queue = { pendingRequests: { req: unknown; body: string }[]; insertRequest(req: unknown): void; addBody(data: Buffer): void };
const QueueClass = PipelinedRequestsQueue as unknown as new () => Queue;

describe('autocannon keeps a body only where an answer is read', () => {
  const chunk = Buffer.from('{"name":"Олена"}');

  it('drops the body of a request nobody reads (a plain load, or a source reading statuses only)', () => {
    for (const req of [{}, { onResponse: () => {}, keepBody: false }]) {
      const queue = new QueueClass();
      queue.insertRequest(req);
      queue.addBody(chunk);
      expect(queue.pendingRequests[0]!.body).toBe('');
    }
  });

  it('keeps it, decoded, for a source that reads its answers', () => {
    const queue = new QueueClass();
    queue.insertRequest({ onResponse: () => {}, keepBody: true });
    queue.addBody(chunk);
    queue.addBody(chunk);
    expect(queue.pendingRequests[0]!.body).toBe('{"name":"Олена"}{"name":"Олена"}');
    expect(keepsBody({ req: { onResponse: () => {} }, body: '' })).toBe(true);
  });
});
