// `$…$` and `$$…$$` math for markdown-it, as two small rules of our own. The maintained plugins
// did not fit (measured 2026-11-23): @mdit/plugin-tex and markdown-it-dollarmath require
// markdown-it ≤ 14, which took 169 ms on 10,000 × `[` and 347 ms on `![` where 15 takes 15 and 28
// (and ships 77 KB of entity tables instead of 24); @vscode/markdown-it-katex imports KaTeX
// statically (KaTeX must load only where math is shown); markdown-it-texmath scans with regular
// expressions from every `$` (53 ms on 10,000 × `$a`). These rules only find the formulas; KaTeX
// draws them later (katex-render.ts). Both are linear: the inline rule skips a `$` run that has no
// equal run after it in one lookup (like markdown-it's own backtick rule), and a block consumes the
// lines it scans.
import type { MarkdownIt, StateBlock, StateInline } from 'markdown-it';

const DOLLAR = 0x24;
const BACKSLASH = 0x5c;

/** For each run length of unescaped `$`, where its last run starts (per inline source). */
const lastRuns = new WeakMap<StateInline, Map<number, number>>();

function scanRuns(src: string): Map<number, number> {
  const runs = new Map<number, number>();
  let at = src.indexOf('$');
  while (at !== -1) {
    let end = at + 1;
    while (src.charCodeAt(end) === DOLLAR) end++;
    if (src.charCodeAt(at - 1) !== BACKSLASH) runs.set(end - at, at);
    at = src.indexOf('$', end);
  }
  return runs;
}

/**
 * Inline math: a run of n `$` up to the next unescaped run of exactly n `$`, like a code span.
 * `$x$` and `$$x$$` in a sentence are inline; an empty or all-space formula stays text, so does a
 * lone or escaped `\$`.
 */
function mathInline(state: StateInline, silent: boolean): boolean {
  const start = state.pos;
  if (state.src.charCodeAt(start) !== DOLLAR) return false;
  const max = state.posMax;
  let pos = start + 1;
  while (pos < max && state.src.charCodeAt(pos) === DOLLAR) pos++;
  const length = pos - start;
  let runs = lastRuns.get(state);
  if (!runs) {
    runs = scanRuns(state.src);
    lastRuns.set(state, runs);
  }
  if ((runs.get(length) ?? -1) >= pos) {
    let at = state.src.indexOf('$', pos);
    while (at !== -1 && at < max) {
      let end = at + 1;
      while (state.src.charCodeAt(end) === DOLLAR) end++;
      if (end > max) break;
      if (end - at === length && state.src.charCodeAt(at - 1) !== BACKSLASH) {
        const tex = state.src.slice(pos, at).trim();
        if (tex === '') break;
        if (!silent) {
          const token = state.push('math_inline', 'math', 0);
          token.markup = state.src.slice(start, pos);
          token.content = tex;
        }
        state.pos = end;
        return true;
      }
      at = state.src.indexOf('$', end);
    }
  }
  if (!silent) state.pending += state.src.slice(start, pos);
  state.pos = pos;
  return true;
}

/**
 * Display math: a line that starts with `$$`, either `$$…$$` alone on the line or up to the next
 * line that ends with `$$` (or the end of the list item, quote or text). It interrupts a paragraph.
 */
function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const first = state.bMarks[startLine]! + state.tShift[startLine]!;
  const max = state.eMarks[startLine]!;
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  if (first + 2 > max || state.src.charCodeAt(first) !== DOLLAR || state.src.charCodeAt(first + 1) !== DOLLAR) return false;
  const rest = state.src.slice(first + 2, max);
  const close = rest.lastIndexOf('$$');
  let body: string;
  let next = startLine + 1;
  if (close >= 0) {
    // `$$…$$` followed by more text is inline math in a paragraph, not a block.
    if (rest.slice(close + 2).trim() !== '' || rest.slice(0, close).trim() === '') return false;
    body = rest.slice(0, close);
  } else {
    const lines = [rest];
    for (; next < endLine; next++) {
      const lineStart = state.bMarks[next]! + state.tShift[next]!;
      const lineEnd = state.eMarks[next]!;
      // A non-blank line less indented than the block ends it (we are in a list item or quote).
      if (lineStart < lineEnd && state.sCount[next]! < state.blkIndent) break;
      const line = state.src.slice(lineStart, lineEnd);
      const end = line.lastIndexOf('$$');
      if (end >= 0 && line.slice(end + 2).trim() === '') {
        lines.push(line.slice(0, end));
        next++;
        break;
      }
      lines.push(line);
    }
    body = lines.join('\n');
  }
  if (silent) return true;
  state.line = next;
  const token = state.push('math_block', 'math', 0);
  token.block = true;
  token.markup = '$$';
  token.content = body.trim();
  token.map = [startLine, next];
  return true;
}

/** markdown-it plugin: `math_inline` and `math_block` tokens whose content is the TeX source. */
export function mathPlugin(md: MarkdownIt): void {
  md.inline.ruler.after('backticks', 'math_inline', mathInline);
  md.block.ruler.before('fence', 'math_block', mathBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
}
