// The inline half of the Markdown subset (see markdown.ts): emphasis, code, `$…$` math, links
// and breaks inside one paragraph or heading, as a tree of plain objects.

export type Inline =
  | { type: 'text'; value: string }
  | { type: 'code'; value: string }
  | { type: 'math'; value: string }
  | { type: 'em' | 'strong'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] }
  /** A link to somewhere we do not send people (javascript:, data:, relative…): its text only. */
  | { type: 'unsafeLink'; children: Inline[] }
  | { type: 'break' };

/** Only these leave the app from a link; anything else (javascript:, data:, relative) stays text. */
export function safeHref(url: string): string | null {
  const href = url.trim();
  return /^(?:https?:\/\/|mailto:)/i.test(href) ? href : null;
}

const PUNCTUATION = /[\p{P}\p{S}]/u;
const WHITESPACE = /\s/u;
const ESCAPABLE = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/;

interface Delimiter {
  type: 'delim';
  char: '*' | '_';
  count: number;
  length: number;
  canOpen: boolean;
  canClose: boolean;
}
type Node = Inline | Delimiter;

export function parseInline(text: string): Inline[] {
  const nodes: Node[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer) nodes.push({ type: 'text', value: buffer });
    buffer = '';
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\') {
      const next = text[i + 1];
      if (next === '\n') {
        flush();
        nodes.push({ type: 'break' });
        i += 2;
        continue;
      }
      if (next !== undefined && ESCAPABLE.test(next)) {
        buffer += next;
        i += 2;
        continue;
      }
      buffer += c;
      i++;
      continue;
    }
    if (c === '`' || c === '$') {
      const run = runLength(text, i, c);
      const close = findRun(text, i + run, c, run);
      if (close > 0) {
        let value = text.slice(i + run, close);
        if (c === '`') {
          value = value.replace(/\n/g, ' ');
          if (/^ .*[^ ].* $/s.test(value)) value = value.slice(1, -1);
        }
        if (value.trim() !== '') {
          flush();
          nodes.push({ type: c === '`' ? 'code' : 'math', value: c === '$' ? value.trim() : value });
          i = close + run;
          continue;
        }
      }
      buffer += text.slice(i, i + run);
      i += run;
      continue;
    }
    if (c === '*' || c === '_') {
      const run = runLength(text, i, c);
      const before = i === 0 ? ' ' : text[i - 1]!;
      const after = i + run >= text.length ? ' ' : text[i + run]!;
      const left = !WHITESPACE.test(after) && (!PUNCTUATION.test(after) || WHITESPACE.test(before) || PUNCTUATION.test(before));
      const right = !WHITESPACE.test(before) && (!PUNCTUATION.test(before) || WHITESPACE.test(after) || PUNCTUATION.test(after));
      flush();
      nodes.push({
        type: 'delim',
        char: c,
        count: run,
        length: run,
        canOpen: c === '*' ? left : left && (!right || PUNCTUATION.test(before)),
        canClose: c === '*' ? right : right && (!left || PUNCTUATION.test(after)),
      });
      i += run;
      continue;
    }
    if (c === '!' && text[i + 1] === '[') {
      // An image: not shown (a task carries its own picture); its description stays as text.
      const link = parseLink(text, i + 1);
      if (link) {
        flush();
        nodes.push(...parseInline(link.label));
        i = link.end;
        continue;
      }
    }
    if (c === '[') {
      const link = parseLink(text, i);
      if (link) {
        flush();
        const children = parseInline(link.label).filter((n) => n.type !== 'link');
        const href = safeHref(link.href);
        nodes.push(href ? { type: 'link', href, children } : { type: 'unsafeLink', children });
        i = link.end;
        continue;
      }
    }
    if (c === '<') {
      const auto = /^<((?:https?:\/\/|mailto:)[^\s<>]*)>/i.exec(text.slice(i));
      if (auto) {
        flush();
        nodes.push({ type: 'link', href: auto[1]!, children: [{ type: 'text', value: auto[1]! }] });
        i += auto[0].length;
        continue;
      }
    }
    if (c === '\n') {
      // Two spaces before a line end: a hard break.
      if (/ {2,}$/.test(buffer)) {
        buffer = buffer.replace(/ +$/, '');
        flush();
        nodes.push({ type: 'break' });
      } else {
        buffer = buffer.replace(/ +$/, '') + '\n';
      }
      i++;
      while (text[i] === ' ') i++;
      continue;
    }
    buffer += c;
    i++;
  }
  flush();
  return finish(emphasis(nodes));
}

