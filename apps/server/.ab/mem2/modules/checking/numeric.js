import { absolute, add, compare, fromDecimalString, fromNumber, mul, rational, RationalTooLarge, sub } from './rational.js';
export const LOW_PRECISION = 50;
export const HIGH_PRECISION = 100;
const tenTo = (e) => (e >= 0 ? rational(10n ** BigInt(e)) : rational(1n, 10n ** BigInt(-e)));
/** A numeric MathJSON value (`1.5`, `{num}`, `["Complex", re, im]`, `["Rational", p, q]`) as exact parts. */
function parts(json) {
    const real = (x) => {
        if (typeof x === 'number')
            return fromNumber(x);
        if (x && typeof x === 'object' && !Array.isArray(x) && typeof x.num === 'string') {
            return fromDecimalString(x.num);
        }
        if (Array.isArray(x) && x[0] === 'Rational' && x.length === 3) {
            const p = real(x[1]);
            const q = real(x[2]);
            return p && q && q.n !== 0n ? rational(p.n * q.d, p.d * q.n) : undefined;
        }
        return undefined;
    };
    if (Array.isArray(json) && json[0] === 'Complex' && json.length === 3) {
        const re = real(json[1]);
        const im = real(json[2]);
        return re && im ? { re, im } : undefined;
    }
    const re = real(json);
    return re ? { re, im: rational(0n) } : undefined;
}
function at(ce, expr, precision) {
    ce.precision = precision;
    return parts(expr.N().json);
}
/** The value of a constant expression at high precision, or undefined when it has none (or is astronomically large). */
export function approximate(ce, expr) {
    try {
        const low = at(ce, expr, LOW_PRECISION);
        const high = at(ce, expr, HIGH_PRECISION);
        if (!low || !high)
            return undefined;
        const gap = add(absolute(sub(high.re, low.re)), absolute(sub(high.im, low.im)));
        const scale = add(rational(1n), add(absolute(high.re), absolute(high.im)));
        return {
            re: high.re,
            im: high.im,
            err: add(gap, mul(scale, tenTo(-(LOW_PRECISION - 5)))),
            multiprecision: compare(gap, mul(scale, tenTo(-(LOW_PRECISION - 8)))) <= 0,
        };
    }
    catch (error) {
        if (error instanceof RationalTooLarge)
            return undefined;
        throw error;
    }
    finally {
        ce.precision = HIGH_PRECISION;
    }
}
/** |a − b| over both parts. */
export function distance(a, b) {
    return add(absolute(sub(a.re, b.re)), absolute(sub(a.im, b.im)));
}
/** Proven different: the gap is far above what both evaluations could be off by. */
export function clearlyDifferent(a, b, beyond = rational(0n)) {
    const margin = mul(rational(10n), add(a.err, b.err));
    return compare(distance(a, b), add(beyond, margin)) > 0;
}
/** Proven within `tolerance` even allowing for the evaluations' error. */
export function clearlyWithin(a, b, tolerance) {
    const margin = mul(rational(10n), add(a.err, b.err));
    return compare(add(distance(a, b), margin), tolerance) <= 0;
}
/**
 * Agreement to about 85 significant digits of two values computed in genuine multiprecision.
 * Used only for constant expressions written without decimals (the checker's rule), where a
 * coincidence to 85 digits between two short closed forms is not a realistic event.
 */
export function agreesToHighPrecision(a, b) {
    if (!a.multiprecision || !b.multiprecision)
        return false;
    const scale = add(rational(1n), add(absolute(a.re), absolute(a.im)));
    return compare(distance(a, b), mul(scale, tenTo(-(HIGH_PRECISION - 15)))) <= 0;
}
//# sourceMappingURL=numeric.js.map