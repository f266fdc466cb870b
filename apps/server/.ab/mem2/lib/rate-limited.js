import { RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './app-error.js';
/** 429 RATE_LIMITED with Retry-After: the whole seconds until `msBeforeNext` has passed (at least 1). */
export function rateLimited(msBeforeNext) {
    return new AppError('RATE_LIMITED', { retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)) });
}
/**
 * Takes one point for `key`, or refuses with 429 when the window's points are spent. The point is
 * taken atomically (one Redis script, or one step of the event loop), so requests arriving together
 * cannot all see the last free point.
 */
export async function consumeOrRefuse(limiter, key) {
    try {
        await limiter.consume(key);
    }
    catch (rejection) {
        if (rejection instanceof RateLimiterRes)
            throw rateLimited(rejection.msBeforeNext);
        throw rejection;
    }
}
//# sourceMappingURL=rate-limited.js.map