function runLength(text: string, at: number, char: string): number {
  let n = 0;
  while (text[at + n] === char) n++;
  return n;
}

/** Where a run of exactly `length` `char`s starts after `from`, or -1. */
function findRun(text: string, from: number, char: string, length: number): number {
  let i = from;
  while (i < text.length) {
    if (text[i] === char) {
      const run = runLength(text, i, char);
      if (run === length && !(char === '$' && text[i - 1] === '\\')) return i;
      i += run;
    } else i++;
  }
  return -1;
}

/** `[label](href "title")` starting at the `[`; null when it is not a link. */
function parseLink(text: string, open: number): { label: string; href: string; end: number } | null {
  let depth = 0;
  let i = open;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '[') depth++;
    else if (c === ']' && --depth === 0) break;
  }
  if (i >= text.length || text[i + 1] !== '(') return null;
  const label = text.slice(open + 1, i);
  let j = i + 2;
  while (text[j] === ' ' || text[j] === '\n') j++;
  let href: string;
  if (text[j] === '<') {
    const close = text.indexOf('>', j);
    if (close < 0) return null;
    href = text.slice(j + 1, close);
    j = close + 1;
  } else {
    let parens = 0;
    const start = j;
    for (; j < text.length; j++) {
      const c = text[j]!;
      if (c === '\\' && j + 1 < text.length) j++;
      else if (c === '(') parens++;
      else if (c === ')') {
        if (parens === 0) break;
        parens--;
      } else if (/\s/.test(c)) break;
    }
    href = text.slice(start, j).replace(/\\([!-/:-@[-`{-~])/g, '$1');
  }
  while (text[j] === ' ' || text[j] === '\n') j++;
  const quote = text[j];
  if (quote === '"' || quote === "'" || quote === '(') {
    const close = text.indexOf(quote === '(' ? ')' : quote, j + 1);
    if (close < 0) return null;
    j = close + 1;
    while (text[j] === ' ' || text[j] === '\n') j++;
  }
  if (text[j] !== ')') return null;
  return { label, href, end: j + 1 };
}

/** CommonMark's delimiter matching for `*` and `_`: turns runs into em/strong around what they enclose. */
function emphasis(nodes: Node[]): Node[] {
  let closerAt = 0;
  while (closerAt < nodes.length) {
    const closer = nodes[closerAt]!;
    if (closer.type !== 'delim' || !closer.canClose || closer.count === 0) {
      closerAt++;
      continue;
    }
    let openerAt = closerAt - 1;
    for (; openerAt >= 0; openerAt--) {
      const o = nodes[openerAt]!;
      if (o.type !== 'delim' || o.char !== closer.char || !o.canOpen || o.count === 0) continue;
      // The "rule of 3".
      if ((o.canClose || closer.canOpen) && (o.length + closer.length) % 3 === 0 && !(o.length % 3 === 0 && closer.length % 3 === 0)) continue;
      break;
    }
    if (openerAt < 0) {
      closerAt++;
      continue;
    }
    const opener = nodes[openerAt] as Delimiter;
    const use = opener.count >= 2 && closer.count >= 2 ? 2 : 1;
    opener.count -= use;
    closer.count -= use;
    const inner = nodes.splice(openerAt + 1, closerAt - openerAt - 1);
    nodes.splice(openerAt + 1, 0, { type: use === 2 ? 'strong' : 'em', children: finish(inner) });
    closerAt = openerAt + 2;
    if (opener.count === 0) {
      nodes.splice(openerAt, 1);
      closerAt--;
    }
    if (closer.count === 0) nodes.splice(closerAt, 1);
  }
  return nodes;
}

/** Unmatched delimiters become text again; neighbouring texts merge. */
function finish(nodes: Node[]): Inline[] {
  const out: Inline[] = [];
  for (const node of nodes) {
    const inline: Inline = node.type === 'delim' ? { type: 'text', value: node.char.repeat(node.count) } : node;
    if (inline.type === 'text') {
      if (!inline.value) continue;
      const last = out[out.length - 1];
      if (last?.type === 'text') {
        out[out.length - 1] = { type: 'text', value: last.value + inline.value };
        continue;
      }
    }
    out.push(inline);
  }
  return out;
}

