import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MathText } from './MathText';

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
});
