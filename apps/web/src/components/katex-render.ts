// The heavy half of MathText (~75 KB gzip with its CSS and fonts): KaTeX, loaded only by pages
// that show math and, on the arena, alongside the page's data (app/routes/student-arena-data.ts).
import 'katex/dist/katex.min.css';
import katex from 'katex';
import { KATEX_OPTIONS } from './katex-options';

const cache = new Map<string, string>();

/**
 * KaTeX's HTML (+ MathML for screen readers) for one formula, with the app's options
 * (katex-options.ts: no links or HTML, sizes and macro expansion capped, errors shown in red).
 */
export function renderMath(tex: string, display: boolean): string {
  const key = (display ? 'D' : 'I') + tex;
  let html = cache.get(key);
  if (html === undefined) {
    html = katex.renderToString(tex, { ...KATEX_OPTIONS, displayMode: display });
    if (cache.size > 500) cache.clear();
    cache.set(key, html);
  }
  return html;
}
