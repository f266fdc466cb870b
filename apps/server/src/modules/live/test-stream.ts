import http from 'node:http';

/** One server-sent event as a test reads it. */
export interface ReceivedEvent {
  id: string | undefined;
  event: string;
  data: unknown;
}

/** A live stream opened by a test with fetch: what has arrived, and when it ended. */
export interface TestStream {
  status: number;
  headers: Headers;
  events: ReceivedEvent[];
  /** Resolves when the server ends the stream (or it is closed). */
  ended: Promise<void>;
  /** Waits until an event matching `match` has arrived (or fails after `ms`). */
  waitFor: (match: (e: ReceivedEvent) => boolean, ms?: number) => Promise<ReceivedEvent>;
  close: () => void;
}

/**
 * Opens GET /api/events on a listening app with a bearer token (and Last-Event-ID), over a
 * connection of its own (node:http, no pool: fetch's pool leaves spare sockets the server then
 * waits for when it closes).
 */
export async function openStream(baseUrl: string, token: string, lastEventId?: string): Promise<TestStream> {
  const abort = new AbortController();
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.get(`${baseUrl}/api/events`, {
      agent: false,
      headers: { authorization: `Bearer ${token}`, ...(lastEventId !== undefined ? { 'last-event-id': lastEventId } : {}) },
      signal: abort.signal,
    });
    req.on('response', resolve);
    req.on('error', reject);
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') headers.set(name, value);
  const events: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  let done = false;
  const ended = (async () => {
    let buffer = '';
    res.setEncoding('utf8');
    try {
      for await (const value of res as AsyncIterable<string>) {
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            if (line.startsWith(':') || !line.includes(':')) continue;
            const at = line.indexOf(':');
            fields.set(line.slice(0, at), line.slice(at + 1).replace(/^ /, ''));
          }
          if (!fields.has('data')) continue;
          events.push({ id: fields.get('id'), event: fields.get('event') ?? 'message', data: JSON.parse(fields.get('data')!) });
          for (const w of waiters) w();
        }
      }
    } catch {
      // aborted by the test
    } finally {
      done = true;
      for (const w of waiters) w();
    }
  })();
  const waitFor = (match: (e: ReceivedEvent) => boolean, ms = 5_000) =>
    new Promise<ReceivedEvent>((resolve, reject) => {
      const check = () => {
        const found = events.find(match);
        if (found) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        } else if (done) {
          waiters.delete(check);
          clearTimeout(timer);
          reject(new Error(`stream ended without the event; got ${events.map((e) => e.event).join(', ')}`));
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no such event within ${ms} ms; got ${events.map((e) => e.event).join(', ')}`));
      }, ms);
      waiters.add(check);
      check();
    });
  return { status: res.statusCode ?? 0, headers, events, ended, waitFor, close: () => abort.abort() };
}
