import type { Solution, Task } from '@mathclub/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadSession, setSession } from '../../../lib/session';
import { jsonResponse, makeToken, mockFetch, renderAt, teacher, useEnglish } from '../../../test/utils';
import { suggestedVerdict } from './review-state';
import { ReviewPage } from './ReviewPage';

const group = { id: 1, name: '7-А' };
const task: Task = {
  id: 1, title: 'Fractions', text: 'Add $\\frac12 + \\frac13$', level: 'beginner', points: 2, group, createdAt: '2026-11-20T10:00:00.000Z',
  author: { id: 1, name: 'Олена' }, answerKind: 'number', answerKey: '5/6', tolerance: 0, checkMode: 'suggest',
};
function solution(id: number, name: string, autoVerdict: Solution['autoVerdict'], reviewed = false): Solution {
  return { id, taskId: 1, authorId: 10 + id, author: { id: 10 + id, name }, answer: `${id}/6`, reviewed, correct: false, feedback: null, createdAt: `2026-11-21T0${id}:00:00.000Z`, reviewedAt: null, reviewer: null, autoVerdict, judgedBy: reviewed ? 'teacher' : null };
}

describe('suggest mode on the review page (PRODUCT.md §9, §15)', () => {
  beforeEach(async () => {
    await useEnglish();
    setSession(makeToken(teacher));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    reloadSession();
  });

  it('suggests only definite verdicts of waiting answers in suggest mode', () => {
    expect(suggestedVerdict(solution(1, 'a', 'correct'), 'suggest')).toBe('correct');
    expect(suggestedVerdict(solution(1, 'a', 'incorrect'), 'suggest')).toBe('incorrect');
    expect(suggestedVerdict(solution(1, 'a', 'unsure'), 'suggest')).toBeNull();
    expect(suggestedVerdict(solution(1, 'a', null), 'suggest')).toBeNull();
    expect(suggestedVerdict(solution(1, 'a', 'correct'), 'manual')).toBeNull();
    expect(suggestedVerdict(solution(1, 'a', 'correct', true), 'suggest')).toBeNull();
  });

  it('pre-selects the suggestion with a mark; Enter on the solution confirms it; the teacher may override', async () => {
    const list = [solution(1, 'Оля', 'correct'), solution(2, 'Петро', 'incorrect'), solution(3, 'Іра', 'unsure')];
    const put = vi.fn((_id: string, body: unknown) => jsonResponse({ ...list[0], ...(body as object) }));
    mockFetch((method, path, init) => {
      if (method === 'GET' && path === '/api/solutions') return jsonResponse(list);
      if (method === 'PUT') return put(path.split('/').pop()!, JSON.parse(init!.body as string));
      return jsonResponse({}, 404);
    });
    renderAt(<ReviewPage tasks={[task]} tasksLoading={false} tasksFailed={false} />);
    await waitFor(() => expect(screen.getAllByTestId('solution-review')).toHaveLength(3));
    const [olya, petro, ira] = screen.getAllByTestId('solution-review') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(olya).getByText(/Suggested by the checker/)).toHaveTextContent('Suggested by the checker: Correct');
    expect(within(olya).getByRole('button', { name: 'Correct' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(petro).getByRole('button', { name: 'Incorrect' })).toHaveAttribute('aria-pressed', 'true');
    // Unsure suggests nothing.
    expect(within(ira).queryByText(/Suggested by the checker/)).not.toBeInTheDocument();
    expect(within(ira).getByRole('button', { name: 'Correct' })).toHaveAttribute('aria-pressed', 'false');

    fireEvent.keyDown(olya, { key: 'Enter' });
    await waitFor(() => expect(put).toHaveBeenCalledWith('1', { correct: true, reviewed: true, feedback: null }));
    // Overriding: the mark goes, and Enter no longer saves the other choice.
    fireEvent.click(within(petro).getByRole('button', { name: 'Correct' }));
    expect(within(petro).queryByText(/Suggested by the checker/)).not.toBeInTheDocument();
    fireEvent.keyDown(petro, { key: 'Enter' });
    expect(put).toHaveBeenCalledTimes(1);
  });

  it('confirms all suggestions of a task in one request per verdict, then reloads the list', async () => {
    let list = [solution(1, 'Оля', 'correct'), solution(2, 'Петро', 'incorrect'), solution(3, 'Іра', 'correct'), solution(4, 'Юра', 'unsure')];
    const post = vi.fn((body: { ids: number[]; correct: boolean }) => {
      list = list.map((s) => (body.ids.includes(s.id) ? { ...s, reviewed: true, correct: body.correct, judgedBy: 'teacher' as const } : s));
      return jsonResponse({ updated: body.ids.length });
    });
    mockFetch((method, path, init) => {
      if (method === 'GET' && path === '/api/solutions') return jsonResponse(list);
      if (method === 'POST' && path === '/api/solutions/review') return post(JSON.parse(init!.body as string));
      return jsonResponse({}, 404);
    });
    renderAt(<ReviewPage tasks={[task]} tasksLoading={false} tasksFailed={false} />);
    const button = await screen.findByRole('button', { name: 'Confirm all 3 suggested verdicts' });
    fireEvent.click(button);
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(post).toHaveBeenCalledWith({ ids: [1, 3], correct: true });
    expect(post).toHaveBeenCalledWith({ ids: [2], correct: false });
    expect(await screen.findByText('3 verdicts confirmed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /suggested verdict/ })).not.toBeInTheDocument());
    // Only the unsure answer still waits.
    expect(screen.getByText('1 waiting')).toBeInTheDocument();
  });
});
