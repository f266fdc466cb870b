import { createRequire } from 'node:module';

/**
 * autocannon keeps every answer's body for `onResponse`, as a string: `body += chunk` decodes each
 * chunk as UTF-8 (autocannon 9, lib/pipelinedRequestsQueue.js), for every request, whether anything
 * reads the body or not. For JSON of plain ASCII that is cheap; for a compressed answer (binary) or
 * a list with Ukrainian names it is the load generator's largest cost, and the generator shares the
 * machine's two cores with the server. Measured on 2026-11-28 (SQLite, `bench:reads`, then
 * `bench:gradebook`), before and after this patch, the same hour:
 * - the 200 × 500 gradebook (312 KB of gzip): 1,778 → 12,480 reads a second warm, and with a verdict
 *   every 250 ms p99 67 → 4.6 ms: its "over budget" was the client decoding the gzip as text;
 * - the teacher's unreviewed list (68 KB, Cyrillic names): 7,784 → 22,153 a second;
 * - the baseline sending the 50 × 200 list as brotli (2.2 KB): 41,741 → 60,804 a second, so that
 *   line's ratio fell from 81 % to 55 %: the generator had been holding the baseline back.
 * Patched here, the body is kept only for requests whose answers are read (a source with an
 * `onResponse`): the same for the server and the baseline.
 */
interface PendingRequest {
  req?: { onResponse?: unknown; keepBody?: boolean };
  body: string;
}

const require = createRequire(import.meta.url);
const queue = require('autocannon/lib/pipelinedRequestsQueue.js') as { prototype: { peek(): PendingRequest | undefined; addBody(data: Buffer): void } };

/** Whether autocannon keeps this pending request's body (exported for the test). */
export const keepsBody = (pending: PendingRequest): boolean => typeof pending.req?.onResponse === 'function' && pending.req.keepBody !== false;

queue.prototype.addBody = function addBody(data: Buffer) {
  const pending = this.peek();
  if (pending && keepsBody(pending)) pending.body += data.toString();
};

export const PipelinedRequestsQueue = queue;
