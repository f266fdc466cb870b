import type { Gradebook, GradebookWeek } from '@mathclub/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadSession, setSession } from '../../../lib/session';
import { jsonResponse, makeToken, mockFetch, renderAt, teacher, useEnglish } from '../../../test/utils';
import { GradebookPage } from './GradebookPage';

const book: Gradebook = {
  students: [
    { id: 1, name: 'Anna' },
    { id: 2, name: 'Bohdan' },
  ],
  tasks: [
    { id: 10, title: 'Squares', points: 3 },
    { id: 11, title: 'Cubes', points: 2 },
  ],
  // Task by task, as the server sends them.
  cells: [
    { studentId: 1, taskId: 10, state: 'incorrect', attempts: 2, points: 0 },
    { studentId: 2, taskId: 10, state: 'correct', attempts: 1, points: 7 },
    { studentId: 1, taskId: 11, state: 'none', attempts: 0, points: 0 },
    { studentId: 2, taskId: 11, state: 'waiting', attempts: 1, points: 0 },
  ],
};
const weeks: GradebookWeek[] = Array.from({ length: 12 }, (_, i) => ({ weekStart: new Date(Date.UTC(2026, 8, 6 + 7 * i, 21)).toISOString(), solutions: i }));

describe('Gradebook page (PRODUCT.md §11)', () => {
  beforeEach(async () => {
    await useEnglish();
    setSession(makeToken(teacher));
    mockFetch(async (_method, path) => {
      if (path === '/api/groups/1/gradebook') return jsonResponse(book);
      if (path === '/api/groups/1/gradebook/weeks') return jsonResponse(weeks);
      if (path === '/api/school') return jsonResponse({ timeZone: 'Europe/Kyiv' });
      return jsonResponse({}, 404);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    reloadSession();
  });

  it('shows every cell with a text for its state, links answered cells to the review page, and totals per student and task', async () => {
    renderAt(<GradebookPage groups={[{ id: 1, name: '7-А' }]} />);
    const table = await screen.findByRole('table', { name: 'Gradebook of 7-А: students and tasks' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.querySelector('th')!.textContent)).toEqual(['Student', 'Anna', 'Bohdan']);
    const bohdan = rows[2]!;
    const correct = within(bohdan).getByRole('link', { name: 'Bohdan, Squares: correct, 1 attempt, 7 points' });
    expect(correct).toHaveAttribute('href', '/teacher/review?task=10&student=2');
    expect(within(bohdan).getByRole('link', { name: 'Bohdan, Cubes: waiting for review, 1 attempt, 0 points' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Anna, Cubes: not answered, 0 attempts, 0 points')).toBeInTheDocument();
    expect(within(rows[1]!).queryAllByRole('link')).toHaveLength(1);
    // Squares: 1 of 2 students correct; Bohdan 7 points, 1 solved.
    expect(within(rows[0]!).getByText('50% correct')).toBeInTheDocument();
    expect(within(bohdan).getAllByRole('cell').slice(-2).map((c) => c.textContent)).toEqual(['7', '1']);
    // Sorted by points, Bohdan comes first.
    fireEvent.click(screen.getByRole('button', { name: 'By points' }));
    expect(within(table).getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['Bohdan', 'Anna']);
    // The chart (lazy Chart.js) with its table for screen readers.
    expect(await screen.findByRole('table', { name: 'Solutions per week' })).toBeInTheDocument();
  });
});
