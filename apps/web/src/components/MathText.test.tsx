import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MathText, preloadMathText } from './MathText';
import { MAX_FORMULAS } from './markdown-react';

describe('MathText (PRODUCT.md §4)', () => {
  it('renders inline and display math with KaTeX', async () => {
    const { container } = render(<MathText>{'Find $x^2$ when\n\n$$x = \\frac{1}{2}$$'}</MathText>);
    await waitFor(() => expect(container.querySelectorAll('.katex')).toHaveLength(2));
    expect(container.querySelector('.katex-display')).not.toBeNull();
  });

  describe('a formula wider than its box', () => {
    afterEach(() => vi.unstubAllGlobals());
    /** jsdom lays nothing out: the widths are given, and the observer is one the test calls. */
    const sized = (element: Element, scrollWidth: number, clientWidth: number) => {
      Object.defineProperty(element, 'scrollWidth', { configurable: true, value: scrollWidth });
      Object.defineProperty(element, 'clientWidth', { configurable: true, value: clientWidth });
    };

    it('gets a tab stop when it stops fitting after the first paint (a font arrived), and loses it when it fits again', async () => {
      const observed = new Set<Element>();
      const callbacks: (() => void)[] = [];
      vi.stubGlobal(
        'ResizeObserver',
        class {
          constructor(callback: () => void) {
            callbacks.push(callback);
          }
          observe(element: Element) {
            observed.add(element);
          }
          disconnect() {}
        },
      );
      const { container } = render(<MathText>{'Solve\n\n$$x^2 + 2x + 1 = 0$$'}</MathText>);
      await waitFor(() => expect(container.querySelector('.katex-display')).not.toBeNull());
      const display = container.querySelector<HTMLElement>('.katex-display')!;
      // It fitted when it was first measured.
      expect(display).not.toHaveAttribute('tabindex');
      expect(observed.has(display) && observed.has(display.firstElementChild!)).toBe(true);
      sized(display, 420, 340);
      callbacks.forEach((c) => c());
      expect(display).toHaveAttribute('tabindex', '0');
      sized(display, 300, 340);
      callbacks.forEach((c) => c());
      expect(display).not.toHaveAttribute('tabindex');
    });
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
    expect(container.querySelectorAll('a')).toHaveLength(1);
    // The refused link is shown as what was typed, never as a link.
    expect(container).toHaveTextContent('[bad](javascript:alert(3))');
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
    const refused = [
      '[a](javascript:alert(1))',
      '[b](JaVaScRiPt:alert(1))',
      '[c](data:text/html,<script>alert(1)</script>)',
      '[d](vbscript:x)',
      '[e](/relative)',
      '[h]( javascript:alert(1) )',
      '[i](&#x6A;avascript:alert(1))',
      '[j](java&#115;cript:alert(1))',
      '[k](<javascript:alert(1)>)',
      '<javascript:alert(1)>',
      '<data:text/html,x>',
    ];
    const { container } = render(
      <MathText>
        {[
          refused.join(' '),
          '[f](http://example.org/x?y=1) [g](mailto:teacher@example.org) <https://example.org/auto> <pupil@example.org>',
          '[t](https://example.org/t "a title\\" onmouseover=\\"alert(1)") [r][ref] [u](https://example.org/u "x" onclick="alert(1)")',
          '[ref]: javascript:alert(2)',
        ].join('\n\n')}
      </MathText>,
    );
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['http://example.org/x?y=1', 'mailto:teacher@example.org', 'https://example.org/auto', 'mailto:pupil@example.org', 'https://example.org/t']);
    for (const a of container.querySelectorAll('a')) {
      expect(a).toHaveAttribute('target', '_blank');
      expect(a).toHaveAttribute('rel', 'noopener noreferrer nofollow');
      // A link's title is not shown, so it can carry nothing into an attribute.
      expect([...a.attributes].map((attr) => attr.name).sort()).toEqual(['href', 'rel', 'target']);
    }
    const attributes = [...container.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((attr) => `${attr.name}=${attr.value}`));
    expect(attributes.filter((attr) => /^on|^(?:href|src)=\s*(?:javascript|data|vbscript):/i.test(attr))).toEqual([]);
    expect(container).toHaveTextContent('[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1))');
    expect(container).toHaveTextContent('<javascript:alert(1)>');
    expect(container).toHaveTextContent('[r][ref] [u](https://example.org/u "x" onclick="alert(1)")');
  });

  it('shows HTML entities as the characters they name, never as markup', async () => {
    await preloadMathText();
    const { container } = render(<MathText>{'&lt;script&gt;alert(1)&lt;/script&gt; &#60;img src=x onerror=alert(2)&#62; &amp;lt;b&amp;gt; &copy;'}</MathText>);
    expect(container.querySelector('script, img, b')).toBeNull();
    expect(container).toHaveTextContent('<script>alert(1)</script> <img src=x onerror=alert(2)> &lt;b&gt; ©');
  });

  it('KaTeX refuses links and HTML inside formulas', async () => {
    await preloadMathText();
    const { container } = render(<MathText>{'$\\href{javascript:alert(1)}{x}$ $\\htmlClass{a}{b}$ $\\url{javascript:alert(2)}$'}</MathText>);
    expect(container.querySelector('a')).toBeNull();
    expect(container.innerHTML).not.toContain('href="javascript');
  });

  it('draws at most MAX_FORMULAS formulas of one text with KaTeX, the rest as their source', async () => {
    await preloadMathText();
    const { container } = render(<MathText>{'$a$ '.repeat(MAX_FORMULAS + 50)}</MathText>);
    expect(container.querySelectorAll('.katex')).toHaveLength(MAX_FORMULAS);
    expect(container.textContent).toContain('$a$ $a$');
  });

  it('caps what one formula can draw and expand (katex-options.ts)', async () => {
    await preloadMathText();
    const { container } = render(<MathText>{'$\\rule{5000em}{5000em}$ $\\kern{9000em}x$ $\\def\\a{\\a\\a}\\a$'}</MathText>);
    // KaTeX's inline styles (the MathML annotation repeats the source, 5000em and all).
    const styles = [...container.querySelectorAll('[style]')].map((el) => el.getAttribute('style')).join(';');
    const sizes = [...styles.matchAll(/(-?[\d.]+)em/g)].map((m) => Math.abs(Number(m[1])));
    expect(sizes).toContain(20);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(20);
    // The self-expanding macro stops at maxExpand and is shown as an error, not a frozen tab.
    expect(container.querySelector('.katex-error')).not.toBeNull();
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
