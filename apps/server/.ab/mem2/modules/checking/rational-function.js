/**
 * Exact identity of two expressions built from +, −, ×, ÷ and integer powers (PRODUCT.md §9:
 * `x^2-1` is `(x-1)(x+1)`; agreement needs an exact argument, not floating-point agreement).
 *
 * Each side is a rational function of its variables. Any other part (√2, sin x, π, |x|) becomes an
 * "atom": an extra independent variable, named by its canonical form, so `2√2·x + √2·x` and
 * `3√2·x` agree. Agreement as rational functions of independent variables implies agreement for
 * every value of them, so `equal` is sound with atoms; `different` proves a difference only when
 * there are none (√2·√3 and √6 are different atoms yet equal numbers).
 *
 * The argument, evaluated in exact rational arithmetic:
 * - No variable: both values are exact rationals; compare them.
 * - One variable: A − B = N/D with deg N ≤ `degree` (a bound computed from the tree). A non-zero N
 *   has at most `degree` roots, so agreement at `degree + 1` distinct points where both sides are
 *   defined proves N = 0. Deterministic.
 * - Several: Schwartz–Zippel. A non-zero N of total degree ≤ d vanishes at a uniformly random
 *   point of S^n with probability ≤ d/|S|. With |S| = 2^47, d ≤ `DEGREE_MAX` and 8 independent
 *   points the chance of calling two different expressions equal is below 2^-300 (less likely
 *   than a hardware fault), and the points are ours, unknown to whoever typed the answer.
 */
