import { createHmac, timingSafeEqual } from 'node:crypto';
/** A link lives at most this long (PRODUCT.md §16)… */
export const LINK_MAX_SECONDS = 3600;
/** …and is signed for the same expiry throughout a window this long, so it stays byte-identical. */
const WINDOW_SECONDS = 600;
/**
 * Expiring, unguessable image links (PRODUCT.md §5, §16): `/api/files/<key>?exp=<unix s>&sig=<hmac>`.
 * Every link signed within one ten-minute window gets the same expiry, an hour after the window
 * began, so a list's links stay byte-identical (the browser caches the image, the lists their
 * bytes) and each is valid for 50 to 60 minutes: a link copied out of the app is a short pass.
 */
export class ImageUrlSigner {
    secret;
    remember;
    /** Links already signed for the current expiry: a review list signs the same images on every load. */
    recent = new Map();
    constructor(secret, remember = 5000) {
        this.secret = secret;
        this.remember = remember;
    }
    /** The URL a client may use to fetch `key`, or undefined when there is no image. */
    urlFor(key, now = Date.now()) {
        if (!key)
            return undefined;
        const exp = ImageUrlSigner.expiry(now);
        const known = this.recent.get(key);
        if (known?.exp === exp)
            return known.url;
        const url = `/api/files/${key}?exp=${exp}&sig=${this.sign(key, exp)}`;
        this.recent.delete(key);
        this.recent.set(key, { exp, url });
        if (this.recent.size > this.remember)
            this.recent.delete(this.recent.keys().next().value);
        return url;
    }
    /** True when `sig` was made by this server for `key`, `exp` has not passed and is at most an hour away. */
    verify(key, exp, sig, now = Date.now()) {
        // Expired, or further ahead than this server ever signs (a link from before the one-hour rule).
        if (!Number.isSafeInteger(exp) || exp * 1000 <= now || exp * 1000 - now > LINK_MAX_SECONDS * 1000)
            return false;
        const expected = Buffer.from(this.sign(key, exp));
        const given = Buffer.from(sig);
        return given.length === expected.length && timingSafeEqual(given, expected);
    }
    /** The expiry every link signed at `now` gets (unix seconds): it changes every ten minutes. */
    static expiry(now = Date.now()) {
        return Math.floor(now / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS + LINK_MAX_SECONDS;
    }
    /** Seconds until `exp`, for Cache-Control. */
    static secondsLeft(exp, now = Date.now()) {
        return Math.max(0, Math.floor(exp - now / 1000));
    }
    sign(key, exp) {
        return createHmac('sha256', this.secret).update(`image:${key}:${exp}`).digest('base64url');
    }
}
//# sourceMappingURL=signed-url.js.map