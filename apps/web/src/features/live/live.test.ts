import { QueryClient } from '@tanstack/react-query';
import type { Solution } from '@mathclub/shared';
import { describe, expect, it, vi } from 'vitest';
import { applyLiveEvent, upsertSolution } from './apply-live-event';
import { backoffDelay, connectLive, RECONNECT_MAX_MS } from './live-connection';
import { setUnauthorizedHandler } from '../../lib/unauthorized';
import { createSseParser, type SseEvent } from './sse-parser';

const solution = (id: number, over: Partial<Solution> = {}): Solution => ({
  id,
  taskId: 1,
  authorId: 5,
  author: { id: 5, name: 'Student' },
  answer: `answer ${id}`,
  reviewed: false,
  correct: false,
  feedback: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  reviewedAt: null,
  reviewer: null,
  autoVerdict: null,
  judgedBy: null,
  ...over,
});

describe('the event-stream parser', () => {
  it('reads events split anywhere across chunks, skips heartbeats and keeps the last id', () => {
    const events: SseEvent[] = [];
    const parse = createSseParser((e) => events.push(e));
    const text = 'retry: 2000\n\nid: 7\nevent: ready\ndata: {"resumed":false}\n\n: ping\n\nid: 8\r\nevent: solution.judged\r\ndata: {"a":\r\ndata: 1}\r\n\r\n';
    for (const chunk of text.match(/.{1,5}/gs)!) parse(chunk);
    expect(events).toEqual([
      { id: '7', event: 'ready', data: '{"resumed":false}' },
      { id: '8', event: 'solution.judged', data: '{"a":\n1}' },
    ]);
  });
});

describe('reconnecting', () => {
  it('waits longer after each failure, never more than 30 s', () => {
    const delays = [0, 1, 2, 3, 10].map((n) => backoffDelay(n, () => 1));
    expect(delays).toEqual([1000, 2000, 4000, 8000, RECONNECT_MAX_MS]);
    expect(backoffDelay(0, () => 0)).toBe(700);
  });
});

describe('a 401 on the stream', () => {
  const refused = (body: BodyInit) => vi.fn(async () => new Response(body, { status: 401, headers: { 'content-type': 'application/json' } }));

  it('ends the session with the reason the server gave', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const fetchImpl = refused(JSON.stringify({ statusCode: 401, code: 'ACCOUNT_DEACTIVATED', message: 'Turned off' }));
    const stop = connectLive({ token: 't', onEvent: () => {}, fetchImpl });
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith('deactivated'));
    stop();
  });

  it('keeps the session when the body was cut off (the page is reloading), and stops the stream', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const cutOff = new ReadableStream({
      start(controller) {
        controller.error(new DOMException('The operation was aborted.', 'AbortError'));
      },
    });
    const fetchImpl = refused(cutOff);
    const stop = connectLive({ token: 't', onEvent: () => {}, fetchImpl });
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledOnce());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onUnauthorized).not.toHaveBeenCalled();
    stop();
  });
});

describe('live events in the query caches', () => {
  it('inserts a new answer into every review list in place, keeping the answers already there', () => {
    const qc = new QueryClient();
    qc.setQueryData(['solutions', 'review', { waitingOnly: true }], [solution(1), solution(2, { reviewed: true, correct: true })]);
    qc.setQueryData(['solutions', 'review', { waitingOnly: false }], [solution(1)]);
    const toast = applyLiveEvent(qc, 'solution.submitted', { kind: 'solution.submitted', solution: solution(3), groupId: 1, taskTitle: 'Fractions' }, 99);
    expect(toast).toEqual({ kind: 'answer', name: 'Student', title: 'Fractions' });
    // The just-judged answer 2 stays where the teacher left it.
    expect(qc.getQueryData<Solution[]>(['solutions', 'review', { waitingOnly: true }])!.map((s) => s.id)).toEqual([1, 2, 3]);
    expect(qc.getQueryData<Solution[]>(['solutions', 'review', { waitingOnly: false }])!.map((s) => s.id)).toEqual([1, 3]);
  });

  it("updates the student's own answer with the verdict and asks for a toast", () => {
    const qc = new QueryClient();
    qc.setQueryData(['solutions', 'mine'], [solution(1), solution(2)]);
    const judged = solution(2, { reviewed: true, correct: true, feedback: 'Good' });
    const toast = applyLiveEvent(qc, 'solution.judged', { kind: 'solution.judged', solution: judged, taskTitle: 'Fractions' }, 5);
    expect(toast).toEqual({ kind: 'verdict', correct: true, title: 'Fractions' });
    expect(qc.getQueryData<Solution[]>(['solutions', 'mine'])![1]).toEqual(judged);
  });

  it('says in the verdict toast when the teacher marked up the photo (PRODUCT.md §14)', () => {
    const qc = new QueryClient();
    const judged = solution(2, { reviewed: true, correct: false, annotations: [{ type: 'tick', color: '#2e7d32', x: 0.5, y: 0.5 }] });
    const toast = applyLiveEvent(qc, 'solution.judged', { kind: 'solution.judged', solution: judged, taskTitle: 'Fractions' }, 5);
    expect(toast).toEqual({ kind: 'verdict', correct: false, title: 'Fractions', marked: true });
  });

  it('replaces an answer judged by a colleague in the review lists, and leaves unknown lists alone', () => {
    expect(upsertSolution(undefined, solution(1))).toBeUndefined();
    const qc = new QueryClient();
    qc.setQueryData(['solutions', 'review', { waitingOnly: false }], [solution(1)]);
    const judged = solution(1, { reviewed: true, correct: false });
    expect(applyLiveEvent(qc, 'solution.judged', { kind: 'solution.judged', solution: judged, taskTitle: 'T' }, 42)).toBeNull();
    expect(qc.getQueryData<Solution[]>(['solutions', 'review', { waitingOnly: false }])).toEqual([judged]);
  });
});
