import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
/** The cookie that tells a browser where someone has signed in before (OWASP's "device cookie"). */
export const DEVICE_COOKIE = 'mathclub_device';
/** Kept for half a year: a teacher's own browser stays known across terms. */
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const NONCE = /^[A-Za-z0-9_-]{22}$/;
const sign = (secret, login, nonce) => createHmac('sha256', secret).update(`device\n${login}\n${nonce}`).digest('base64url');
/**
 * Why: behind one school address the teacher and a guessing student share the (login, address)
 * count, so the student could keep that address waiting. A browser that has signed in to a login
 * before carries a cookie signed for that login; its guesses are counted for that browser alone,
 * and nobody else can make one (HMAC with the server's secret). Returns the browser's id when the
 * request carries a valid cookie for `login`, else undefined.
 */
export function knownDevice(cookieHeader, secret, login) {
    if (!cookieHeader)
        return undefined;
    const value = parseCookie(cookieHeader)[DEVICE_COOKIE];
    if (!value)
        return undefined;
    // One cookie per browser may name several logins (a shared classroom computer): "nonce.sig" pairs.
    for (const entry of value.split('~').slice(0, 8)) {
        const [nonce, signature] = entry.split('.');
        if (!nonce || !signature || !NONCE.test(nonce))
            continue;
        const expected = Buffer.from(sign(secret, login, nonce));
        const given = Buffer.from(signature);
        if (given.length === expected.length && timingSafeEqual(given, expected))
            return nonce;
    }
    return undefined;
}
/** The Set-Cookie header after a successful sign-in to `login`: its entry first, at most 8 kept. */
export function deviceCookieAfterSignIn(cookieHeader, secret, login, secure) {
    const nonce = knownDevice(cookieHeader, secret, login) ?? randomBytes(16).toString('base64url');
    const others = cookieHeader ? (parseCookie(cookieHeader)[DEVICE_COOKIE] ?? '').split('~').filter((e) => e && !e.startsWith(`${nonce}.`)) : [];
    const value = [`${nonce}.${sign(secret, login, nonce)}`, ...others].slice(0, 8).join('~');
    return stringifySetCookie({
        name: DEVICE_COOKIE,
        value,
        maxAge: MAX_AGE_SECONDS,
        path: '/api/auth/login',
        httpOnly: true,
        sameSite: 'strict',
        secure,
    });
}
//# sourceMappingURL=device-cookie.js.map