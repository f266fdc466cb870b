/**
 * The checker's decision for one answer (PRODUCT.md §9). Runs inside a pool worker: it is
 * synchronous, may be slow on hostile input, and the pool bounds its time.
 *
 * Order of arguments, cheapest and most certain first; each can only say `correct` when it has an
 * exact (or, for constants written without decimals, high-precision) argument:
 * 1. the engine's canonical forms are identical (`\sqrt8` and `2\sqrt2`, `5/6` and `10/12`);
 * 2. exact rational arithmetic (`rational-function.ts`): numbers compared exactly or within the
 *    tolerance, polynomials and rational functions proven identical or different;
 * 3. the engine's symbolic simplification of the difference is exactly 0 (`sin²x + cos²x`);
 * 4. high-precision numeric values prove a difference (`2\sqrt3` vs `2\sqrt2`), at random points
 *    when there are variables; agreement there alone is never `correct`.
 * Whatever is left is `unsure`, as is anything that throws.
 */
import { ComputeEngine } from '@cortex-js/compute-engine';
import { CHECKABLE_ANSWER_MAX, ANSWER_KEY_ERRORS, ANSWER_KEY_MAX } from '@mathclub/shared';
import { normaliseMathInput, normaliseText } from './normalise-input.js';
import { agreesToHighPrecision, approximate, clearlyDifferent, clearlyWithin, HIGH_PRECISION, } from './numeric.js';
import { absolute, compare, fromNumber, sub } from './rational.js';
import { compile, evaluate, freeVariables, hasNonFinite, identity, NotComparable } from './rational-function.js';
import { splitSet } from './split-set.js';
/** Parsed keys kept per worker: a class's 30 answers to one task parse the key once. */
const KEY_CACHE_MAX = 500;
/**
 * The engine declares every new symbol it meets and keeps it (about 2.5 KB per answer with fresh
 * names, measured): a long-lived worker starts a fresh engine after this many uses instead.
 */
