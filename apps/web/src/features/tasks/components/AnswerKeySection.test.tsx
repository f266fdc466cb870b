import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadSession, setSession } from '../../../lib/session';
import { chooseOption, jsonResponse, makeToken, mockFetch, renderAt, teacher, useEnglish } from '../../../test/utils';
import { AnswerKeySection, toleranceValue, type AnswerKeyDraft } from './AnswerKeySection';

function Harness({ start }: { start: AnswerKeyDraft }) {
  const [value, setValue] = useState(start);
  return <AnswerKeySection value={value} onChange={(patch) => setValue((v) => ({ ...v, ...patch }))} errors={{}} defaultOpen />;
}
const empty: AnswerKeyDraft = { answerKind: 'none', answerKey: '', tolerance: '', checkMode: 'manual', tryAnswer: '' };

describe('the task form\'s answer key section (PRODUCT.md §9)', () => {
  beforeEach(async () => {
    await useEnglish();
    setSession(makeToken(teacher));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    reloadSession();
  });

  it('reads tolerances as typed, with a decimal comma', () => {
    expect(toleranceValue('')).toBe(0);
    expect(toleranceValue('0,01')).toBe(0.01);
    expect(toleranceValue('abc')).toBeNaN();
  });

  it("previews the key as the server's checker reads it and shows the verdict on a tried answer", async () => {
    const asked = vi.fn((body: { answerKind: string; answerKey: string; tolerance: number; answer: string }) =>
      jsonResponse({ keyLatex: '\\frac{5}{6}', verdict: body.answer === '' ? null : body.answer === '10/12' ? 'correct' : 'incorrect' }),
    );
    mockFetch((method, path, init) => (method === 'POST' && path === '/api/answer-keys/check' ? asked(JSON.parse(init!.body as string)) : jsonResponse({}, 404)));
    renderAt(<Harness start={empty} />);
    // No key: nothing to preview, checking stays manual.
    expect(screen.queryByLabelText('Answer key')).not.toBeInTheDocument();
    await chooseOption('Kind of answer', 'Number');
    fireEvent.change(screen.getByLabelText('Answer key'), { target: { value: '5/6' } });
    await waitFor(() => expect(asked).toHaveBeenCalledWith({ answerKind: 'number', answerKey: '5/6', tolerance: 0, answer: '' }));
    // The server's LaTeX, drawn by KaTeX.
    await waitFor(() => expect(screen.getByTestId('answer-key-preview').querySelector('.katex')).not.toBeNull());
    fireEvent.change(screen.getByLabelText('Try an answer'), { target: { value: '10/12' } });
    expect(await screen.findByText('Correct')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Try an answer'), { target: { value: '0.83' } });
    expect(await screen.findByText('Incorrect')).toBeInTheDocument();
    expect(asked).toHaveBeenLastCalledWith({ answerKind: 'number', answerKey: '5/6', tolerance: 0, answer: '0.83' });
  });

  it("shows the checker's refusal of a key under the key field", async () => {
    mockFetch(() => jsonResponse({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'Bad', validationErrors: { answerKey: 'teacher.tasks.form.errors.answerKeyNotANumber' } }, 400));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt(<Harness start={{ ...empty, answerKind: 'number', checkMode: 'auto' }} />);
    fireEvent.change(screen.getByLabelText('Answer key'), { target: { value: 'x+1' } });
    expect(await screen.findByText('A number key must be a single number, like 5/6, 0.5 or sqrt(8)')).toBeInTheDocument();
  });
});
