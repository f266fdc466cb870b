import { GuessThrottle, TURN_HOLD_SECONDS } from '../lib/guess-throttle.js';
/** The wait after the last free guess; it doubles per further failure up to the configured cap. */
export const FIRST_DELAY_SECONDS = 1;
/** Login attempts per address are counted per minute. */
const ATTEMPTS_WINDOW_SECONDS = 60;
/**
 * The counters that slow password guessing, made once for the whole app (routes in different
 * plugins read the same counts) and kept where `app.limiter` keeps them: in Redis when several
 * instances share the work, else in this process.
 */
export function registerGuessLimits(app, config) {
    const guesses = (name, rules) => new GuessThrottle(app.limiter(`${name}-failures`, 1, config.loginFailureWindowSeconds), app.limiter(`${name}-turns`, 1, TURN_HOLD_SECONDS), rules);
    const rules = (freeFailures) => ({ freeFailures, firstDelaySeconds: FIRST_DELAY_SECONDS, maxDelaySeconds: config.loginMaxDelaySeconds });
    app.decorate('signInLimits', {
        guessesPerLoginAndAddress: guesses('sign-in', rules(config.loginFreeFailures)),
        failuresPerLogin: app.limiter('sign-in-failures-per-login', 1, config.loginFailureWindowSeconds),
        loginUnderAttackAt: config.loginRateLimit,
        attemptsPerAddress: app.limiter('sign-in-attempts-per-address', config.loginRateLimitPerIp, ATTEMPTS_WINDOW_SECONDS),
    });
    app.decorate('passwordChangeGuesses', guesses('password-change', rules(config.passwordChangeFreeFailures)));
}
//# sourceMappingURL=guess-limits.js.map