import { randomInt } from 'node:crypto';
import { add, div, DivisionByZero, equals, fromDecimalString, fromNumber, isInteger, mul, neg, ONE, pow, rational, ZERO, exactSqrt, } from './rational.js';
/** Above this degree bound the identity test is not attempted (the checker falls back or is unsure). */
export const DEGREE_MAX = 400;
/** Largest exponent computed exactly: `2^{1000}` yes, `10^{10^{10}}` no (left to the atom path). */
const EXPONENT_MAX = 1000n;
const RANDOM_TRIALS = 8;
const RANDOM_RANGE = 2 ** 47;
/** Symbols that are numbers, not variables. */
export const CONSTANT_SYMBOLS = new Set(['Pi', 'ExponentialE', 'ImaginaryUnit', 'GoldenRatio', 'EulerGamma', 'CatalanConstant']);
/** Symbols with no finite value: an expression holding one is not checked. */
const NON_FINITE_SYMBOLS = new Set(['PositiveInfinity', 'NegativeInfinity', 'ComplexInfinity', 'NaN', 'Nothing', 'Undefined', 'Missing']);
export class NotComparable extends Error {
}
/** Free variables of a canonical MathJSON expression (operator names excluded). */
export function freeVariables(json, out = new Set()) {
    if (typeof json === 'string') {
        if (!json.startsWith("'") && !CONSTANT_SYMBOLS.has(json) && !NON_FINITE_SYMBOLS.has(json))
            out.add(json);
    }
    else if (Array.isArray(json)) {
        for (let i = 1; i < json.length; i++)
            freeVariables(json[i], out);
    }
    else if (json && typeof json === 'object') {
        const o = json;
        if (typeof o.sym === 'string')
            freeVariables(o.sym, out);
        if (Array.isArray(o.fn))
            freeVariables(o.fn, out);
    }
    return out;
}
/** Whether any part of the expression is infinite, undefined or an error. */
export function hasNonFinite(json) {
    if (typeof json === 'string')
        return NON_FINITE_SYMBOLS.has(json);
    if (typeof json === 'number')
        return !Number.isFinite(json);
    if (Array.isArray(json))
        return json[0] === 'Error' || json.some((x, i) => i > 0 && hasNonFinite(x));
    if (json && typeof json === 'object') {
        const o = json;
        if (typeof o.num === 'string')
            return /nan|inf/i.test(o.num);
        if (typeof o.sym === 'string')
            return NON_FINITE_SYMBOLS.has(o.sym);
        if (Array.isArray(o.fn))
            return hasNonFinite(o.fn);
    }
    return false;
}
/** The exact value of a MathJSON number literal, if it is one. */
export function literalValue(json) {
    if (typeof json === 'number')
        return Number.isInteger(json) && !Number.isSafeInteger(json) ? undefined : fromNumber(json);
    if (json && typeof json === 'object' && !Array.isArray(json)) {
        const num = json.num;
        if (typeof num === 'string')
            return fromDecimalString(num);
    }
    if (Array.isArray(json) && json[0] === 'Rational' && json.length === 3) {
        const p = literalValue(json[1]);
        const q = literalValue(json[2]);
        if (p && q && isInteger(p) && isInteger(q) && q.n !== 0n)
            return rational(p.n, q.n);
    }
    return undefined;
}
const constant = (v) => ({ node: { k: 'const', v }, num: 0, den: 0, poles: 0, variables: new Set(), atoms: new Set() });
const union = (sets) => new Set(sets.flatMap((s) => [...s]));
function indeterminate(name, isAtom) {
    return { node: { k: 'var', name }, num: 1, den: 0, poles: 0, variables: new Set([name]), atoms: new Set(isAtom ? [name] : []) };
}
function atom(json) {
    return indeterminate(`⟨${JSON.stringify(json)}⟩`, true);
}
/** Compile canonical MathJSON into an exactly evaluable tree; throws `NotComparable` when it holds no value. */
export function compile(json) {
    const c = compileNode(json);
    if (c.num > DEGREE_MAX || c.den > DEGREE_MAX)
        throw new NotComparable('degree');
    return c;
}
function compileNode(json) {
    if (hasNonFinite(json))
        throw new NotComparable('non-finite');
    const literal = literalValue(json);
    if (literal)
        return constant(literal);
    if (typeof json === 'number')
        throw new NotComparable('number');
    if (typeof json === 'string') {
        if (json.startsWith("'"))
            throw new NotComparable('string');
        return CONSTANT_SYMBOLS.has(json) ? atom(json) : indeterminate(json, false);
    }
    if (!Array.isArray(json)) {
        const sym = json?.sym;
        if (typeof sym === 'string')
            return compileNode(sym);
        throw new NotComparable('shape');
    }
    const [op, ...args] = json;
    switch (op) {
        case 'Add':
        case 'Multiply': {
            if (args.length === 0)
                throw new NotComparable('empty');
            const parts = args.map(compileNode);
            const den = parts.reduce((s, p) => s + p.den, 0);
            const num = op === 'Multiply'
                ? parts.reduce((s, p) => s + p.num, 0)
                : Math.max(...parts.map((p) => p.num + den - p.den));
            return {
                node: { k: op === 'Add' ? 'add' : 'mul', args: parts.map((p) => p.node) },
                num, den,
                poles: parts.reduce((s, p) => s + p.poles, 0),
                variables: union(parts.map((p) => p.variables)),
                atoms: union(parts.map((p) => p.atoms)),
            };
        }
        case 'Negate':
            if (args.length !== 1)
                throw new NotComparable('arity');
            return compileNode(['Multiply', -1, args[0]]);
        case 'Subtract':
            if (args.length !== 2)
                throw new NotComparable('arity');
            return compileNode(['Add', args[0], ['Multiply', -1, args[1]]]);
        case 'Delimiter':
            if (args.length !== 1)
                return atom(json);
            return compileNode(args[0]);
        case 'Divide': {
            if (args.length !== 2)
                throw new NotComparable('arity');
            const a = compileNode(args[0]);
            const b = compileNode(args[1]);
            return {
                node: { k: 'div', a: a.node, b: b.node },
                num: a.num + b.den, den: a.den + b.num,
                poles: a.poles + b.poles + b.num,
                variables: union([a.variables, b.variables]),
                atoms: union([a.atoms, b.atoms]),
            };
        }
        case 'Sqrt': {
            if (args.length !== 1)
                throw new NotComparable('arity');
            const inner = compileNode(args[0]);
            if (inner.variables.size === 0) {
                const root = exactSqrt(evaluate(inner.node, new Map()));
                if (root)
                    return constant(root);
            }
            return atom(json);
        }
        case 'Power': {
            if (args.length !== 2)
                throw new NotComparable('arity');
            const exponent = compileNode(args[1]);
            if (exponent.variables.size === 0) {
                const e = evaluate(exponent.node, new Map());
                if (isInteger(e) && e.n <= EXPONENT_MAX && e.n >= -EXPONENT_MAX) {
                    const base = compileNode(args[0]);
                    const k = Number(e.n < 0n ? -e.n : e.n);
                    const [num, den] = e.n < 0n ? [base.den * k, base.num * k] : [base.num * k, base.den * k];
                    if (num <= DEGREE_MAX && den <= DEGREE_MAX) {
                        return {
                            node: { k: 'pow', a: base.node, e: e.n },
                            num, den,
                            poles: base.poles + (e.n < 0n ? base.num : 0),
                            variables: base.variables,
                            atoms: base.atoms,
                        };
                    }
                }
            }
            return atom(json);
        }
        default:
            // sin x, ln x, |x|, ∛x, a tuple…: opaque, but still an expression in its own right.
            return atom(json);
    }
}
/** Exact value at a point; throws `DivisionByZero` at a pole. */
export function evaluate(node, at) {
    switch (node.k) {
        case 'const':
            return node.v;
        case 'var': {
            const v = at.get(node.name);
            if (!v)
                throw new NotComparable(`no value for ${node.name}`);
            return v;
        }
        case 'add':
            return node.args.reduce((s, a) => add(s, evaluate(a, at)), ZERO);
        case 'mul':
            return node.args.reduce((s, a) => mul(s, evaluate(a, at)), ONE);
        case 'div':
            return div(evaluate(node.a, at), evaluate(node.b, at));
        case 'pow': {
            const base = evaluate(node.a, at);
            if (base.n === 0n && node.e < 0n)
                throw new DivisionByZero();
            return pow(base, node.e);
        }
    }
}
/** Whether two compiled expressions are the same rational function (see the file comment). */
export function identity(a, b) {
    const names = [...union([a.variables, b.variables])];
    const degree = Math.max(a.num + b.den, b.num + a.den);
    if (degree > DEGREE_MAX)
        return 'unknown';
    const diff = { k: 'add', args: [a.node, { k: 'mul', args: [{ k: 'const', v: neg(ONE) }, b.node] }] };
    const differsAt = (at) => {
        try {
            return evaluate(diff, at).n !== 0n;
        }
        catch (error) {
            if (error instanceof DivisionByZero)
                return undefined; // a pole: try another point
            throw error;
        }
    };
    if (names.length === 0) {
        const d = differsAt(new Map());
        return d === undefined ? 'unknown' : d ? 'different' : 'equal';
    }
    const [only] = names;
    if (names.length === 1 && only !== undefined) {
        let agreeing = 0;
        const attempts = degree + 1 + a.poles + b.poles;
        for (let t = 1; t <= attempts && agreeing <= degree; t++) {
            const d = differsAt(new Map([[only, rational(BigInt(t))]]));
            if (d)
                return 'different';
            if (d === false)
                agreeing++;
        }
        return agreeing > degree ? 'equal' : 'unknown';
    }
    let agreeing = 0;
    for (let attempt = 0; attempt < RANDOM_TRIALS * 3 && agreeing < RANDOM_TRIALS; attempt++) {
        const at = new Map(names.map((n) => [n, rational(BigInt(randomInt(1, RANDOM_RANGE)))]));
        const d = differsAt(at);
        if (d)
            return 'different';
        if (d === false)
            agreeing++;
    }
    return agreeing >= RANDOM_TRIALS ? 'equal' : 'unknown';
}
export { equals as rationalEquals };
//# sourceMappingURL=rational-function.js.map