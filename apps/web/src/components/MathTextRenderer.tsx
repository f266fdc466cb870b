import 'katex/dist/katex.min.css';
import './MathText.css';
import type { ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';

// Links leave the app in a new tab without handing it a reference back (no window.opener).
const components: Components = {
  a: ({ node: _node, ...props }: ComponentProps<'a'> & { node?: unknown }) => <a {...props} target="_blank" rel="noopener noreferrer nofollow" />,
};

/** `$$…$$` alone on a line is display math, as teachers write it (remark-math wants it fenced). */
export function fenceDisplayMath(markdown: string): string {
  return markdown.replace(/^[ \t]*\$\$([^\n]+?)\$\$[ \t]*$/gm, (_m, tex: string) => `$$\n${tex.trim()}\n$$`);
}

/**
 * The heavy half of MathText. react-markdown escapes raw HTML by default (no rehype-raw) and
 * drops unsafe URLs; images inside Markdown are not rendered (a task carries its own image).
 */
export default function MathTextRenderer({ children, className }: { children: string; className: string }) {
  return (
    <div className={className}>
      <Markdown
        remarkPlugins={[remarkMath]}
        rehypePlugins={[[rehypeKatex, { throwOnError: false, strict: false, output: 'htmlAndMathml' }]]}
        components={components}
        disallowedElements={['img']}
        unwrapDisallowed
      >
        {fenceDisplayMath(children)}
      </Markdown>
    </div>
  );
}
