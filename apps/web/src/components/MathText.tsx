import './MathText.css';
import { lazy, Suspense, use, useEffect, useMemo, useRef, type ReactNode } from 'react';
import type * as MarkdownModule from './markdown';
import type { RenderMath } from './markdown-react';

type Markdown = typeof MarkdownModule;

// The parser (~42 KB gzip) and KaTeX (~75 KB gzip with CSS and fonts) load only where text is
// shown, KaTeX only where that text has math: never on the landing or login pages.
let markdown: Markdown | null = null;
let markdownLoading: Promise<Markdown> | null = null;
let renderMath: RenderMath | null = null;
let mathLoading: Promise<RenderMath> | null = null;

/** Fetches the Markdown parser ahead of the first render (a route loader does this with its data). */
export function preloadMarkdown(): Promise<void> {
  markdownLoading ??= import('./markdown').then((m) => (markdown = m));
  // A failed load may be retried by the next call (a lost connection).
  markdownLoading.catch(() => (markdownLoading = null));
  return markdownLoading.then(() => undefined);
}

/** Fetches KaTeX ahead of the first render, when the page's data has math: no swap, no layout shift. */
export function preloadMath(): Promise<void> {
  mathLoading ??= import('./katex-render').then((m) => (renderMath = m.renderMath));
  mathLoading.catch(() => (mathLoading = null));
  return mathLoading.then(() => undefined);
}

/** Both halves: what a page that shows math in all its texts calls ahead. */
export function preloadMathText(): Promise<void> {
  return Promise.all([preloadMarkdown(), preloadMath()]).then(() => undefined);
}

interface Props {
  /** Markdown with `$…$` inline and `$$…$$` display math. */
  children: string;
  className?: string;
}

/**
 * Markdown with math, rendered safely (markdown-parser.ts, markdown-react.tsx): the text becomes
 * React elements (raw HTML is shown as text), links only to http(s) and mailto open in a new tab
 * without a reference back, images in the Markdown are not shown. The box holds its content:
 * MathText.css scrolls what is wider than the page inside it. Plain text while the parser or
 * KaTeX loads, when a page did not preload them.
 */
export function MathText({ children, className }: Props) {
  const classes = className ? `math-text ${className}` : 'math-text';
  const ready = markdown;
  const tokens = useMemo(() => (ready ? ready.parseMarkdown(children) : null), [ready, children]);
  if (ready && tokens && (renderMath || !ready.hasMath(tokens))) return <MathBox className={classes}>{ready.renderTokens(tokens, renderMath)}</MathBox>;
  // A `$` may be math: KaTeX is fetched alongside the parser rather than after it (idempotent).
  if (!renderMath && children.includes('$')) preloadMath().catch(() => null);
  return (
    <Suspense fallback={<div className={`${classes} math-text--plain`}>{children}</div>}>
      <Deferred text={children} className={classes} />
    </Suspense>
  );
}

/** The text once the parser (and, for math, KaTeX) is in: rendered after the imports, no flash between. */
const Deferred = lazy(() =>
  preloadMarkdown().then(() => ({
    default: function DeferredMarkdown({ text, className }: { text: string; className: string }) {
      const m = markdown!;
      const tokens = m.parseMarkdown(text);
      // Called on every render of a text with math (React wants use() unconditional per text).
      if (m.hasMath(tokens)) {
        if (!renderMath) preloadMath().catch(() => null);
        use(mathLoading!);
      }
      return <MathBox className={className}>{m.renderTokens(tokens, renderMath)}</MathBox>;
    },
  })),
);

/**
 * The rendered text's box. What is wider than it (a long formula, a code line) scrolls inside it
 * (MathText.css); a box that scrolls gets a tab stop so it can be scrolled from the keyboard too
 * (WCAG 2.1.1; axe's scrollable-region-focusable). Only those: a text that fits adds no tab stop.
 * Widths change after the first paint: KaTeX's fonts arrive (a formula that fitted in the fallback
 * font may not fit any more: CI's axe scan once found such a box at 375 px without its tab stop),
 * and a phone is turned. So the boxes are measured again whenever their content or the box resizes.
 */
function MathBox({ className, children }: { className: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const boxes = [root, ...root.querySelectorAll<HTMLElement>('.katex-display, pre, .math-tall')];
    const measure = () => {
      for (const box of boxes) {
        if (box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight) box.tabIndex = 0;
        else box.removeAttribute('tabindex');
      }
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    for (const box of boxes) {
      observer.observe(box);
      // The content's own size: it grows when a font arrives while the box keeps its width.
      if (box.firstElementChild) observer.observe(box.firstElementChild);
    }
    return () => observer.disconnect();
  });
  return (
    <div ref={ref} className={className}>
      {children}
    </div>
  );
}
