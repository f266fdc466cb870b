/**
 * Entry of a checking worker thread (piscina runs the default export per task). One engine per
 * thread, kept between tasks; a thread that overruns the time limit is terminated by the pool and
 * replaced, so nothing here has to be interruptible.
 */
import type { MessagePort } from 'node:worker_threads';
import type { CheckVerdict } from '@mathclub/shared';
import { Judge, type CheckableKind, type CheckSpec, type KeyParse } from './judge.js';

export type CheckTask =
  | { op: 'ping' }
  | { op: 'check'; spec: CheckSpec; answer: string; started: MessagePort }
  | { op: 'parseKey'; kind: CheckableKind; key: string; started: MessagePort };

const judge = new Judge();
// Build the engine's lazy tables now, while the thread starts, not during a student's first check.
judge.check({ kind: 'expression', key: 'x^2-1' }, '(x-1)(x+1)');
judge.check({ kind: 'number', key: '\\sqrt2' }, '1.41');

export default function run(task: CheckTask): CheckVerdict | KeyParse | 'pong' {
  if (task.op === 'ping') return 'pong';
  // The time limit runs from here, not from when the task entered the queue.
  task.started.postMessage(null);
  task.started.close();
  return task.op === 'check' ? judge.check(task.spec, task.answer) : judge.parseKey(task.kind, task.key);
}
