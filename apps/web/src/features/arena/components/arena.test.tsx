import type { Solution, Task } from '@mathclub/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadSession, setSession } from '../../../lib/session';
import { jsonResponse, makeToken, mockFetch, renderAt, student, useEnglish } from '../../../test/utils';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { computeStats, tasksToSolve } from './arena-stats';
import { ArenaPage } from './ArenaPage';
import { SolutionForm } from './SolutionForm';
import { SuccessStats } from './SuccessStats';

const group = { id: 1, name: '7-А olympiad' };
function task(id: number, title = `Task ${id}`): Task {
  return { id, title, text: `Solve $x+${id}=0$`, level: 'beginner', points: 1, group, createdAt: '2026-11-20T10:00:00.000Z', author: { id: 9, name: 'Олена' }, answerKind: 'none', answerKey: null, tolerance: 0, checkMode: 'manual' };
}
function solution(id: number, taskId: number, state: 'review' | 'correct' | 'incorrect', createdAt = `2026-11-21T10:00:0${id % 10}.000Z`, feedback: string | null = null): Solution {
  return {
    id, taskId, authorId: student.id, author: { id: student.id, name: student.name }, answer: `answer ${id}`,
    reviewed: state !== 'review', correct: state === 'correct', feedback, createdAt, reviewedAt: null, reviewer: null,
    autoVerdict: null, judgedBy: state === 'review' ? null : 'teacher',
  };
}

describe('student statistics (SEED.md §4)', () => {
  beforeEach(useEnglish);

  it('counts each available task by its latest solution and rounds the success percent', () => {
    const tasks = [task(1), task(2), task(3), task(4), task(5), task(6)];
    const solutions = [
      solution(1, 1, 'correct'),
      solution(2, 2, 'incorrect', '2026-11-21T09:00:00.000Z'),
      solution(3, 2, 'correct', '2026-11-21T11:00:00.000Z'), // a retry that succeeded
      solution(4, 3, 'review'),
      solution(5, 4, 'incorrect'),
      solution(6, 99, 'correct'), // a task that is gone no longer counts
    ];
    expect(computeStats(tasks, solutions)).toEqual({ available: 6, correct: 2, inReview: 1, incorrect: 1, percent: 33 });
    expect(computeStats(tasks.slice(0, 3), [solution(1, 1, 'correct'), solution(3, 2, 'correct')]).percent).toBe(67);
  });

  it('is 0% without tasks', () => {
    expect(computeStats([], [solution(1, 1, 'correct')])).toEqual({ available: 0, correct: 0, inReview: 0, incorrect: 0, percent: 0 });
  });

  it('offers unanswered tasks and incorrect ones for a retry, not those in review or correct', () => {
    const tasks = [task(1), task(2), task(3), task(4)];
    const list = tasksToSolve(tasks, [solution(1, 1, 'correct'), solution(2, 2, 'review'), solution(3, 3, 'incorrect', undefined, 'Check the sign')]);
    expect(list.map((i) => i.task.id)).toEqual([3, 4]);
    expect(list[0]!.previous?.feedback).toBe('Check the sign');
  });

  it('hides the categories with a zero count', () => {
    render(
      <AppProviders>
        <SuccessStats stats={{ available: 4, correct: 1, inReview: 0, incorrect: 2, percent: 25 }} />
      </AppProviders>,
    );
    expect(screen.getByTestId('success-percent')).toHaveTextContent('25%');
    expect(screen.getByTestId('stat-correct')).toHaveTextContent('Solved successfully1');
    expect(screen.getByTestId('stat-incorrect')).toHaveTextContent('Incorrect2');
    expect(screen.queryByTestId('stat-inReview')).not.toBeInTheDocument();
    expect(screen.getByRole('img')).toHaveAccessibleName('Success 25%; Solved successfully: 1; Incorrect: 2; 4 tasks available');
  });
});

