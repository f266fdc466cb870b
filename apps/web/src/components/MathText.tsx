import { lazy, Suspense } from 'react';

// Markdown + KaTeX weigh ~450 KB: loaded only by pages that show math, never by landing or login.
const MathTextRenderer = lazy(() => import('./MathTextRenderer'));

interface Props {
  /** Markdown with `$…$` inline and `$$…$$` display math. */
  children: string;
  className?: string;
}

/** Markdown with math, rendered safely (no raw HTML); plain text while the renderer loads. */
export function MathText({ children, className }: Props) {
  const classes = className ? `math-text ${className}` : 'math-text';
  return (
    <Suspense fallback={<div className={`${classes} math-text--plain`}>{children}</div>}>
      <MathTextRenderer className={classes}>{children}</MathTextRenderer>
    </Suspense>
  );
}
