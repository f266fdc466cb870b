import type { Solution } from '@mathclub/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { useEnglish } from '../../../test/utils';
import { InstantVerdict } from './InstantVerdict';

const sent = (reviewed: boolean, correct: boolean, autoVerdict: Solution['autoVerdict']): Solution => ({
  id: 1, taskId: 1, authorId: 2, author: { id: 2, name: 'Оля' }, answer: '5/6', reviewed, correct, feedback: null,
  createdAt: '2026-11-25T10:00:00.000Z', reviewedAt: reviewed ? '2026-11-25T10:00:00.000Z' : null, reviewer: null, autoVerdict, judgedBy: reviewed ? 'checker' : null,
});

describe('the verdict a student sees on sending (PRODUCT.md §9)', () => {
  beforeEach(useEnglish);

  it.each([
    [sent(true, true, 'correct'), 'correct', 'Correct! “Fractions” is solved.'],
    [sent(true, false, 'incorrect'), 'incorrect', 'Not correct: “Fractions”. Check your answer and try again.'],
    [sent(false, false, 'unsure'), 'waiting', 'Sent. “Fractions” is waiting for the teacher.'],
    [sent(false, false, null), 'waiting', 'Sent. “Fractions” is waiting for the teacher.'],
  ])('%#: says %s at once and takes the focus (the arena holds the live region it is read out from)', (solution, kind, text) => {
    const onClose = vi.fn();
    render(
      <AppProviders>
        <InstantVerdict title="Fractions" solution={solution} onClose={onClose} />
      </AppProviders>,
    );
    const status = screen.getByTestId('instant-verdict');
    expect(status).toHaveAttribute('data-verdict', kind);
    expect(status).toHaveTextContent(text);
    expect(status).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Close the message' }));
    expect(onClose).toHaveBeenCalled();
  });
});
