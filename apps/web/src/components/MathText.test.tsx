import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MathText, preloadMathText } from './MathText';

describe('MathText (PRODUCT.md §4)', () => {
  it('renders inline and display math with KaTeX', async () => {
    const { container } = render(<MathText>{'Find $x^2$ when\n\n$$x = \\frac{1}{2}$$'}</MathText>);
    await waitFor(() => expect(container.querySelectorAll('.katex')).toHaveLength(2));
    expect(container.querySelector('.katex-display')).not.toBeNull();
  });

  it('never renders raw HTML and neutralises unsafe links', async () => {
    const { container } = render(
      <MathText>{'<img src=x onerror="alert(1)"><script>alert(2)</script> [safe](https://example.org) [bad](javascript:alert(3))'}</MathText>,
    );
    await waitFor(() => expect(screen.getByRole('link', { name: 'safe' })).toBeInTheDocument());
    expect(container.querySelector('img, script')).toBeNull();
    const safe = screen.getByRole('link', { name: 'safe' });
    expect(safe).toHaveAttribute('target', '_blank');
    expect(safe).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByText('bad').closest('a')?.getAttribute('href') ?? '').not.toContain('javascript');
  });

  it('shows raw HTML as text, with the math around it still drawn', async () => {
    await preloadMathText();
    const { container } = render(<MathText>{'<img src=x onerror=alert(1)> and <b onclick="x()">bold</b> $a<b$'}</MathText>);
    expect(container.querySelector('img, b, [onerror], [onclick]')).toBeNull();
    expect(container).toHaveTextContent('<img src=x onerror=alert(1)> and <b onclick="x()">bold</b>');
    expect(container.querySelectorAll('.katex')).toHaveLength(1);
  });

  it('links only to http, https and mailto; everything else stays text', async () => {
    await preloadMathText();
    const { container } = render(
      <MathText>
        {[
          '[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](data:text/html,<script>alert(1)</script>) [d](vbscript:x) [e](/relative)',
          '[f](http://example.org/x?y=1) [g](mailto:teacher@example.org) <https://example.org/auto> [h]( javascript:alert(1) )',
        ].join('\n\n')}
      </MathText>,
    );
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['http://example.org/x?y=1', 'mailto:teacher@example.org', 'https://example.org/auto']);
    for (const a of container.querySelectorAll('a')) {
      expect(a).toHaveAttribute('target', '_blank');
      expect(a).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    }
    for (const label of ['a', 'b', 'c', 'd', 'e', 'h']) expect(screen.getByText(label).closest('a')).toBeNull();
  });

  it('does not show images written in the Markdown', async () => {
    await preloadMathText();
    const { container } = render(<MathText>{'Look: ![a cat](https://example.org/cat.png) ![x](javascript:alert(1))'}</MathText>);
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('Look: a cat x');
  });

  it('KaTeX refuses links and HTML inside formulas', async () => {
    await preloadMathText();
    const { container } = render(<MathText>{'$\\href{javascript:alert(1)}{x}$ $\\htmlClass{a}{b}$ $\\url{javascript:alert(2)}$'}</MathText>);
    expect(container.querySelector('a')).toBeNull();
    expect(container.innerHTML).not.toContain('href="javascript');
  });

  it('renders emphasis, nested emphasis, code, lists, quotes and headings', async () => {
    await preloadMathText();
    const { container } = render(
      <MathText>
        {[
          '# Task',
          'Some **bold with *italic* inside** and _under_ and `x * y` and ***both***.',
          '- one $a$\n- two\n  - nested',
          '1. first\n2. second',
          '> quoted *text*',
          '```\n<b>code</b> $not math$\n```',
        ].join('\n\n')}
      </MathText>,
    );
    expect(container.querySelector('h1')).toHaveTextContent('Task');
    expect(container.querySelector('strong > em')).toHaveTextContent('italic');
    expect(container.querySelector('strong')).toHaveTextContent('bold with italic inside');
    expect([...container.querySelectorAll('em')].map((e) => e.textContent)).toContain('under');
    expect(container.querySelector('p > code')).toHaveTextContent('x * y');
    expect(container.querySelector('em > strong, strong > em:only-child')).not.toBeNull();
    expect(container.querySelectorAll('ul > li')).toHaveLength(3);
    expect(container.querySelector('ul li ul li')).toHaveTextContent('nested');
    expect(container.querySelector('ul li .katex')).not.toBeNull();
    expect(container.querySelectorAll('ol > li')).toHaveLength(2);
    expect(container.querySelector('blockquote em')).toHaveTextContent('text');
    expect(container.querySelector('pre > code')).toHaveTextContent('<b>code</b> $not math$');
    expect(container.querySelector('pre b, pre .katex')).toBeNull();
  });

  it('keeps an escaped dollar and a lone one as text', async () => {
    await preloadMathText();
    const { container } = render(<MathText>{'Costs \\$5, and $ alone; a * b * c; snake_case_name'}</MathText>);
    expect(container.querySelector('.katex, em')).toBeNull();
    expect(container).toHaveTextContent('Costs $5, and $ alone; a * b * c; snake_case_name');
  });
});
