import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { GuessThrottle, TURN_HOLD_SECONDS, type GuessRules } from '../lib/guess-throttle.js';
import type { SignInLimits } from '../modules/auth/auth.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sign-in guessing limits (modules/auth); the failures per login also feed the teachers' notice. */
    signInLimits: SignInLimits;
    /** Guesses of the current password when changing it, per account. */
    passwordChangeGuesses: GuessThrottle;
  }
}

/** The wait after the last free guess; it doubles per further failure up to the configured cap. */
export const FIRST_DELAY_SECONDS = 1;

/** Login attempts per address are counted per minute. */
const ATTEMPTS_WINDOW_SECONDS = 60;

/**
 * The counters that slow password guessing, made once for the whole app (routes in different
 * plugins read the same counts) and kept where `app.limiter` keeps them: in Redis when several
 * instances share the work, else in this process.
 */
export function registerGuessLimits(app: FastifyInstance, config: Config): void {
  const guesses = (name: string, rules: GuessRules) =>
    new GuessThrottle(app.limiter(`${name}-failures`, 1, config.loginFailureWindowSeconds), app.limiter(`${name}-turns`, 1, TURN_HOLD_SECONDS), rules);
  const rules = (freeFailures: number): GuessRules => ({ freeFailures, firstDelaySeconds: FIRST_DELAY_SECONDS, maxDelaySeconds: config.loginMaxDelaySeconds });
  app.decorate('signInLimits', {
    guessesPerLoginAndAddress: guesses('sign-in', rules(config.loginFreeFailures)),
    failuresPerLogin: app.limiter('sign-in-failures-per-login', 1, config.loginFailureWindowSeconds),
    loginUnderAttackAt: config.loginRateLimit,
    attemptsPerAddress: app.limiter('sign-in-attempts-per-address', config.loginRateLimitPerIp, ATTEMPTS_WINDOW_SECONDS),
  });
  app.decorate('passwordChangeGuesses', guesses('password-change', rules(config.passwordChangeFreeFailures)));
}
