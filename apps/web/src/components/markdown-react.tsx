// markdown-it's tokens (markdown-parser.ts) as React elements: no HTML string from the text ever
// reaches the page (React escapes every text), only KaTeX's own output for a formula.
import { createElement, Fragment, type ReactNode } from 'react';
import type { Token } from 'markdown-it';
import { safeHref } from './markdown-parser';

export type RenderMath = (tex: string, display: boolean) => string;

/** The elements markdown-it's CommonMark rules open; any other tag would be a bug, drawn as a span. */
const TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'ul', 'ol', 'li', 'em', 'strong']);

interface Open {
  token: Token | null;
  children: ReactNode[];
}

/** The tokens as React nodes; `math` draws formulas (null: KaTeX is not loaded, formulas are left empty). */
export function renderTokens(tokens: Token[], math: RenderMath | null): ReactNode[] {
  const root: Open = { token: null, children: [] };
  const stack: Open[] = [root];
  tokens.forEach((token, key) => {
    if (token.nesting === 1) {
      stack.push({ token, children: [] });
      return;
    }
    if (token.nesting === -1) {
      const open = stack.length > 1 ? stack.pop()! : root;
      stack[stack.length - 1]!.children.push(element(open, key));
      return;
    }
    stack[stack.length - 1]!.children.push(leaf(token, key, math));
  });
  // Unclosed tokens (markdown-it always closes them; kept for safety) keep their content.
  while (stack.length > 1) {
    const open = stack.pop()!;
    stack[stack.length - 1]!.children.push(element(open, tokens.length + stack.length));
  }
  return root.children;
}

function element({ token, children }: Open, key: number): ReactNode {
  if (!token) return <Fragment key={key}>{children}</Fragment>;
  if (token.type === 'link_open') {
    const href = safeHref(String(token.attrGet('href') ?? ''));
    return href ? (
      <a key={key} href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span key={key}>{children}</span>
    );
  }
  // A tight list's paragraphs are hidden: their text sits in the <li> directly.
  if (token.type === 'paragraph_open' && token.hidden) return <Fragment key={key}>{children}</Fragment>;
  if (token.type === 'ordered_list_open') {
    const start = Number(token.attrGet('start') ?? 1);
    return (
      <ol key={key} start={start === 1 ? undefined : start}>
        {children}
      </ol>
    );
  }
  return createElement(TAGS.has(token.tag) ? token.tag : 'span', { key }, ...children);
}

function leaf(token: Token, key: number, math: RenderMath | null): ReactNode {
  switch (token.type) {
    case 'inline':
      return <Fragment key={key}>{renderTokens(token.children ?? [], math)}</Fragment>;
    case 'text':
      return token.content;
    case 'softbreak':
      return '\n';
    case 'hardbreak':
      return <br key={key} />;
    case 'code_inline':
      return <code key={key}>{token.content}</code>;
    case 'code_block':
    case 'fence':
      return (
        <pre key={key}>
          <code>{token.content.replace(/\n$/, '')}</code>
        </pre>
      );
    case 'hr':
      return <hr key={key} />;
    // An image is not shown (a task carries its own picture): its description stays as text.
    case 'image':
      return <Fragment key={key}>{renderTokens(token.children ?? [], math)}</Fragment>;
    case 'math_inline':
      return <span key={key} className="math-text__inline" dangerouslySetInnerHTML={{ __html: math ? math(token.content, false) : '' }} />;
    case 'math_block':
      return <div key={key} className="math-text__display" dangerouslySetInnerHTML={{ __html: math ? math(token.content, true) : '' }} />;
    default:
      // Anything else (raw HTML would land here if it were ever enabled) is shown as its text.
      return token.content;
  }
}
