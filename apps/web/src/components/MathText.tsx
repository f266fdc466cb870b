import './MathText.css';
import { Fragment, lazy, Suspense, type ReactNode } from 'react';
import { hasMath, parseMarkdown, type Block, type Inline } from './markdown';

type RenderMath = (tex: string, display: boolean) => string;

// KaTeX weighs ~75 KB gzip: loaded only by pages that show math, never by landing or login.
let loading: Promise<RenderMath> | null = null;
let renderMath: RenderMath | null = null;

/**
 * Loads KaTeX ahead of the first render (a route loader does this when its data has math), so
 * MathText draws the math straight away instead of plain text first: no swap, no layout shift.
 */
export function preloadMathText(): Promise<void> {
  loading ??= import('./katex-render').then((m) => (renderMath = m.renderMath));
  return loading.then(() => undefined);
}

interface Props {
  /** Markdown with `$…$` inline and `$$…$$` display math. */
  children: string;
  className?: string;
}

/**
 * Markdown with math, rendered safely: the text becomes React elements (raw HTML is shown as
 * text), links only to http(s) and mailto open in a new tab without a reference back, images in
 * the Markdown are not shown. Plain text while KaTeX loads, when a page did not preload it.
 */
export function MathText({ children, className }: Props) {
  const classes = className ? `math-text ${className}` : 'math-text';
  const blocks = parseMarkdown(children);
  if (renderMath || !hasMath(blocks)) return <div className={classes}>{renderBlocks(blocks, renderMath)}</div>;
  return (
    <Suspense fallback={<div className={`${classes} math-text--plain`}>{children}</div>}>
      <WithKatex blocks={blocks} className={classes} />
    </Suspense>
  );
}

/** The text once KaTeX is in (React.lazy: rendered after the import, without a flash in between). */
const WithKatex = lazy(() =>
  preloadMathText().then(() => ({
    default: ({ blocks, className }: { blocks: Block[]; className: string }) => <div className={className}>{renderBlocks(blocks, renderMath)}</div>,
  })),
);

function renderBlocks(blocks: Block[], math: RenderMath | null, tight = false): ReactNode[] {
  return blocks.map((block, key) => {
    switch (block.type) {
      case 'paragraph':
        return tight ? renderInlines(block.children, math, key) : <p key={key}>{renderInlines(block.children, math)}</p>;
      case 'heading': {
        const H = `h${block.level}` as const;
        return <H key={key}>{renderInlines(block.children, math)}</H>;
      }
      case 'code':
        return (
          <pre key={key}>
            <code>{block.value}</code>
          </pre>
        );
      case 'math':
        return <div key={key} className="math-text__display" dangerouslySetInnerHTML={{ __html: math ? math(block.value, true) : '' }} />;
      case 'list': {
        const items = block.items.map((item, k) => <li key={k}>{renderBlocks(item, math, block.tight)}</li>);
        return block.ordered ? (
          <ol key={key} start={block.start === 1 ? undefined : block.start}>
            {items}
          </ol>
        ) : (
          <ul key={key}>{items}</ul>
        );
      }
      case 'quote':
        return <blockquote key={key}>{renderBlocks(block.children, math)}</blockquote>;
      case 'rule':
        return <hr key={key} />;
    }
  });
}

function renderInlines(nodes: Inline[], math: RenderMath | null, key?: number): ReactNode {
  const out = nodes.map((node, k) => {
    switch (node.type) {
      case 'text':
        return node.value;
      case 'code':
        return <code key={k}>{node.value}</code>;
      case 'math':
        return <span key={k} className="math-text__inline" dangerouslySetInnerHTML={{ __html: math ? math(node.value, false) : '' }} />;
      case 'em':
        return <em key={k}>{renderInlines(node.children, math)}</em>;
      case 'strong':
        return <strong key={k}>{renderInlines(node.children, math)}</strong>;
      case 'link':
        return (
          <a key={k} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
            {renderInlines(node.children, math)}
          </a>
        );
      case 'unsafeLink':
        return <span key={k}>{renderInlines(node.children, math)}</span>;
      case 'break':
        return <br key={k} />;
    }
  });
  return key === undefined ? out : <Fragment key={key}>{out}</Fragment>;
}
