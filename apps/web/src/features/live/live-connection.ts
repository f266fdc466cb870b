import { i18n } from '../../lib/i18n';
import { readError } from '../../lib/api-client';
import { signedOutReason, signOutAfterUnauthorized } from '../../lib/unauthorized';
import { createSseParser, type SseEvent } from './sse-parser';

/** Reconnection delays grow from 1 s to at most 30 s (with jitter), and start again after a good stream. */
export const RECONNECT_MIN_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/** The delay before reconnection attempt `attempt` (0-based), with up to 30 % jitter. */
export function backoffDelay(attempt: number, random = Math.random): number {
  const base = Math.min(RECONNECT_MIN_MS * 2 ** attempt, RECONNECT_MAX_MS);
  return Math.round(base * (0.7 + 0.3 * random()));
}

export interface LiveConnectionOptions {
  token: string;
  onEvent: (event: SseEvent) => void;
  /** Told whether the stream is open (for the UI) after each change. */
  onStatus?: (open: boolean) => void;
  fetchImpl?: typeof fetch;
}

/**
 * GET /api/events read with a streamed fetch and the bearer token, kept open: after a drop it
 * reconnects with a growing delay and sends Last-Event-ID, so no event is lost in between (the
 * server keeps a day of them). A 401 ends the session as any other call does. Returns a stop function.
 */
export function connectLive({ token, onEvent, onStatus, fetchImpl = fetch }: LiveConnectionOptions): () => void {
  let stopped = false;
  let attempt = 0;
  let lastEventId: string | undefined;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const run = async () => {
    controller = new AbortController();
    try {
      const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'text/event-stream', 'Accept-Language': i18n.language || 'uk' };
      if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
      const response = await fetchImpl('/api/events', { headers, signal: controller.signal, cache: 'no-store' });
      if (response.status === 401) {
        stopped = true;
        // Said why, as any other call does: an account a teacher turned off is told so on /login.
        // A body cut off (the page is reloading) says nothing: the next page asks again.
        const error = await readError(response);
        if (!error.interrupted) signOutAfterUnauthorized(signedOutReason(error.code));
        return;
      }
      // Anything but an event stream (a proxy's error page, a stale service) is a failure: retry later.
      if (!response.ok || !response.body || !(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) throw new Error(`events: ${response.status}`);
      onStatus?.(true);
      const parse = createSseParser((event) => {
        if (event.id !== undefined) lastEventId = event.id;
        // A good stream: the next drop starts the delays again from the shortest.
        if (event.event === 'ready') attempt = 0;
        onEvent(event);
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parse(value);
      }
    } catch {
      // A network error or an abort: reconnect below unless stopped.
    }
    onStatus?.(false);
    if (stopped) return;
    timer = setTimeout(() => void run(), backoffDelay(attempt++));
  };

  void run();
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
  };
}
