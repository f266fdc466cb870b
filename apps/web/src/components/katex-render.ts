// The heavy half of MathText (~75 KB gzip with its CSS and fonts): KaTeX, loaded only by pages
// that show math and, on the arena, alongside the page's data (app/routes/student-arena-data.ts).
import 'katex/dist/katex.min.css';
import katex from 'katex';
import { KATEX_OPTIONS } from './katex-options.js';

const cache = new Map<string, string>();

/** The tallest a formula is drawn, in its own em (issue 50). */
const FORMULA_MAX_EM = 20;
/** KaTeX's struts: one per line of a formula, as tall as the line's height and depth together. */
const STRUT_HEIGHT = /class="(?:katex-)?strut" style="height:(-?[\d.]+)em/g;

/**
 * True when the formula draws taller than FORMULA_MAX_EM: a negative `\raisebox` or `\rule` depth
 * (which KaTeX's maxSize does not cap) or a stack of rows. Read from the struts KaTeX writes, so
 * it needs no layout.
 */
function isTall(html: string): boolean {
  for (const match of html.matchAll(STRUT_HEIGHT)) if (Number(match[1]) > FORMULA_MAX_EM) return true;
  return false;
}

/**
 * KaTeX's HTML (+ MathML for screen readers) for one formula, with the app's options
 * (katex-options.ts: no links or HTML, sizes and macro expansion capped, errors shown in red).
 */
export function renderMath(tex: string, display: boolean): string {
  const key = (display ? 'D' : 'I') + tex;
  let html = cache.get(key);
  if (html === undefined) {
    html = katex.renderToString(tex, { ...KATEX_OPTIONS, displayMode: display });
    // A formula that tall is held in a box 20 em high that scrolls (MathText.css); an ordinary
    // one is left as it is, so inline formulas keep their baseline.
    if (isTall(html)) html = `<span class="math-tall">${html}</span>`;
    if (cache.size > 500) cache.clear();
    cache.set(key, html);
  }
  return html;
}
