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

/**
 * At most this many formulas of one text are drawn by KaTeX; the rest are shown as their source.
 * Each formula is a dozen elements: an answer of 10,000 × `$a` is 2,500 formulas, and 50 such
 * answers on the review page were 1.5 million elements and a 38 s long task at 4× CPU
 * (bench/review-render.ts). A real answer has a few dozen.
 */
export const MAX_FORMULAS = 100;

interface Budget {
  formulas: number;
}

/** The tokens as React nodes; `math` draws formulas (null: KaTeX is not loaded, formulas are left empty). */
export function renderTokens(tokens: Token[], math: RenderMath | null, budget: Budget = { formulas: MAX_FORMULAS }): ReactNode[] {
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
    stack[stack.length - 1]!.children.push(leaf(token, key, math, budget));
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

function leaf(token: Token, key: number, math: RenderMath | null, budget: Budget): ReactNode {
  switch (token.type) {
    case 'inline':
      return <Fragment key={key}>{renderTokens(token.children ?? [], math, budget)}</Fragment>;
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
      return <Fragment key={key}>{renderTokens(token.children ?? [], math, budget)}</Fragment>;
    case 'math_inline':
    case 'math_block':
      if (budget.formulas <= 0) return `${token.markup}${token.content}${token.markup}`;
      budget.formulas--;
      return token.type === 'math_block' ? (
        <div key={key} className="math-text__display" dangerouslySetInnerHTML={{ __html: math ? math(token.content, true) : '' }} />
      ) : (
        <span key={key} className="math-text__inline" dangerouslySetInnerHTML={{ __html: math ? math(token.content, false) : '' }} />
      );
    default:
      // Anything else (raw HTML would land here if it were ever enabled) is shown as its text.
      return token.content;
  }
}
