/**
 * A `set` answer as its elements (PRODUCT.md §9: any order, `x=` prefixes and braces ignored).
 *
 * `2, 3`, `{2; 3}`, `\{2,3\}`, `x=2, x=3`, `x₁ = 0,5; x₂ = 2`, `x=2 або x=3`. When a `;` separates the
 * elements, commas inside them are decimal commas; without one, commas separate, and an input
 * like `0,5` gets two readings ({0, 5} and {0.5}). Each reading is a list of element inputs, each
 * with its own readings from `normaliseMathInput`.
 */
import { normaliseMathInput, normaliseSymbols } from './normalise-input.js';
/** More elements than any school answer has; bounds the element-by-element comparison. */
export const SET_ELEMENTS_MAX = 30;
const EMPTY_SET = /^(?:\\emptyset|\\varnothing|∅|\{\s*\}|\\\{\s*\\\})$/;
export function splitSet(input, { isKey = false } = {}) {
    // Words that join roots in a written answer ("x=2 або x=3", "x = 2 or x = 3"), read before the
    // symbols are normalised (which maps Cyrillic look-alike letters to Latin ones).
    let s = normaliseSymbols(input.replace(/\s+(?:або|чи|і|та|and|or)\s+|\\lor|∨/gi, ';'));
    s = stripOuterBraces(s);
    if (EMPTY_SET.test(s) || s === '')
        return [[]];
    const readings = [];
    if (s.includes(';')) {
        readings.push(splitTopLevel(s, ';'));
    }
    else {
        readings.push(splitTopLevel(s, ','));
        // `0,5` without a `;`: also the reading where a comma between digits is a decimal comma.
        // A key has one reading: the teacher sees the preview and writes `0,5; 2` or `0.5, 2` for a decimal.
        if (!isKey && /\d,\d/.test(s))
            readings.push(splitTopLevel(s.replace(/(\d),(?=\d)/g, '$1.'), ','));
    }
    const parsed = [];
    for (const elements of readings) {
        if (elements.length > SET_ELEMENTS_MAX || elements.some((e) => e.trim() === ''))
            continue;
        // `x = ±2` is two roots.
        const values = elements.map(stripUnknownPrefix).flatMap((e) => {
            const pm = /^(?:±|\\pm)\s*(.+)$/.exec(e);
            return pm ? [pm[1], `-(${pm[1]})`] : [e];
        });
        if (values.length > SET_ELEMENTS_MAX)
            continue;
        const each = values.map((e) => normaliseMathInput(e, 'decimal'));
        if (each.every((r) => r.length > 0))
            parsed.push(each);
    }
    return parsed.length > 0 ? parsed : undefined;
}
/** `x=`, `x_1 =`, `x_{2}=`, `x1=`: the name of a root is not part of its value. */
function stripUnknownPrefix(element) {
    return element.replace(/^\s*[A-Za-z](?:_?\{?[A-Za-z0-9]{1,3}\}?)?\s*=(?!=)/, '').trim();
}
function stripOuterBraces(s) {
    const t = s.trim();
    for (const [open, close] of [['\\left\\{', '\\right\\}'], ['\\{', '\\}'], ['{', '}']]) {
        if (t.startsWith(open) && t.endsWith(close) && t.length >= open.length + close.length) {
            const inner = t.slice(open.length, t.length - close.length);
            if (balanced(inner))
                return inner.trim();
        }
    }
    return t;
}
function balanced(s) {
    let depth = 0;
    for (const c of s) {
        if (c === '(' || c === '[' || c === '{')
            depth++;
        else if (c === ')' || c === ']' || c === '}')
            depth--;
        if (depth < 0)
            return false;
    }
    return depth === 0;
}
/** Split at separators outside brackets, so `(1, 2), (3, 4)` and `\frac{1}{2}, 3` keep their insides. */
function splitTopLevel(s, separator) {
    const out = [];
    let depth = 0;
    let start = 0;
    for (let i = 0; i < s.length; i++) {
        const c = s[i];
        if (c === '(' || c === '[' || c === '{')
            depth++;
        else if (c === ')' || c === ']' || c === '}')
            depth = Math.max(0, depth - 1);
        else if (c === separator && depth === 0) {
            out.push(s.slice(start, i).trim());
            start = i + 1;
        }
    }
    out.push(s.slice(start).trim());
    // A trailing separator (`2; 3;`) is not an empty element.
    if (out.length > 1 && out[out.length - 1] === '')
        out.pop();
    return out;
}
//# sourceMappingURL=split-set.js.map