import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { listenSpread, spreadsAccepts } from './accept-sockets.js';

/** One GET / on a new connection: the body, or the connection error's code. */
function getOnce(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('end', () => resolve(text.slice(text.indexOf('\r\n\r\n') + 4)));
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

describe('listening on several sockets of the port', () => {
  const apps: FastifyInstance[] = [];
  const servers: net.Server[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  });

  const app = () => {
    const a = Fastify();
    a.get('/', async () => 'answered');
    apps.push(a);
    return a;
  };
  const portOf = (a: FastifyInstance) => (a.server.address() as net.AddressInfo).port;

  it('spreads accepts only where Node has reusePort (22.12+, 23.1+) and on Linux', () => {
    expect(spreadsAccepts('20.19.0', 'linux')).toBe(false);
    expect(spreadsAccepts('22.11.0', 'linux')).toBe(false);
    expect(spreadsAccepts('22.12.0', 'linux')).toBe(true);
    expect(spreadsAccepts('23.0.0', 'linux')).toBe(false);
    expect(spreadsAccepts('23.1.0', 'linux')).toBe(true);
    expect(spreadsAccepts('24.0.0', 'linux')).toBe(true);
    expect(spreadsAccepts('24.0.0', 'darwin')).toBe(false);
    expect(spreadsAccepts('24.0.0', 'win32')).toBe(false);
  });

  it('with one socket, listens as app.listen does and stops with app.close()', async () => {
    const a = app();
    const listening = await listenSpread(a, 0, '127.0.0.1', 1);
    expect(listening.sockets).toBe(1);
    const port = portOf(a);
    expect(await getOnce(port)).toBe('answered');
    listening.stopAccepting();
    await a.close();
    expect(await getOnce(port)).toBe('ECONNREFUSED');
  });

  // Node 20 has no `reusePort`, so these are skipped under `npm test` on Node 20; `.ci/run` runs
  // the unit suites again on Node 24, where they run.
  describe.runIf(spreadsAccepts())('where the runtime spreads accepts', () => {
    it('answers every connection, whichever socket accepted it, through the one HTTP server', async () => {
      const a = app();
      let connections = 0;
      a.server.on('connection', () => connections++);
      const listening = await listenSpread(a, 0, '127.0.0.1', 4);
      expect(listening.sockets).toBe(4);
      const answers = await Promise.all(Array.from({ length: 48 }, () => getOnce(portOf(a))));
      expect(answers).toEqual(Array.from({ length: 48 }, () => 'answered'));
      expect(connections).toBe(48);
    });

    it('stops accepting on every socket at shutdown', async () => {
      const a = app();
      const listening = await listenSpread(a, 0, '127.0.0.1', 4);
      const port = portOf(a);
      listening.stopAccepting();
      await a.close();
      const answers = await Promise.all(Array.from({ length: 16 }, () => getOnce(port)));
      expect(answers).toEqual(Array.from({ length: 16 }, () => 'ECONNREFUSED'));
    });

    it('refuses to share its port with a server already there, as a plain bind would', async () => {
      const first = app();
      await listenSpread(first, 0, '127.0.0.1', 4);
      const second = app();
      await expect(listenSpread(second, portOf(first), '127.0.0.1', 4)).rejects.toMatchObject({ code: 'EADDRINUSE' });
      // The first copy keeps every connection.
      const answers = await Promise.all(Array.from({ length: 16 }, () => getOnce(portOf(first))));
      expect(answers.every((t) => t === 'answered')).toBe(true);
      expect(second.server.listening).toBe(false);
    });
  });

  it('refuses a port that another program holds', async () => {
    const other = net.createServer((s) => s.end());
    servers.push(other);
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    const port = (other.address() as net.AddressInfo).port;
    await expect(listenSpread(app(), port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});
