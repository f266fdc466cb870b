import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/**
 * A redis-server of the test's own on a free port, which the test may kill and start again (the
 * shared Redis must never be stopped): for relay outages. Needs `redis-server` on the PATH.
 */
export interface PrivateRedis {
  url: string;
  /** Kills the server at once (SIGKILL): clients see their connections drop. */
  kill(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
}

/** A TCP port nobody listens on right now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

/** Starts a private redis-server (no persistence) and resolves once it accepts connections. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const process = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'inherit'] });
      child = process;
      let output = '';
      process.stdout!.setEncoding('utf8');
      process.stdout!.on('data', (text: string) => {
        output += text;
        if (output.includes('Ready to accept connections')) resolve();
      });
      process.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output.slice(-500)}`)));
    });
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    kill: async () => {
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
    start,
  };
}
