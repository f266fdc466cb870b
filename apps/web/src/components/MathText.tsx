import { lazy, Suspense, type ComponentType } from 'react';

type Renderer = ComponentType<{ children: string; className: string }>;

// Markdown + KaTeX weigh ~450 KB: loaded only by pages that show math, never by landing or login.
const importRenderer = () => import('./MathTextRenderer');
const LazyRenderer = lazy(importRenderer);
let loaded: Renderer | null = null;

/**
 * Loads the renderer ahead of the first render (a route loader does this when its data has math),
 * so MathText draws the math straight away instead of plain text first: no swap, no layout shift.
 */
export function preloadMathText(): Promise<void> {
  return importRenderer().then((m) => {
    loaded = m.default;
  });
}

interface Props {
  /** Markdown with `$…$` inline and `$$…$$` display math. */
  children: string;
  className?: string;
}

/** Markdown with math, rendered safely (no raw HTML); plain text while the renderer loads. */
export function MathText({ children, className }: Props) {
  const classes = className ? `math-text ${className}` : 'math-text';
  if (loaded) {
    const Renderer = loaded;
    return <Renderer className={classes}>{children}</Renderer>;
  }
  return (
    <Suspense fallback={<div className={`${classes} math-text--plain`}>{children}</div>}>
      <LazyRenderer className={classes}>{children}</LazyRenderer>
    </Suspense>
  );
}
