import type { FastifyInstance } from 'fastify';
import { ANSWER_KEY_ERRORS } from '@mathclub/shared';
import type { Config } from '../../config.js';
import { createChecker, type Checker } from './checker.js';
import { rememberingVerdicts } from './verdict-memo.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The answer checker (PRODUCT.md §9): one worker pool per app, closed with it. */
    checker: Checker;
  }
}

/**
 * Gives the app its checker. The worker threads start at the first key or answer to check, not
 * with the app: each holds its own algebra engine (tens of MB), and a school without answer keys,
 * or a test app that never checks, should not pay for them. Closed with the app.
 */
export function registerChecker(app: FastifyInstance, config: Pick<Config, 'checkerThreads'>): void {
  let pool: Checker | undefined;
  let closed = false;
  const started = (): Checker => (pool ??= createChecker({ threads: config.checkerThreads }));
  // The same answer to the same key is judged once (verdict-memo.ts).
  const remembered = rememberingVerdicts((spec, answer) => started().check(spec, answer));
  const checker: Checker = {
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
