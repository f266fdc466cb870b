import net from 'node:net';
import type { FastifyInstance, FastifyListenOptions } from 'fastify';

/**
 * How many listening sockets share the port where the kernel lets them (SO_REUSEPORT).
 *
 * Why more than one: libuv accepts one connection per listening socket per turn of the event loop
 * (libuv PR #3696, in Node since libuv 1.45). While a class sends answers, a turn handles every
 * request that arrived on the open connections and lasts 20–50 ms, so 64 students opening the app at
 * once waited k turns each: on Node 24 and SQLite most of them until the flood ended (p50
 * 0.77–0.88 s), 2–3 s on a bare node:http server whose handlers take 0.7 ms. The kernel spreads new
 * connections over the sockets of the port, and each socket accepts one per turn: with eight, p50
 * 0.20–0.30 s, at most 0.50–0.60 s (bench/new-connections.ts, three runs each).
 */
export const LISTENING_SOCKETS = 8;

/**
 * `reusePort` exists in Node 22.12+ and 23.1+, and spreads connections on Linux; elsewhere (Node 20,
 * or a platform where Node throws for it) the server keeps one listening socket.
 */
export function spreadsAccepts(nodeVersion = process.versions.node, platform = process.platform): boolean {
  const [major = 0, minor = 0] = nodeVersion.split('.').map(Number);
  const node = major >= 24 || (major === 23 && minor >= 1) || (major === 22 && minor >= 12);
  return node && platform === 'linux';
}

export interface Listening {
  /** The number of sockets accepting connections. */
  sockets: number;
  /** Stops every extra socket from accepting (the main one stops with app.close()). */
  stopAccepting: () => void;
}

/**
 * Listens like `app.listen`, with LISTENING_SOCKETS sockets on the port where spreadsAccepts().
 * Their connections are handed to the app's own HTTP server, so timeouts, keep-alive, the closing
 * of idle connections and the shutdown treat them all alike.
 */
export async function listenSpread(app: FastifyInstance, port: number, host: string, sockets = spreadsAccepts() ? LISTENING_SOCKETS : 1): Promise<Listening> {
  if (sockets <= 1) {
    await app.listen({ port, host });
    return { sockets: 1, stopAccepting: () => {} };
  }
  // With SO_REUSEPORT a second copy of the server (same user) would bind the same port without an
  // error and silently take half the connections; refuse to start as a plain bind would.
  if (await somethingAnswers(port, host)) {
    throw Object.assign(new Error(`listen EADDRINUSE: address already in use ${host}:${port}`), { code: 'EADDRINUSE' });
  }
  // Fastify hands its options to server.listen(); its types do not name reusePort yet.
  await app.listen({ port, host, reusePort: true } as FastifyListenOptions);
  const address = app.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  const extras: net.Server[] = [];
  for (let i = 1; i < sockets; i++) {
    // The options http.Server gives its own sockets (half-open allowed, no Nagle delay).
    const extra = net.createServer({ allowHalfOpen: true, noDelay: true }, (socket) => app.server.emit('connection', socket));
    await new Promise<void>((resolve, reject) => {
      extra.once('error', reject);
      extra.listen({ port: boundPort, host: bindHost(app), reusePort: true }, () => {
        extra.off('error', reject);
        resolve();
      });
    });
    extras.push(extra);
  }
  return { sockets, stopAccepting: () => extras.forEach((s) => s.close()) };
}

/** The address the main socket is bound to (the host name resolved as app.listen resolved it). */
function bindHost(app: FastifyInstance): string {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.address : '127.0.0.1';
}

/** True when a server already accepts connections at host:port (a wildcard host is asked on loopback). */
function somethingAnswers(port: number, host: string): Promise<boolean> {
  if (port === 0) return Promise.resolve(false);
  const target = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: target });
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
