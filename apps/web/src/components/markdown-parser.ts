// The Markdown parser for what teachers and students write (tasks, answers, feedback):
// markdown-it 15 (CommonMark, linear time, fuzzed upstream) with `$…$` / `$$…$$` math
// (markdown-math.ts). Loaded lazily with the text that needs it, like KaTeX (MathText.tsx).
// docs/architecture.md says why markdown-it and not micromark or the parser we used to own.
import MarkdownIt, { type Token } from 'markdown-it';
import { mathPlugin } from './markdown-math';

/** Only these leave the app from a link; anything else (javascript:, data:, relative…) is not a link. */
export function safeHref(url: string): string | null {
  const href = url.trim();
  return /^(?:https?:\/\/|mailto:)/i.test(href) ? href : null;
}

// The CommonMark preset: no tables, strikethrough, typographer or linkify (plain URLs stay text).
// `html: false`: raw HTML is text, never markup. `maxNesting: 20` (the preset's): deeper quotes,
// lists or emphasis are left as text, so hostile nesting cannot make a deep tree.
const md = new MarkdownIt('commonmark', { html: false, maxNesting: 20 }).use(mathPlugin);
md.validateLink = (url) => safeHref(url) !== null;

export function parseMarkdown(source: string): Token[] {
  return md.parse(source, {});
}

/** Whether the tokens hold any math for KaTeX to draw. */
export function hasMath(tokens: Token[]): boolean {
  return tokens.some((t) => t.type === 'math_block' || t.type === 'math_inline' || (t.children !== null && hasMath(t.children)));
}
