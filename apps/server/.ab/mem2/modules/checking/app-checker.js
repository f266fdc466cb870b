import { ANSWER_KEY_ERRORS } from '@mathclub/shared';
import { createChecker } from './checker.js';
import { rememberingVerdicts } from './verdict-memo.js';
/**
 * Gives the app its checker. The worker threads start at the first key or answer to check, not
 * with the app: each holds its own algebra engine (tens of MB), and a school without answer keys,
 * or a test app that never checks, should not pay for them. Closed with the app.
 */
export function registerChecker(app, config) {
    let pool;
    let closed = false;
    const started = () => (pool ??= createChecker({ threads: config.checkerThreads }));
    // The same answer to the same key is judged once (verdict-memo.ts).
    const remembered = rememberingVerdicts((spec, answer) => started().check(spec, answer));
    const checker = {
        // After close, a late request gets the pool's own closed answer (unsure / invalid), never new threads.
        check: async (spec, answer) => (closed ? 'unsure' : remembered(spec, answer)),
        parseKey: async (kind, key) => (closed ? { ok: false, error: ANSWER_KEY_ERRORS.invalid } : started().parseKey(kind, key)),
        ready: async () => (closed ? undefined : started().ready()),
        close: async () => {
            closed = true;
            await pool?.close();
        },
    };
    app.decorate('checker', checker);
    app.addHook('onClose', async () => checker.close());
}
//# sourceMappingURL=app-checker.js.map