import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, useEnglish } from '../../../test/utils';
import { ANSWER_PREVIEW_CHARS, previewOf, ReviewAnswer } from './ReviewAnswer';

describe('previewOf', () => {
  it('cuts a long answer near the limit at a space and marks the cut', () => {
    const answer = 'word '.repeat(1_000);
    const preview = previewOf(answer);
    expect(preview.length).toBeLessThanOrEqual(ANSWER_PREVIEW_CHARS + 2);
    expect(preview.length).toBeGreaterThan(ANSWER_PREVIEW_CHARS - 100);
    expect(preview.endsWith('word …')).toBe(true);
  });

  it('never leaves a formula open: the cut moves before its $', () => {
    const answer = `${'a'.repeat(ANSWER_PREVIEW_CHARS - 20)} $\\frac{1}{2}+${'x'.repeat(100)}$ tail`;
    const preview = previewOf(answer);
    expect((preview.match(/\$/g) ?? []).length % 2).toBe(0);
    expect(preview).not.toContain('\\frac');
  });

  it('keeps escaped dollars and whole formulas', () => {
    const answer = `Costs \\$5, and $x=1$ ${'b '.repeat(900)}`;
    expect(previewOf(answer)).toContain('$x=1$');
  });
});

describe('ReviewAnswer', () => {
  useEnglish();
  afterEach(() => vi.unstubAllGlobals());

  it('shows a short answer whole, with no toggle', async () => {
    renderAt(<ReviewAnswer answer="Answer: **42**" />);
    expect(await screen.findByText('42', { selector: 'strong' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the beginning of a long answer and the rest on request', async () => {
    const answer = `${'step '.repeat(400)}THE END`;
    renderAt(<ReviewAnswer answer={answer} />);
    const toggle = await screen.findByRole('button', { name: `Show the whole answer (${answer.length} characters)` });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText(/THE END/)).toBeNull();
    fireEvent.click(toggle);
    expect(await screen.findByText(/THE END/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show only the beginning' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('draws the Markdown only once the answer comes near the screen', async () => {
    let notify: ((entries: { isIntersecting: boolean }[]) => void) | null = null;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          notify = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    renderAt(<ReviewAnswer answer="Answer: **42**" />);
    // Far from the screen: the plain text, no Markdown drawn.
    expect(screen.getByTestId('review-answer').textContent).toContain('Answer: **42**');
    expect(screen.queryByText('42', { selector: 'strong' })).toBeNull();
    notify!([{ isIntersecting: true }]);
    await waitFor(() => expect(screen.getByText('42', { selector: 'strong' })).toBeTruthy());
  });
});