describe('solution form (SEED.md §4, §5)', () => {
  beforeEach(async () => {
    await useEnglish();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps Send disabled until there is trimmed text or a file', async () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <SolutionForm task={task(1)} onSent={() => {}} onCancel={() => {}} />
      </AppProviders>,
    );
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Your answer'), { target: { value: '   \n ' } });
    expect(send).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Your answer'), { target: { value: ' x = -1 ' } });
    expect(send).toBeEnabled();
    fireEvent.change(screen.getByLabelText('Your answer'), { target: { value: '' } });
    expect(send).toBeDisabled();
    const photo = new File([new Uint8Array(1000)], 'photo.jpg', { type: 'image/jpeg' });
    fireEvent.change(document.getElementById('solution-1-image')!, { target: { files: [photo] } });
    expect(await screen.findByText('photo.jpg')).toBeInTheDocument();
    expect(send).toBeEnabled();
    expect(screen.getByText('Change image')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(send).toBeDisabled();
    expect(screen.getByText('Choose image')).toBeInTheDocument();
  });

  it('refuses an image over 5 MB with the size message', async () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <SolutionForm task={task(1)} onSent={() => {}} onCancel={() => {}} />
      </AppProviders>,
    );
    const big = new File([new Uint8Array(5_000_001)], 'big.png', { type: 'image/png' });
    fireEvent.change(document.getElementById('solution-1-image')!, { target: { files: [big] } });
    expect(await screen.findByText('big.png: Invalid file size, maximum upload size is 5 MB.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});

describe('arena page', () => {
  beforeEach(async () => {
    await useEnglish();
    setSession(makeToken(student));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    reloadSession();
  });

  it('shows stats, the tasks to solve with the feedback of an incorrect try, and my solutions', async () => {
    mockFetch((_m, path) => {
      if (path === '/api/tasks/mine') return jsonResponse([task(1, 'Fractions'), task(2, 'Angles'), task(3, 'Primes')]);
      if (path === '/api/solutions') return jsonResponse([solution(1, 1, 'correct'), solution(2, 2, 'incorrect', undefined, 'Check the sign')]);
      return jsonResponse({}, 404);
    });
    renderAt(<ArenaPage hasGroup={true} profilePath="/student/profile" />);
    expect(await screen.findByTestId('success-percent')).toHaveTextContent('33%');
    const solve = screen.getByRole('list', { name: 'Solve tasks' });
    await waitFor(() => expect(solve.querySelectorAll('article')).toHaveLength(2));
    expect(solve).toHaveTextContent('Angles');
    expect(solve).toHaveTextContent('Check the sign');
    expect(solve).not.toHaveTextContent('Fractions');
    expect(screen.getAllByRole('button', { name: /Suggest solution/ })).toHaveLength(2);
  });

  it("opens the solution form (fetched on demand) from 'Suggest solution'", async () => {
    mockFetch((_m, path) => {
      if (path === '/api/tasks/mine') return jsonResponse([task(1, 'Fractions')]);
      if (path === '/api/solutions') return jsonResponse([]);
      return jsonResponse({}, 404);
    });
    renderAt(<ArenaPage hasGroup={true} profilePath="/student/profile" />);
    const suggest = await screen.findByRole('button', { name: 'Suggest solution: Fractions' });
    fireEvent.pointerEnter(suggest);
    fireEvent.click(suggest);
    expect(await screen.findByRole('form', { name: 'Solution to “Fractions”' })).toBeInTheDocument();
    expect(screen.getByLabelText('Your answer')).toBeInTheDocument();
    expect(screen.getByText('You have not sent any solutions yet.')).toBeInTheDocument();
  });

  it('lists my solutions with their status', async () => {
    mockFetch((_m, path) => {
      if (path === '/api/tasks/mine') return jsonResponse([task(1, 'Fractions'), task(2, 'Angles')]);
      if (path === '/api/solutions') return jsonResponse([solution(1, 1, 'correct'), solution(2, 2, 'review')]);
      return jsonResponse({}, 404);
    });
    renderAt(<ArenaPage hasGroup={true} profilePath="/student/profile" />);
    expect(await screen.findByText('Correct')).toBeInTheDocument();
    expect(screen.getAllByText('In review').length).toBeGreaterThan(0);
  });

  it('opens a solution to its answer and feedback, by click or keyboard, one header to the next', async () => {
    mockFetch((_m, path) => {
      if (path === '/api/tasks/mine') return jsonResponse([task(1, 'Fractions'), task(2, 'Angles')]);
      if (path === '/api/solutions') return jsonResponse([solution(1, 1, 'incorrect', undefined, 'Check the sign'), solution(2, 2, 'review')]);
      return jsonResponse({}, 404);
    });
    renderAt(<ArenaPage hasGroup={true} profilePath="/student/profile" />);
    const angles = await screen.findByRole('button', { name: /^Angles/ });
    const fractions = screen.getByRole('button', { name: /^Fractions/ });
    // Closed, an answer is not rendered at all.
    expect(fractions).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('answer 1')).not.toBeInTheDocument();
    fireEvent.click(fractions);
    expect(fractions).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: /^Fractions/ })).toHaveTextContent('answer 1');
    expect(screen.getByRole('region', { name: /^Fractions/ })).toHaveTextContent('Check the sign');
    // Newest first: Angles, then Fractions; the arrows move between them.
    angles.focus();
    fireEvent.keyDown(angles, { key: 'ArrowDown' });
    expect(fractions).toHaveFocus();
    fireEvent.keyDown(fractions, { key: 'Home' });
    expect(angles).toHaveFocus();
    fireEvent.click(fractions);
    expect(fractions).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('answer 1')).not.toBeInTheDocument();
  });

  it('tells a student without a group where to choose one', async () => {
    mockFetch(() => jsonResponse([]));
    renderAt(<ArenaPage hasGroup={false} profilePath="/student/profile" />);
    expect(screen.getByRole('link', { name: 'Choose a group in your profile' })).toHaveAttribute('href', '/student/profile');
  });
});
