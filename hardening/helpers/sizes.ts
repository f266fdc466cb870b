/** Full run (npm run test:hardening) or the CI-sized one inside npm test. */
export const FULL = process.env.HARDENING_FULL === '1';

/** `ci` cases in the CI run, `full` in the full run. */
export const size = (ci: number, full: number): number => (FULL ? full : ci);

/** Fixed seeds keep the CI run deterministic; the full run explores new cases each time. */
export const seed = (fixed: number): number | undefined => (FULL ? undefined : fixed);
