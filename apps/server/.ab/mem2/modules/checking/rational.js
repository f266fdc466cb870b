/** Results larger than this many bits are refused, so one answer cannot eat the worker's memory. */
export const RATIONAL_MAX_BITS = 200_000;
export class RationalTooLarge extends Error {
}
export class DivisionByZero extends Error {
}
const abs = (a) => (a < 0n ? -a : a);
function gcd(a, b) {
    a = abs(a);
    b = abs(b);
    while (b !== 0n)
        [a, b] = [b, a % b];
    return a;
}
function bitLength(a) {
    return a === 0n ? 0 : abs(a).toString(16).length * 4;
}
export function rational(n, d = 1n) {
    if (d === 0n)
        throw new DivisionByZero();
    if (d < 0n) {
        n = -n;
        d = -d;
    }
    const g = gcd(n, d);
    const r = g > 1n ? { n: n / g, d: d / g } : { n, d };
    if (bitLength(r.n) + bitLength(r.d) > RATIONAL_MAX_BITS)
        throw new RationalTooLarge();
    return r;
}
export const ZERO = rational(0n);
export const ONE = rational(1n);
export const add = (a, b) => rational(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a, b) => rational(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a, b) => rational(a.n * b.n, a.d * b.d);
export const div = (a, b) => rational(a.n * b.d, a.d * b.n);
export const neg = (a) => ({ n: -a.n, d: a.d });
export const isZero = (a) => a.n === 0n;
export const isInteger = (a) => a.d === 1n;
export const equals = (a, b) => a.n === b.n && a.d === b.d;
/** -1, 0 or 1 as a < b, a = b, a > b. */
export const compare = (a, b) => {
    const x = a.n * b.d - b.n * a.d;
    return x < 0n ? -1 : x > 0n ? 1 : 0;
};
export const absolute = (a) => ({ n: abs(a.n), d: a.d });
/** a^k for an integer k; the size is checked before the work is done. */
export function pow(a, k) {
    if (k < 0n)
        return pow(div(ONE, a), -k);
    if (k === 0n)
        return ONE;
    const bits = Math.max(bitLength(a.n), bitLength(a.d));
    if (bits > 1 && Number(k) * bits > RATIONAL_MAX_BITS)
        throw new RationalTooLarge();
    return rational(a.n ** k, a.d ** k);
}
/** The exact square root when `a` is the square of a rational, else undefined. */
export function exactSqrt(a) {
    if (a.n < 0n)
        return undefined;
    const rn = isqrt(a.n);
    const rd = isqrt(a.d);
    return rn * rn === a.n && rd * rd === a.d ? rational(rn, rd) : undefined;
}
function isqrt(a) {
    if (a < 2n)
        return a;
    // Newton's method from a power of two above the root: converges in O(log bits) steps.
    let x = 1n << BigInt(Math.ceil(bitLength(a) / 2) + 1);
    for (;;) {
        const y = (x + a / x) >> 1n;
        if (y >= x)
            return x;
        x = y;
    }
}
/**
 * The exact value of a decimal literal such as `-12.5e-3`, `0.333333` or `1e+50` (the way
 * MathJSON and JavaScript print numbers); undefined for anything else.
 */
export function fromDecimalString(text) {
    const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,7}))?$/.exec(text.trim());
    if (!m || (m[2] === '' && (m[3] ?? '') === ''))
        return undefined;
    const [, sign, whole = '', frac = '', exp = '0'] = m;
    const e = Number(exp) - frac.length;
    if (Math.abs(e) > 100_000)
        throw new RationalTooLarge();
    const digits = BigInt((whole + frac) || '0') * (sign === '-' ? -1n : 1n);
    return e >= 0 ? rational(digits * 10n ** BigInt(e)) : rational(digits, 10n ** BigInt(-e));
}
/** A JavaScript number taken at its shortest decimal spelling (what a person typed, e.g. a tolerance of 0.01). */
export function fromNumber(x) {
    return Number.isFinite(x) ? fromDecimalString(String(x)) : undefined;
}
//# sourceMappingURL=rational.js.map