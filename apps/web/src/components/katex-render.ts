// The heavy half of MathText (~75 KB gzip with its CSS and fonts): KaTeX, loaded only by pages
// that show math and, on the arena, alongside the page's data (app/routes/student-arena-data.ts).
import 'katex/dist/katex.min.css';
import katex from 'katex';

const cache = new Map<string, string>();

/**
 * KaTeX's HTML (+ MathML for screen readers) for one formula. With `trust` off (the default)
 * KaTeX refuses \href, \url, \includegraphics and \html* commands; a formula it cannot parse is
 * shown as its source in red instead of throwing.
 */
export function renderMath(tex: string, display: boolean): string {
  const key = (display ? 'D' : 'I') + tex;
  let html = cache.get(key);
  if (html === undefined) {
    html = katex.renderToString(tex, { displayMode: display, throwOnError: false, strict: false, output: 'htmlAndMathml' });
    if (cache.size > 500) cache.clear();
    cache.set(key, html);
  }
  return html;
}
