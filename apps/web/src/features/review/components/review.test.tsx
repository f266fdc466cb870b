import type { Solution, Task } from '@mathclub/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadSession, setSession } from '../../../lib/session';
import { jsonResponse, makeToken, mockFetch, renderAt, teacher, useEnglish } from '../../../test/utils';
import { canSave, reviewIcon, reviewOrder } from './review-state';
import { ReviewPage } from './ReviewPage';

const group = { id: 1, name: '7-А olympiad' };
const tasks: Task[] = [
  { id: 1, title: 'Fractions', text: 'Add $\\frac12 + \\frac13$', level: 'beginner', points: 2, group, createdAt: '2026-11-20T10:00:00.000Z', author: { id: 1, name: 'Олена' }, answerKind: 'none', answerKey: null, tolerance: 0, checkMode: 'manual' },
  { id: 2, title: 'Unanswered', text: 'Nobody tried', level: 'advanced', points: 5, group, createdAt: '2026-11-20T11:00:00.000Z', author: { id: 1, name: 'Олена' }, answerKind: 'none', answerKey: null, tolerance: 0, checkMode: 'manual' },
];
function solution(id: number, name: string, reviewed: boolean, correct: boolean, createdAt: string, feedback: string | null = null): Solution {
  return { id, taskId: 1, authorId: 10 + id, author: { id: 10 + id, name }, answer: `$x = ${id}$`, reviewed, correct, feedback, createdAt, reviewedAt: null, reviewer: null, autoVerdict: null, judgedBy: reviewed ? 'teacher' : null };
}
const solutions = [
  solution(1, 'Оля', true, true, '2026-11-21T08:00:00.000Z'),
  solution(2, 'Петро', false, false, '2026-11-21T09:00:00.000Z'),
];

describe('review rules (SEED.md §4)', () => {
  it('allows Save only for a verdict that differs from the saved one', () => {
    expect(canSave(null, null)).toBe(false);
    expect(canSave('correct', null)).toBe(true);
    expect(canSave('correct', 'correct')).toBe(false);
    expect(canSave('incorrect', 'correct')).toBe(true);
    expect(canSave(null, 'correct')).toBe(false);
    // New feedback on a kept verdict is a change worth saving.
    expect(canSave('correct', 'correct', 'Nice!', null)).toBe(true);
    expect(canSave('correct', 'correct', ' Nice! ', 'Nice!')).toBe(false);
  });

  it('has four icons: none, unreviewed, reviewed, changed', () => {
    expect(reviewIcon(null, null)).toBe('unreviewed');
    expect(reviewIcon(null, 'correct')).toBe('none');
    expect(reviewIcon('correct', 'correct')).toBe('reviewed');
    expect(reviewIcon('incorrect', 'correct')).toBe('changed');
    expect(reviewIcon('correct', null)).toBe('changed');
  });

  it('lists unreviewed solutions first', () => {
    expect([...solutions].sort(reviewOrder).map((s) => s.id)).toEqual([2, 1]);
  });
});