const ENGINE_USES_MAX = 1_000;
export class Judge {
    engineUsesMax;
    ce = Judge.engine();
    uses = 0;
    keys = new Map();
    constructor(engineUsesMax = ENGINE_USES_MAX) {
        this.engineUsesMax = engineUsesMax;
    }
    static engine() {
        const ce = new ComputeEngine();
        ce.precision = HIGH_PRECISION;
        return ce;
    }
    renewEngineIfWorn() {
        if (++this.uses <= this.engineUsesMax)
            return;
        this.ce = Judge.engine();
        this.keys.clear(); // parsed keys belong to the old engine
        this.uses = 1;
    }
    /**
     * `softLimitMs`: the engine's own deadline (it throws from inside a long evaluation, and the
     * verdict is `unsure`), so most overruns end without the pool terminating the thread.
     */
    check(spec, answer, softLimitMs = Number.POSITIVE_INFINITY) {
        if (answer.length > CHECKABLE_ANSWER_MAX || spec.key.length > ANSWER_KEY_MAX)
            return 'unsure';
        if (answer.trim() === '')
            return 'unsure';
        this.renewEngineIfWorn();
        try {
            return Number.isFinite(softLimitMs)
                ? this.ce.withTimeLimit(softLimitMs, () => this.decide(spec, answer))
                : this.decide(spec, answer);
        }
        catch {
            return 'unsure';
        }
    }
    decide(spec, answer) {
        switch (spec.kind) {
            case 'text':
                return normaliseText(answer) === normaliseText(spec.key) ? 'correct' : 'incorrect';
            case 'number':
            case 'expression': {
                const [key] = this.keyReadings(spec);
                if (!key)
                    return 'unsure';
                return this.combine(normaliseMathInput(answer).map((r) => {
                    const a = this.parse(r);
                    if (!a)
                        return 'unsure';
                    return spec.kind === 'number' ? this.compareNumbers(key, a, spec.tolerance ?? 0) : this.compareExpressions(key, a);
                }));
            }
            case 'set':
                return this.checkSet(spec, answer);
        }
    }
    parseKey(kind, key, softLimitMs = Number.POSITIVE_INFINITY) {
        this.renewEngineIfWorn();
        try {
            return Number.isFinite(softLimitMs)
                ? this.ce.withTimeLimit(softLimitMs, () => this.readKey(kind, key))
                : this.readKey(kind, key);
        }
        catch {
            return { ok: false, error: ANSWER_KEY_ERRORS.invalid };
        }
    }
    readKey(kind, key) {
        const trimmed = key.trim();
        if (trimmed === '')
            return { ok: false, error: ANSWER_KEY_ERRORS.required };
        if (trimmed.length > ANSWER_KEY_MAX)
            return { ok: false, error: ANSWER_KEY_ERRORS.tooLong };
        try {
            if (kind === 'text')
                return { ok: true, latex: null, normalised: normaliseText(trimmed) };
            if (kind === 'set') {
                const readings = splitSet(trimmed, { isKey: true });
                if (!readings)
                    return { ok: false, error: ANSWER_KEY_ERRORS.invalid };
                if (readings.length > 1 || readings[0].some((e) => e.length > 1))
                    return { ok: false, error: ANSWER_KEY_ERRORS.ambiguous };
                const elements = readings[0].map((e) => this.parse(e[0]));
                if (elements.some((e) => !e || hasNonFinite(e.json)))
                    return { ok: false, error: ANSWER_KEY_ERRORS.invalid };
                const latex = `\\left\\{${elements.map((e) => e.expr.latex).join(', ')}\\right\\}`;
                return { ok: true, latex, normalised: readings[0].map((e) => e[0]).join('; ') };
            }
            const readings = normaliseMathInput(trimmed);
            if (readings.length === 0)
                return { ok: false, error: ANSWER_KEY_ERRORS.invalid };
            if (readings.length > 1)
                return { ok: false, error: ANSWER_KEY_ERRORS.ambiguous };
            const parsed = this.parse(readings[0]);
            if (!parsed || hasNonFinite(parsed.json))
                return { ok: false, error: ANSWER_KEY_ERRORS.invalid };
            if (kind === 'number' && freeVariables(parsed.json).size > 0)
                return { ok: false, error: ANSWER_KEY_ERRORS.notANumber };
            return { ok: true, latex: parsed.expr.latex, normalised: readings[0] };
        }
        catch {
            return { ok: false, error: ANSWER_KEY_ERRORS.invalid };
        }
    }
    /** All readings agree, or the input is ambiguous for this key. */
    combine(verdicts) {
        const [first] = verdicts;
        return first !== undefined && verdicts.every((v) => v === first) ? first : 'unsure';
    }
    keyReadings(spec) {
        const cacheKey = `${spec.kind}\u0000${spec.key}`;
        if (!this.keys.has(cacheKey)) {
            if (this.keys.size >= KEY_CACHE_MAX)
                this.keys.delete(this.keys.keys().next().value);
            const ok = this.readKey(spec.kind, spec.key).ok;
            let value;
            if (ok && spec.kind === 'set')
                value = splitSet(spec.key.trim(), { isKey: true });
            else if (ok)
                value = [this.parse(normaliseMathInput(spec.key.trim())[0])];
            this.keys.set(cacheKey, value);
        }
        return this.keys.get(cacheKey) ?? [];
    }
    parse(reading) {
        let expr;
        try {
            expr = this.ce.parse(reading, { strict: false, parseNumbers: 'rational' });
        }
        catch {
            return undefined;
        }
        if (!expr.isValid)
            return undefined;
        let json = expr.json;
        // `x = 5` answers 5: the name of the unknown is not part of the value (`x = 2x` is an equation).
        if (Array.isArray(json) && json[0] === 'Equal' && json.length === 3 && typeof json[1] === 'string'
            && /^[A-Za-z](_\w+)?$/.test(json[1]) && !freeVariables(json[2]).has(json[1])) {
            expr = this.ce.box(json[2]);
            json = expr.json;
        }
        return { expr, json, decimals: /\d?\.\d/.test(reading) };
    }
    compareNumbers(key, answer, tolerance) {
        if (hasNonFinite(answer.json))
            return 'incorrect';
        // `5 cm`, `x + 2`: not a number, but maybe a unit the teacher accepts: the teacher decides.
        if (freeVariables(answer.json).size > 0)
            return 'unsure';
        const tol = fromNumber(tolerance);
        if (!tol)
            return 'unsure';
        const k = tryCompile(key.json);
        const a = tryCompile(answer.json);
        if (k && a && k.variables.size === 0 && a.variables.size === 0) {
            const d = absolute(sub(evaluate(k.node, new Map()), evaluate(a.node, new Map())));
            return compare(d, tol) <= 0 ? 'correct' : 'incorrect';
        }
        if (key.expr.isSame(answer.expr))
            return 'correct';
        const [va, vb] = [approximate(this.ce, key.expr), approximate(this.ce, answer.expr)];
        if (tol.n > 0n) {
            if (va && vb && clearlyWithin(va, vb, tol))
                return 'correct';
            if (va && vb && clearlyDifferent(va, vb, tol))
                return 'incorrect';
            // Too close to the tolerance's edge to tell numerically: only an exact equality decides.
            return this.simplifiesToSame(key, answer) ? 'correct' : 'unsure';
        }
        return this.constantsVerdict(key, answer, va, vb);
    }
    compareExpressions(key, answer) {
        if (hasNonFinite(answer.json))
            return hasNonFinite(key.json) ? 'unsure' : 'incorrect';
        if (key.expr.isSame(answer.expr))
            return 'correct';
        const k = tryCompile(key.json);
        const a = tryCompile(answer.json);
        if (k && a) {
            const same = identity(k, a);
            if (same === 'equal')
                return 'correct';
            if (same === 'different' && k.atoms.size === 0 && a.atoms.size === 0)
                return 'incorrect';
        }
        const variables = [...freeVariables(answer.json, freeVariables(key.json))];
        if (variables.length === 0) {
            return this.constantsVerdict(key, answer, approximate(this.ce, key.expr), approximate(this.ce, answer.expr));
        }
        // A wrong answer is the common case: disprove it numerically before the costlier simplification.
        if (this.differsAtSomePoint(key, answer, variables))
            return 'incorrect';
        return this.simplifiesToSame(key, answer) ? 'correct' : 'unsure';
    }
    /** Two constants whose exact forms did not settle it (exactly equal, or with no tolerance). */
    constantsVerdict(key, answer, va, vb) {
        if (va && vb && clearlyDifferent(va, vb))
            return 'incorrect';
        if (this.simplifiesToSame(key, answer))
            return 'correct';
        return va && vb && !key.decimals && !answer.decimals && agreesToHighPrecision(va, vb) ? 'correct' : 'unsure';
    }
    /** The engine's own symbolic simplification (rewriting by identities, exact on exact input). */
    simplifiesToSame(key, answer) {
        if (key.expr.simplify().isSame(answer.expr.simplify()))
            return true;
        return this.ce.box(['Subtract', key.json, answer.json]).simplify().isSame(0);
    }
    /**
     * Values at a few fixed rational points where both sides are real: a clear gap at one of them
     * proves the expressions different (`x^2+1` vs `(x-1)(x+1)` when atoms kept the exact test out).
     * Fixed, not random: the same answer always gets the same verdict, and every variable meets
     * negative and positive values (with random signs, `|x|` against `x` found no gap in 1 run of 16
     * and said `unsure`; CI caught it).
     */
    differsAtSomePoint(key, answer, variables) {
        for (let point = 0; point < 4; point++) {
            const values = Object.fromEntries(variables.map((v, i) => {
                const [num, den] = SAMPLE_POINTS[(point + 2 * i) % SAMPLE_POINTS.length];
                return [v, this.ce.number([BigInt(num), BigInt(den)])];
            }));
            const va = approximate(this.ce, key.expr.subs(values));
            const vb = approximate(this.ce, answer.expr.subs(values));
            if (!va || !vb || !isReal(va) || !isReal(vb))
                continue;
            if (clearlyDifferent(va, vb))
                return true;
        }
        return false;
    }
    checkSet(spec, answer) {
        const keyReading = this.keyReadings(spec)[0];
        const answerReadings = splitSet(answer);
        if (!keyReading || !answerReadings)
            return 'unsure';
        const keyElements = keyReading.map((e) => this.parse(e[0]));
        if (keyElements.some((e) => !e))
            return 'unsure';
        // `0,5` without a `;` reads as {0, 5} or {0.5}: a reading with the key's number of elements wins.
        // A reading the engine cannot parse (`2.2.3` from `2,2,3`) is not what the student meant.
        const parsable = answerReadings.filter((r) => r.every((e) => e.some((x) => this.parse(x))));
        const candidates = parsable.length > 0 ? parsable : answerReadings;
        const sized = candidates.filter((r) => r.length === keyReading.length);
        const readings = sized.length > 0 ? sized : candidates;
        return this.combine(readings.map((r) => this.compareSets(keyElements, r)));
    }
    /** Set equality: every element has an equal partner on the other side (duplicates collapse). */
    compareSets(key, answer) {
        const matrix = answer.map((readings) => key.map((k) => this.combine(readings.map((r) => {
            const a = this.parse(r);
            return a ? this.compareExpressions(k, a) : 'unsure';
        }))));
        const answerMatched = matrix.map((row) => row.includes('correct'));
        const keyMatched = key.map((_, j) => matrix.some((row) => row[j] === 'correct'));
        if (answerMatched.every(Boolean) && keyMatched.every(Boolean))
            return 'correct';
        const answerHopeless = matrix.some((row) => row.every((v) => v === 'incorrect'));
        const keyHopeless = key.some((_, j) => matrix.every((row) => row[j] === 'incorrect'));
        return answerHopeless || keyHopeless ? 'incorrect' : 'unsure';
    }
}
function tryCompile(json) {
    try {
        return compile(json);
    }
    catch (error) {
        if (error instanceof NotComparable)
            return undefined;
        throw error;
    }
}
function isReal(v) {
    return compare(absolute(v.im), v.err) <= 0;
}
/**
 * Where differsAtSomePoint looks: small fractions of both signs, none a root of the usual
 * textbook factors (0, ±1, ±2, ±1/2), so two different school expressions rarely agree at all four.
 * Variable i starts two places further on, so variables do not move together.
 */
const SAMPLE_POINTS = [
    [-7, 3],
    [5, 2],
    [-3, 5],
    [11, 4],
    [-9, 2],
    [2, 7],
];
//# sourceMappingURL=judge.js.map