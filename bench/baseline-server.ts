/**
 * The yardstick, in a process of its own like the real server: a bare node:http server answering
 * each request with the bytes the real server sent for that kind of request, from memory, after
 * reading the request body like the real server must. Started by `startBaseline` in load.ts:
 *
 *   node --import tsx bench/baseline-server.ts <answers.json> <port>
 *
 * Measured in the bench's own process it shared one event loop with autocannon and answered
 * 18,342 req/s where the same code in its own process answers 27,064: every ratio was inflated.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { answerKey, type BaselineAnswers } from './baseline-answers.js';

const [answersFile, port] = process.argv.slice(2);
const answers = JSON.parse(readFileSync(answersFile!, 'utf8')) as BaselineAnswers;

interface Ready {
  status: number;
  headers: Record<string, string | number | string[]>;
  body: Buffer;
}
const prepare = (a: BaselineAnswers['byKey'][string]): Ready => {
  const body = Buffer.from(a.bodyBase64, 'base64');
  const headers: Record<string, string | number | string[]> = { ...a.headers, 'content-type': a.contentType, 'content-length': body.length };
  if (a.contentEncoding) headers['content-encoding'] = a.contentEncoding;
  return { status: a.status, headers, body };
};
const byKey = new Map(Object.entries(answers.byKey).map(([k, a]) => [k, prepare(a)]));
const fallback = byKey.get(answers.defaultKey)!;

const server = http.createServer((req, res) => {
  const answer = byKey.size === 1 ? fallback : (byKey.get(answerKey(req.method ?? 'GET', req.url ?? '/')) ?? fallback);
  req.on('data', () => {});
  req.on('end', () => {
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });
});
// As long as the real server's: autocannon keeps its 64 connections open for the whole run.
server.keepAliveTimeout = 72_000;
server.listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
