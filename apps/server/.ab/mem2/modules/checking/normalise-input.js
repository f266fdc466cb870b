/**
 * Plain typing → what the compute engine's relaxed parser reads as intended (PRODUCT.md §9:
 * `5/6`, `sqrt(8)`, `2^10`, `−7`, `0,5`, `×`, `²`, `√8`, `π` all work, not only LaTeX).
 *
 * The engine already reads `sqrt(8)`, `pi`, `x^2`, `2x`, `√8` and `π` in its non-strict mode; this
 * file fixes only what it reads differently from a student: Unicode operators and superscripts,
 * decimal commas (as Ukrainian students write `0,5`), percent signs, and spacing inside numbers.
 *
 * Some inputs can be read two ways (`1,500` is 1.5 or 1500; `1/2x` is x/2 or 1/(2x)): then every
 * reading is returned and the checker answers `unsure` unless all readings get the same verdict.
 * An input that cannot be read safely at all (`2 1/2`: 2½, 21/2 or 2·½?) gives no reading.
 *
 * Every step is one pass of a regular expression without nested quantifiers: linear in the input,
 * whose length the checker bounds before calling this.
 */
const SUPERSCRIPTS = {
    '⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7', '⁸': '8', '⁹': '9', '⁻': '-', '⁺': '+',
};
const VULGAR_FRACTIONS = {
    '½': '\\frac{1}{2}', '⅓': '\\frac{1}{3}', '⅔': '\\frac{2}{3}', '¼': '\\frac{1}{4}', '¾': '\\frac{3}{4}',
    '⅕': '\\frac{1}{5}', '⅖': '\\frac{2}{5}', '⅗': '\\frac{3}{5}', '⅘': '\\frac{4}{5}', '⅙': '\\frac{1}{6}',
    '⅚': '\\frac{5}{6}', '⅛': '\\frac{1}{8}', '⅜': '\\frac{3}{8}', '⅝': '\\frac{5}{8}', '⅞': '\\frac{7}{8}',
};
const CYRILLIC_LOOKALIKES = {
    а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', х: 'x', у: 'y', і: 'i',
    А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', У: 'Y', І: 'I',
};
const ROOTS = { '√': '\\sqrt', '∛': '\\sqrt[3]', '∜': '\\sqrt[4]' };
/** Unicode spellings of the operators, before the engine sees them. Shared by the set splitter. */
export function normaliseSymbols(input) {
    let s = unwrap(input)
        // Superscript runs become an exponent group before NFKC would turn ² into a plain 2.
        .replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]+/g, (run) => `^{${[...run].map((c) => SUPERSCRIPTS[c]).join('')}}`)
        .replace(/[½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]/g, (c) => VULGAR_FRACTIONS[c] ?? c)
        .normalize('NFKC');
    s = s
        // Cyrillic letters that look Latin, from a Ukrainian keyboard layout: `х²−1` is `x^2-1`.
        .replace(/[аеорсхуіАВЕКМНОРСТХУІ]/g, (c) => CYRILLIC_LOOKALIKES[c] ?? c)
        // `√16` is √16 to a student (LaTeX's `\sqrt16` would be √1·6); `∛8` is a cube root.
        .replace(/(√|∛|∜)\s*(\d+(?:[.,]\d+)?|[A-Za-z])/g, (_, root, radicand) => `${ROOTS[root]}{${radicand}}`)
        .replace(/[∛∜]/g, (root) => ROOTS[root])
        .replace(/[\u2212\u2010-\u2015\uFE63\uFF0D]/g, '-') // minus sign, hyphens and dashes
        .replace(/[×⋅·∙∗]/g, '*')
        .replace(/[÷∶:]/g, '/') // 6:3 is how Ukrainian schools write division
        .replace(/\u2044/g, '/') // fraction slash
        .replace(/[\u00A0\u2000-\u200B\u202F\u205F\u3000]/g, ' ')
        .replace(/\\?%/g, '\\%') // `50%` is 0.5; the engine reads a bare % as a comment
        .replace(/(\d)\s*\{,\}\s*(\d)/g, '$1.$2') // LaTeX decimal comma `0{,}5`
        .trim();
    return s;
}
/**
 * What is around the answer rather than in it: "Відповідь: 5/6", "Answer: x = 2", and the math
 * delimiters of our Markdown answers (`$5/6$`, `$$…$$`, `\(…\)`, `\[…\]`).
 */
