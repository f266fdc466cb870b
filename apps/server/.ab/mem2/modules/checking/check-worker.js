/**
 * Entry of a checking worker thread (piscina runs the default export per task). One engine per
 * thread, kept between tasks; a thread that overruns the time limit is terminated by the pool and
 * replaced, so nothing here has to be interruptible.
 */
import { setPriority } from 'node:os';
import { Judge } from './judge.js';
// The lowest scheduling priority for this thread only (Linux's nice is per thread; elsewhere it may
// apply to the process or be refused): on a 2-core server, a burst of checks otherwise takes both
// cores from the event loop, and every read waits behind algebra (bench: reads during a burst of
// checked submissions). Checks then use what the requests leave.
try {
    if (process.platform === 'linux')
        setPriority(19);
}
catch {
    // Not allowed here: checks run at the process's priority, as before.
}
const judge = new Judge();
// Build the engine's lazy tables now, while the thread starts, not during a student's first check.
judge.check({ kind: 'expression', key: 'x^2-1' }, '(x-1)(x+1)');
judge.check({ kind: 'number', key: '\\sqrt2' }, '1.41');
export default function run(task) {
    if (task.op === 'ping')
        return 'pong';
    // The time limit runs from here, not from when the task entered the queue.
    task.started.postMessage(null);
    task.started.close();
    return task.op === 'check'
        ? judge.check(task.spec, task.answer, task.softLimitMs)
        : judge.parseKey(task.kind, task.key, task.softLimitMs);
}
//# sourceMappingURL=check-worker.js.map