describe('Review page', () => {
  beforeEach(async () => {
    await useEnglish();
    setSession(makeToken(teacher));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    reloadSession();
  });

  function serve(put?: (id: string, body: unknown) => Response) {
    return mockFetch((method, path, init) => {
      if (method === 'GET' && path === '/api/solutions') return jsonResponse(solutions);
      if (method === 'PUT' && put) return put(path.split('/').pop()!, JSON.parse(init!.body as string));
      return jsonResponse({}, 404);
    });
  }

  const items = () => screen.getAllByTestId('solution-review');
  const icon = (item: HTMLElement) => item.querySelector('[data-icon]')!;

  it('shows only tasks with solutions, unreviewed first, with the saved verdicts and icons', async () => {
    serve();
    renderAt(<ReviewPage tasks={tasks} tasksLoading={false} tasksFailed={false} />);
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(screen.queryByText('Unanswered')).not.toBeInTheDocument();
    const [first, second] = items() as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('Петро');
    expect(icon(first)).toHaveAccessibleName('Waiting for review');
    expect(icon(second)).toHaveAccessibleName('Reviewed');
    // A judged answer says its verdict in a word, beside its icon (issue 26: not by colour alone).
    expect(second.querySelector('[data-verdict]')).toHaveTextContent('Correct');
    expect(first.querySelector('[data-verdict]')).toBeNull();
    expect(within(second).getByRole('button', { name: 'Correct' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(first).getByRole('button', { name: 'Save: Петро' })).toBeDisabled();
    expect(within(second).getByRole('button', { name: 'Save: Оля' })).toBeDisabled();
  });

  it('enables Save for a changed verdict, not for a cleared one, and saves with feedback', async () => {
    const put = vi.fn((_id: string, body: unknown) => jsonResponse({ ...solutions[0], ...(body as object) }));
    serve(put);
    renderAt(<ReviewPage tasks={tasks} tasksLoading={false} tasksFailed={false} />);
    await waitFor(() => expect(items()).toHaveLength(2));
    const reviewed = items()[1]!;
    const save = within(reviewed).getByRole('button', { name: 'Save: Оля' });
    fireEvent.click(within(reviewed).getByRole('button', { name: 'Incorrect' }));
    expect(icon(reviewed)).toHaveAccessibleName('Changed, not saved yet');
    expect(save).toBeEnabled();
    // Clearing the choice is allowed, but cannot be saved.
    fireEvent.click(within(reviewed).getByRole('button', { name: 'Incorrect' }));
    expect(icon(reviewed)).toHaveAccessibleName('No verdict chosen');
    expect(save).toBeDisabled();
    fireEvent.keyDown(reviewed, { key: 'Enter', ctrlKey: true });
    expect(await within(reviewed).findByText('Please select correct status before saving.')).toBeInTheDocument();
    // Keyboard: the I key's place = incorrect (here as a Ukrainian layout sends it); then feedback and Ctrl+Enter saves.
    fireEvent.keyDown(within(reviewed).getByRole('button', { name: 'Correct' }), { key: 'ш', code: 'KeyI' });
    expect(within(reviewed).getByRole('button', { name: 'Incorrect' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.change(within(reviewed).getByLabelText('Feedback for the student (optional)'), { target: { value: ' Check the sign ' } });
    fireEvent.keyDown(within(reviewed).getByLabelText('Feedback for the student (optional)'), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(put).toHaveBeenCalledWith('1', { correct: false, reviewed: true, feedback: 'Check the sign' }));
    await waitFor(() => expect(icon(reviewed)).toHaveAccessibleName('Reviewed'));
    expect(save).toBeDisabled();
    expect(reviewed.querySelector('[data-verdict]')).toHaveTextContent('Incorrect');
    expect(reviewed).toHaveClass('solution-review--incorrect');
  });

  it('logs a failed save and shows a small error toast', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    serve(() => new Response('', { status: 500 }));
    renderAt(<ReviewPage tasks={tasks} tasksLoading={false} tasksFailed={false} />);
    await waitFor(() => expect(items()).toHaveLength(2));
    const waiting = items()[0]!;
    fireEvent.click(within(waiting).getByRole('button', { name: 'Correct' }));
    fireEvent.click(within(waiting).getByRole('button', { name: 'Save: Петро' }));
    expect(await screen.findByText('Failed to save the review. Please try again.')).toBeInTheDocument();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it("says 'No solutions' and reports a load failure", async () => {
    mockFetch(() => jsonResponse([]));
    const { unmount } = renderAt(<ReviewPage tasks={tasks} tasksLoading={false} tasksFailed={false} />);
    // What the page is for and the next step that fills it (issue 26), not only "No solutions".
    expect(await screen.findByText(/^No solutions Answers appear here as soon as students of your groups answer your tasks\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Post a task' })).toHaveAttribute('href', '/teacher/tasks');
    unmount();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(() => new Response('', { status: 403 }));
    renderAt(<ReviewPage tasks={tasks} tasksLoading={false} tasksFailed={false} />);
    expect(await screen.findByText('Failed to load solutions. Please try again later.')).toBeInTheDocument();
  });
});
