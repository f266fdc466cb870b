import { Address6 } from 'ip-address';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimited } from '../lib/rate-limited.js';
/**
 * The key an address is counted under: an IPv4 address as it is; an IPv4-mapped IPv6 address as
 * its IPv4; any other IPv6 address by its /64, the block one subscriber gets and can rotate through
 * at will. Anything unparsable (a proxy's odd header) is counted as it was written.
 */
export function addressKey(ip) {
    if (!ip.includes(':'))
        return ip;
    try {
        const address = new Address6(ip);
        if (address.isMapped4())
            return address.to4().correctForm();
        return new Address6(`${address.correctForm()}/64`).startAddress().correctForm();
    }
    catch {
        return ip;
    }
}
/**
 * Requests counted per key in fixed windows that start at the key's first request, in this
 * process and synchronously: one Map lookup a request. Ended windows are swept once a window, so
 * it holds the addresses seen in the last two windows at most.
 */
export class WindowCounts {
    max;
    windowMs;
    now;
    windows = new Map();
    constructor(max, windowMs, now = Date.now) {
        this.max = max;
        this.windowMs = windowMs;
        this.now = now;
    }
    /** Counts one request for `key`: the ms until its window ends when that is one too many, else 0. */
    take(key) {
        const now = this.now();
        const window = this.windows.get(key);
        if (window === undefined) {
            this.windows.set(key, { count: 1, endsAtMs: now + this.windowMs });
            return this.max >= 1 ? 0 : this.windowMs;
        }
        if (window.endsAtMs <= now) {
            window.count = 0;
            window.endsAtMs = now + this.windowMs;
        }
        window.count++;
        return window.count > this.max ? window.endsAtMs - now : 0;
    }
    /** Forgets the windows that have ended. */
    sweep() {
        const now = this.now();
        for (const [key, window] of this.windows)
            if (window.endsAtMs <= now)
                this.windows.delete(key);
    }
    /** Addresses held now (tests). */
    get size() {
        return this.windows.size;
    }
}
/**
 * The per-address API limit: `max` requests a minute from one address over what `counted` picks,
 * then 429 RATE_LIMITED with Retry-After until the address's minute ends. Counted in this process,
 * or in Redis (rate-limiter-flexible, one script a request, pipelined) when several instances share
 * it; while Redis is away requests go through uncounted rather than failing.
 *
 * Why not @fastify/rate-limit, which did this before: its hook is a chain of promises (the key, the
 * allow list, the store's callback) with three x-ratelimit-* headers set on every answer, and the
 * key normalised with `net.isIPv6`'s regular expression on every request: 5 % of a warm
 * leaderboard read's CPU in a profile (bench/README.md, "What changed"). The count here is one Map
 * lookup. The same limit, window and key for IPv4 and IPv4-mapped addresses; an IPv6 address is
 * counted by its /64, as the plugin's default did.
 */
export function registerAddressLimit(app, max, counted) {
    const windowSeconds = 60;
    if (app.redis) {
        const shared = app.limiter('api', max, windowSeconds, { insurance: false });
        app.addHook('onRequest', (request, _reply, done) => {
            if (!counted(request))
                return done();
            shared.consume(addressKey(request.ip)).then(() => done(), (rejection) => done(rejection instanceof RateLimiterRes ? rateLimited(rejection.msBeforeNext) : undefined));
        });
        return;
    }
    const counts = new WindowCounts(max, windowSeconds * 1000);
    const sweeper = setInterval(() => counts.sweep(), windowSeconds * 1000);
    sweeper.unref();
    app.addHook('onClose', async () => clearInterval(sweeper));
    app.addHook('onRequest', (request, _reply, done) => {
        if (!counted(request))
            return done();
        const waitMs = counts.take(addressKey(request.ip));
        done(waitMs > 0 ? rateLimited(waitMs) : undefined);
    });
}
//# sourceMappingURL=address-limit.js.map