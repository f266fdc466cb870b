import { RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimited } from './rate-limited.js';
/** Seconds the next guess must wait after `failures` wrong ones (0 while some are still free). */
export function delayAfter(failures, rules) {
    if (failures < rules.freeFailures)
        return 0;
    const doublings = Math.min(failures - rules.freeFailures, 30);
    return Math.min(rules.firstDelaySeconds * 2 ** doublings, rules.maxDelaySeconds);
}
/**
 * How long a guess that has taken its turn holds it while its hash is checked. Only a crash
 * between taking the turn and answering leaves it held this long.
 */
export const TURN_HOLD_SECONDS = 10;
/**
 * Slows guessing down with an exponential delay instead of locking anyone out. Every guess is
 * counted atomically *before* its secret is checked (rate-limiter-flexible: one Redis script or
 * one step of the event loop), so guesses sent together cannot all slip past the count:
 * - the first `freeFailures - 1` guesses of a key are checked at once;
 * - from the last free one on, a guess must take the key's single turn (`turns`, one point): of
 *   guesses sent together exactly one gets it, the others answer 429 without being checked;
 * - a wrong guess keeps the turn for `delayAfter(failures)` seconds, a right one forgets the key.
 * So of any number of guesses sent at once, at most `freeFailures` are checked.
 */
export class GuessThrottle {
    failures;
    turns;
    rules;
    constructor(
    /** Failures per key; never refuses (points unused), forgets a key when its window ends. */
    failures, 
    /** One point per key, window TURN_HOLD_SECONDS: who may check a guess now. */
    turns, rules) {
        this.failures = failures;
        this.turns = turns;
        this.rules = rules;
    }
    /**
     * Takes a turn to check one guess for `key`, or throws 429 RATE_LIMITED with Retry-After.
     * `freeFailures` overrides the rule for this guess (fewer when the account is under attack).
     */
    async take(key, freeFailures = this.rules.freeFailures) {
        const { consumedPoints: attempt } = await this.failures.penalty(key, 1);
        if (attempt < freeFailures)
            return new GuessTurn(this.failures, this.turns, key, 0, false);
        try {
            await this.turns.consume(key);
        }
        catch (rejection) {
            // Not checked, so not counted.
            await this.failures.reward(key, 1);
            if (rejection instanceof RateLimiterRes)
                throw rateLimited(rejection.msBeforeNext);
            throw rejection;
        }
        return new GuessTurn(this.failures, this.turns, key, delayAfter(attempt, { ...this.rules, freeFailures }), true);
    }
    /** Failures counted for `key` in its current window. */
    async failuresOf(key) {
        return (await this.failures.get(key))?.consumedPoints ?? 0;
    }
}
/** One guess being checked: tell it how the check ended. */
export class GuessTurn {
    failures;
    turns;
    key;
    delaySeconds;
    holdsTurn;
    constructor(failures, turns, key, 
    /** Seconds the key waits if this guess was wrong. */
    delaySeconds, holdsTurn) {
        this.failures = failures;
        this.turns = turns;
        this.key = key;
        this.delaySeconds = delaySeconds;
        this.holdsTurn = holdsTurn;
    }
    /** A wrong guess: it stays counted, and the key waits before its next one. */
    async failed() {
        if (this.delaySeconds > 0)
            await this.turns.block(this.key, this.delaySeconds);
    }
    /** The right secret: the key's failures are forgotten. */
    async succeeded() {
        await Promise.all([this.failures.delete(this.key), this.turns.delete(this.key)]);
    }
    /** The check could not be made (e.g. the database is down): the guess does not count. */
    async cancel() {
        await Promise.all([this.failures.reward(this.key, 1), this.holdsTurn ? this.turns.delete(this.key) : undefined]);
    }
}
//# sourceMappingURL=guess-throttle.js.map