// A small Markdown parser for what teachers and students write in tasks and answers: paragraphs,
// headings, lists, quotes, code, rules, emphasis, links, and `$…$` / `$$…$$` math. It returns a
// tree of plain objects (no HTML strings): MathText turns it into React elements, so raw HTML in
// the text is only ever shown as text. It replaces react-markdown + remark-math (~40 KB gzip).

import { parseInline, type Inline } from './markdown-inline';

export { parseInline, safeHref, type Inline } from './markdown-inline';

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: 'code'; value: string }
  | { type: 'math'; value: string }
  | { type: 'list'; ordered: boolean; start: number; tight: boolean; items: Block[][] }
  | { type: 'quote'; children: Block[] }
  | { type: 'rule' };

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?(.*)$/;
const ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])(?:([ \t]+)(.*)|[ \t]*$)/;
const MATH_OPEN = /^ {0,3}\$\$(.*)$/;

const isBlank = (line: string) => line.trim() === '';

/** A line that ends a paragraph without a blank line before it. */
function interrupts(line: string): boolean {
  if (FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line) || MATH_OPEN.test(line)) return true;
  const item = ITEM.exec(line);
  // An empty item or a numbered one other than 1 does not interrupt a paragraph (CommonMark).
  return item !== null && item[4] !== undefined && item[4].trim() !== '' && (/^[-*+]$/.test(item[2]!) || /^1[.)]$/.test(item[2]!));
}

/** Removes up to `n` columns of leading spaces. */
function outdent(line: string, n: number): string {
  let i = 0;
  while (i < n && line[i] === ' ') i++;
  return line.slice(i);
}

export function parseMarkdown(source: string): Block[] {
  return parseBlocks(source.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n'));
}

function parseBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (isBlank(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence && !(fence[1]![0] === '`' && fence[2]!.includes('`'))) {
      const marker = fence[1]!;
      const body: string[] = [];
      i++;
      while (i < lines.length && !new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`).test(lines[i]!)) body.push(lines[i++]!);
      i++;
      blocks.push({ type: 'code', value: body.join('\n') });
      continue;
    }
    const math = MATH_OPEN.exec(line);
    if (math) {
      // `$$…$$` on one line, or `$$` … `$$` over several.
      const rest = math[1]!;
      const close = rest.lastIndexOf('$$');
      if (close >= 0 && rest.slice(close + 2).trim() === '') {
        blocks.push({ type: 'math', value: rest.slice(0, close).trim() });
        i++;
        continue;
      }
      const body = [rest];
      i++;
      while (i < lines.length) {
        const next = lines[i++]!;
        const end = next.lastIndexOf('$$');
        if (end >= 0 && next.slice(end + 2).trim() === '') {
          body.push(next.slice(0, end));
          break;
        }
        body.push(next);
      }
      blocks.push({ type: 'math', value: body.join('\n').trim() });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ type: 'heading', level: heading[1]!.length as 1, children: parseInline(heading[2] ?? '') });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && !isBlank(lines[i]!)) {
        const quoted = QUOTE.exec(lines[i]!);
        if (!quoted && interrupts(lines[i]!)) break;
        body.push(quoted ? quoted[1]! : lines[i]!);
        i++;
      }
      blocks.push({ type: 'quote', children: parseBlocks(body) });
      continue;
    }
    const item = ITEM.exec(line);
    if (item) {
      i = parseList(lines, i, blocks);
      continue;
    }
    const body: string[] = [line];
    i++;
    while (i < lines.length && !isBlank(lines[i]!) && !interrupts(lines[i]!)) body.push(lines[i++]!);
    blocks.push({ type: 'paragraph', children: parseInline(body.map((l) => l.replace(/^ +/, '')).join('\n').replace(/[ \t]+$/, '')) });
  }
  return blocks;
}

/** One list (items with the same kind of marker) starting at line `start`; returns the next line. */
function parseList(lines: string[], start: number, blocks: Block[]): number {
  const first = ITEM.exec(lines[start]!)!;
  const ordered = /\d/.test(first[2]!);
  const kind = ordered ? first[2]!.slice(-1) : first[2]!;
  const items: Block[][] = [];
  let tight = true;
  let i = start;
  while (i < lines.length) {
    const m = ITEM.exec(lines[i]!);
    if (!m || (ordered ? !/\d/.test(m[2]!) || m[2]!.slice(-1) !== kind : m[2] !== kind)) break;
    // Continuation lines are indented to the item's text (or at least two columns).
    const contentIndent = m[1]!.length + m[2]!.length + Math.min((m[3] ?? ' ').length, 4);
    const body: string[] = [m[4] ?? ''];
    i++;
    let sawBlank = false;
    while (i < lines.length) {
      const next = lines[i]!;
      if (isBlank(next)) {
        sawBlank = true;
        body.push('');
        i++;
        continue;
      }
      const indent = next.length - next.replace(/^ +/, '').length;
      if (indent >= Math.min(contentIndent, 4) || (indent >= 2 && indent >= contentIndent)) {
        if (sawBlank) tight = false;
        sawBlank = false;
        body.push(outdent(next, contentIndent));
        i++;
        continue;
      }
      // A lazy continuation of the item's paragraph.
      if (!sawBlank && !interrupts(next) && !ITEM.test(next)) {
        body.push(next);
        i++;
        continue;
      }
      break;
    }
    while (body.length > 1 && isBlank(body[body.length - 1]!)) body.pop();
    items.push(parseBlocks(body));
    // A blank line between two items makes the list loose.
    if (sawBlank && i < lines.length && ITEM.test(lines[i]!)) tight = false;
    if (sawBlank && !(i < lines.length && ITEM.test(lines[i]!))) break;
  }
  blocks.push({ type: 'list', ordered, start: ordered ? Number.parseInt(first[2]!, 10) : 1, tight, items });
  return i;
}

/** Whether the text has any math for KaTeX to draw. */
export function hasMath(blocks: Block[]): boolean {
  const inInline = (nodes: Inline[]): boolean =>
    nodes.some((n) => n.type === 'math' || ('children' in n && inInline(n.children)));
  return blocks.some((b) => {
    switch (b.type) {
      case 'math':
        return true;
      case 'paragraph':
      case 'heading':
        return inInline(b.children);
      case 'list':
        return b.items.some(hasMath);
      case 'quote':
        return hasMath(b.children);
      default:
        return false;
    }
  });
}
