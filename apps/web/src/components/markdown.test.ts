import { describe, expect, it } from 'vitest';
import { hasMath, parseInline, parseMarkdown, safeHref } from './markdown';

describe('markdown parser', () => {
  it('matches emphasis the CommonMark way', () => {
    expect(parseInline('*a **b** c*')).toEqual([
      { type: 'em', children: [{ type: 'text', value: 'a ' }, { type: 'strong', children: [{ type: 'text', value: 'b' }] }, { type: 'text', value: ' c' }] },
    ]);
    expect(parseInline('**a*')).toEqual([{ type: 'text', value: '*' }, { type: 'em', children: [{ type: 'text', value: 'a' }] }]);
    expect(parseInline('2 * 3 * 4')).toEqual([{ type: 'text', value: '2 * 3 * 4' }]);
    expect(parseInline('foo_bar_baz')).toEqual([{ type: 'text', value: 'foo_bar_baz' }]);
  });

  it('reads inline math, display math alone on a line and fenced display math', () => {
    expect(parseInline('a $x^2$ b')).toEqual([{ type: 'text', value: 'a ' }, { type: 'math', value: 'x^2' }, { type: 'text', value: ' b' }]);
    expect(parseMarkdown('$$x = 1$$')).toEqual([{ type: 'math', value: 'x = 1' }]);
    expect(parseMarkdown('text\n$$\n\\frac{1}{2}\n$$\nmore')).toEqual([
      { type: 'paragraph', children: [{ type: 'text', value: 'text' }] },
      { type: 'math', value: '\\frac{1}{2}' },
      { type: 'paragraph', children: [{ type: 'text', value: 'more' }] },
    ]);
    expect(hasMath(parseMarkdown('- *a $b$*'))).toBe(true);
    expect(hasMath(parseMarkdown('no math, `$x$` is code'))).toBe(false);
  });

  it('tells tight lists from loose ones and keeps numbering', () => {
    const [tight] = parseMarkdown('- a\n- b');
    const [loose] = parseMarkdown('3. a\n\n4. b');
    expect(tight).toMatchObject({ type: 'list', ordered: false, tight: true });
    expect(loose).toMatchObject({ type: 'list', ordered: true, start: 3, tight: false });
  });

  it('allows only http, https and mailto links', () => {
    expect(safeHref('https://example.org')).toBe('https://example.org');
    expect(safeHref(' MAILTO:a@b.c')).toBe('MAILTO:a@b.c');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', '/local', 'java\nscript:x', 'https:evil']) expect(safeHref(bad)).toBeNull();
  });

  it('survives pathological input quickly', () => {
    const start = performance.now();
    parseMarkdown('*'.repeat(5000) + '['.repeat(2000) + '$'.repeat(3000) + '`'.repeat(3000) + '\n- '.repeat(2000));
    expect(performance.now() - start).toBeLessThan(2000);
  });
});