function unwrap(input) {
    let s = input.trim().replace(/^(?:відповідь|відп\.?|answer|ans\.?)\s*[:.–-]?\s*/i, '');
    const delimited = /^(\$\$|\$|\\\(|\\\[)([^$]*)(\$\$|\$|\\\)|\\\])$/.exec(s);
    const closing = { $$: '$$', $: '$', '\\(': '\\)', '\\[': '\\]' };
    if (delimited && closing[delimited[1]] === delimited[3])
        s = delimited[2];
    // A full stop ends the sentence, not the number: "x = 5."
    return s.trim().replace(/(?<=\d|\})\.$/, '');
}
/**
 * Readings of one math input (a number or an expression, or one element of a set), as strings
 * for the engine's non-strict LaTeX parser; `[]` when the input cannot be read safely.
 */
export function normaliseMathInput(input, commas = 'decimal') {
    let s = normaliseSymbols(input);
    if (s === '')
        return [];
    // Digits separated by spaces: thousands groups (`1 000 000`) are one number; anything else
    // (`2 1/2`, a mixed number to one student and 21/2 to the engine) is refused.
    let refused = false;
    // (`\log_2 8` is a subscript then a number, not a grouping.)
    s = s.replace(/(?<![_^\d])\d+(?: +\d+)+/g, (m) => {
        const parts = m.split(/ +/);
        if (isThousandsGrouping(parts))
            return parts.join('');
        refused = true;
        return m;
    });
    if (refused)
        return [];
    let readings = [s];
    if (commas === 'decimal') {
        let ambiguous = false;
        const decimal = s.replace(/\d+(?:,\d+)+/g, (m) => {
            const parts = m.split(',');
            if (parts.length > 2) {
                if (isThousandsGrouping(parts))
                    return parts.join('');
                refused = true;
                return m;
            }
            if (isThousandsGrouping(parts) && parts[0] !== '0')
                ambiguous = true;
            return parts.join('.');
        });
        if (refused)
            return [];
        readings = [decimal];
        if (ambiguous) {
            readings.push(s.replace(/\d+(?:,\d+)+/g, (m) => {
                const parts = m.split(',');
                return isThousandsGrouping(parts) && parts[0] !== '0' ? parts.join('') : parts.join('.');
            }));
        }
    }
    // `1/2x`, `a/bc`, `1/2(x+1)`, `1/2\sqrt2`: a product right after a plain slash. The engine binds
    // the product first (1/(2x)); many students mean (1/2)·x. Both readings are checked.
    const slashProduct = /\/\s*(\d+(?:\.\d+)?|[A-Za-z])(?=\s*(?:[A-Za-z(√π]|\\(?!cdot|times|div|right|%)))/;
    if (readings.some((r) => slashProduct.test(r))) {
        const everywhere = new RegExp(slashProduct.source, 'g');
        readings = readings.flatMap((r) => [r, r.replace(everywhere, '/$1*')]);
    }
    return [...new Set(readings)];
}
/** `1`, `000`, `000` (the first group 1–3 digits, the others exactly 3). */
function isThousandsGrouping(parts) {
    const [first, ...rest] = parts;
    return first !== undefined && first.length <= 3 && rest.length > 0 && rest.every((p) => p.length === 3);
}
/** `text` answers: trimmed, case-folded, whitespace-collapsed, NFKC-normalised (PRODUCT.md §9). */
export function normaliseText(input) {
    return input
        .normalize('NFKC')
        .replace(/[\u2018\u2019\u02BC\u0060\u00B4\u2032]/g, "'") // the apostrophes of `м'ята` as people type them
        .replace(/[\u201C\u201D\u00AB\u00BB\u201E]/g, '"')
        .replace(/[\u2212\u2010-\u2015]/g, '-')
        .toLowerCase()
        .replace(/\s+/g, ' ')
        .trim();
}
//# sourceMappingURL=normalise-input.js.map