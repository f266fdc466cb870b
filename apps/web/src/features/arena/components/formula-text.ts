/**
 * MathLive's ASCII-math as a student would type it (issue 49): it brackets every fraction's parts
 * and every power, `(5)/(6)`, `x^(2)`; a lone number or letter needs no brackets there, so they go
 * (`5/6`, `x^2`), while a bracketed sum stays (`(x+1)/2`) and a function's argument is never touched.
 */
export function tidyAsciiMath(text: string): string {
  return text
    .replace(/(?<![\w)])\((\w+)\)(?=\/)/gu, '$1')
    .replace(/(?<=[/^])\((\w+)\)/gu, '$1')
    .trim();
}
