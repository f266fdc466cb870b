/** Join-code attempts are counted over this window. */
const WINDOW_SECONDS = 15 * 60;
/** Keyed by the app's database handle: the same object in every encapsulated plugin of one app. */
const made = new WeakMap();
/**
 * The counters every way of using a join code shares (POST /api/groups/join and a sign-up through a
 * join link): made once per app, so guesses spread over both routes still count together, in Redis
 * when configured. 25^8 codes at JOIN_RATE_LIMIT_PER_IP tries per 15 minutes is centuries per group.
 */
export function joinLimits(app) {
    let limits = made.get(app.db);
    if (!limits) {
        limits = {
            perUser: app.limiter('join-code-user', app.config.joinRateLimitPerUser, WINDOW_SECONDS),
            perAddress: app.limiter('join-code-ip', app.config.joinRateLimitPerIp, WINDOW_SECONDS),
        };
        made.set(app.db, limits);
    }
    return limits;
}
//# sourceMappingURL=join-limits.js.map