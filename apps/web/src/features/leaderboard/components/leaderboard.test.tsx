import type { AuthenticatedUser, LeaderboardRow, Solution, Task } from '@mathclub/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StudentArenaRoute } from '../../../app/routes/student-arena-route';
import { reloadSession, setSession } from '../../../lib/session';
import en from '../../../locales/en.json';
import uk from '../../../locales/uk.json';
import { chooseOption, jsonResponse, makeToken, mockFetch, renderAt, student, useEnglish } from '../../../test/utils';
import { LeaderboardPage } from './LeaderboardPage';

const group = { id: 4, name: '7-А olympiad' };
const other = { id: 9, name: '8-Б geometry' };

function row(rank: number, userId: number, name: string, points: number, solved: number): LeaderboardRow {
  return { rank, userId, name, points, solved };
}

const tiedBoard = [
  row(1, 11, 'Андрій', 9, 3),
  row(1, student.id, student.name, 9, 2),
  row(3, 12, 'Марко', 5, 1),
  row(4, 13, 'Ліна', 2, 1),
  row(5, 14, 'Соня', 0, 0),
];

/** Answers /api/leaderboard with `board(groupId, period)` and records each query asked. */
function mockLeaderboard(board: (groupId: number, period: string) => LeaderboardRow[] | Response) {
  const asked: string[] = [];
  const fetchMock = mockFetch(() => jsonResponse({}, 404));
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    if (url.pathname !== '/api/leaderboard') return jsonResponse({}, 404);
    const groupId = Number(url.searchParams.get('groupId'));
    const period = url.searchParams.get('period') ?? '';
    asked.push(`${groupId}:${period}`);
    const answer = board(groupId, period);
    return answer instanceof Response ? answer : jsonResponse(answer);
  });
  return asked;
}

function rowsShown() {
  return screen.getAllByTestId('leaderboard-row').map((tr) => {
    const cells = within(tr).getAllByRole('cell');
    return [within(tr).getByTestId('leaderboard-rank').textContent, within(tr).getByRole('rowheader').textContent, cells[1]!.textContent, cells[2]!.textContent];
  });
}

function renderStudentPage(user: AuthenticatedUser = { ...student, groups: [group] }) {
  return renderAt(<LeaderboardPage groups={user.groups} currentUserId={user.id} audience="student" profilePath="/student/profile" />, '/student/leaderboard');
}

describe('leaderboard page', () => {
  beforeEach(useEnglish);
  afterEach(() => {
    vi.unstubAllGlobals();
    reloadSession();
  });

  it('shows rank, name, points and solved, and equal points share a rank', async () => {
    mockLeaderboard(() => tiedBoard);
    renderStudentPage();
    expect(await screen.findByRole('table', { name: 'Leaderboard of 7-А olympiad, this week' })).toBeInTheDocument();
    expect(rowsShown()).toEqual([
      ['1 (shared)', 'Андрій', '9', '3'],
      ['1 (shared)', 'ОляYou', '9', '2'],
      ['3', 'Марко', '5', '1'],
      ['4', 'Ліна', '2', '1'],
      ['5', 'Соня', '0', '0'],
    ]);
    expect(screen.getAllByRole('img', { name: 'Gold medal, rank 1' })).toHaveLength(2);
    expect(screen.getByTestId('leaderboard-group')).toHaveTextContent('Group: 7-А olympiad');
  });

  it('highlights the signed-in student and tells screen readers it is them', async () => {
    mockLeaderboard(() => tiedBoard);
    renderStudentPage();
    await screen.findByRole('table');
    const rows = screen.getAllByTestId('leaderboard-row');
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(rows[1]).toHaveClass('leaderboard-row--own');
    expect(within(rows[1]!).getByText('You')).toBeInTheDocument();
    for (const other of [rows[0], rows[2], rows[3], rows[4]]) {
      expect(other).not.toHaveAttribute('aria-current');
      expect(within(other!).queryByText('You')).not.toBeInTheDocument();
    }
  });

  it('gives the top three gold, silver and bronze, never to a rank without points', async () => {
    mockLeaderboard(() => [row(1, 11, 'Андрій', 12, 4), row(2, 12, 'Марко', 8, 3), row(3, 13, 'Ліна', 0, 0), row(3, 14, 'Соня', 0, 0)]);
    renderStudentPage();
    await screen.findByRole('table');
    expect(screen.getByRole('img', { name: 'Gold medal, rank 1' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Silver medal, rank 2' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Bronze medal/ })).not.toBeInTheDocument();
    const rows = screen.getAllByTestId('leaderboard-row');
    expect(rows[0]).toHaveClass('leaderboard-row--place-1');
    expect(rows[1]).toHaveClass('leaderboard-row--place-2');
    expect(rows[2]).not.toHaveClass('leaderboard-row--place-3');
  });

  it('shows bronze for the third place once it has points', async () => {
    mockLeaderboard(() => [row(1, 11, 'Андрій', 12, 4), row(2, 12, 'Марко', 8, 3), row(3, 13, 'Ліна', 1, 1)]);
    renderStudentPage();
    expect(await screen.findByRole('img', { name: 'Bronze medal, rank 3' })).toBeInTheDocument();
    expect(screen.getAllByTestId('leaderboard-row')[2]).toHaveClass('leaderboard-row--place-3');
  });

  it('asks again for the period chosen', async () => {
    const asked = mockLeaderboard((_g, period) => (period === 'month' ? [row(1, 12, 'Марко', 20, 6), row(2, student.id, student.name, 9, 2)] : tiedBoard));
    renderStudentPage();
    await screen.findByRole('table');
    expect(asked).toEqual(['4:week']);
    expect(screen.getByRole('button', { name: 'This week' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'This month' }));
    await waitFor(() => expect(rowsShown()[0]).toEqual(['1', 'Марко', '20', '6']));
    expect(asked).toEqual(['4:week', '4:month']);
    expect(screen.getByRole('table')).toHaveAccessibleName('Leaderboard of 7-А olympiad, this month');
    fireEvent.click(screen.getByRole('button', { name: 'All time' }));
    await waitFor(() => expect(asked).toEqual(['4:week', '4:month', '4:all']));
  });

  it('lets a teacher with several groups choose one, with no row highlighted', async () => {
    const asked = mockLeaderboard((groupId) => (groupId === other.id ? [row(1, 31, 'Богдан', 4, 2)] : tiedBoard));
    renderAt(<LeaderboardPage groups={[group, other]} audience="teacher" profilePath="/teacher/profile" />, '/teacher/leaderboard');
    await screen.findByRole('table');
    expect(screen.getAllByTestId('leaderboard-row').some((r) => r.hasAttribute('aria-current'))).toBe(false);
    await chooseOption('Group', other.name);
    await waitFor(() => expect(rowsShown()).toEqual([['1', 'Богдан', '4', '2']]));
    expect(asked).toEqual(['4:week', '9:week']);
  });

  it('says so when the group has no students, and when nobody has points yet', async () => {
    mockLeaderboard((groupId) => (groupId === group.id ? [] : [row(1, 31, 'Богдан', 0, 0)]));
    const { unmount } = renderStudentPage();
    expect(await screen.findByText('No students in this group yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    unmount();
    renderStudentPage({ ...student, groups: [other] });
    expect(await screen.findByText(/Nobody has earned points this week yet/)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /medal/ })).not.toBeInTheDocument();
  });

  it('shows an error with a retry when the leaderboard cannot be loaded', async () => {
    let fail = true;
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockLeaderboard(() => (fail ? jsonResponse({ statusCode: 403, code: 'FORBIDDEN', message: 'Forbidden' }, 403) : tiedBoard));
    renderStudentPage();
    expect(await screen.findByText('Failed to load the leaderboard. Please try again later.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    error.mockRestore();
  });

  it('shows a loading state first', async () => {
    mockLeaderboard(() => tiedBoard);
    renderStudentPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    await screen.findByRole('table');
  });

  it('sends a student without a group to the profile, and asks nothing', () => {
    const asked = mockLeaderboard(() => tiedBoard);
    renderStudentPage({ ...student, groups: [] });
    expect(screen.getByText(/You have not chosen a group yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a group in your profile' })).toHaveAttribute('href', '/student/profile');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('sends a teacher without groups to the profile', () => {
    mockLeaderboard(() => tiedBoard);
    renderAt(<LeaderboardPage groups={[]} audience="teacher" profilePath="/teacher/profile" />, '/teacher/leaderboard');
    expect(screen.getByText(/You have no groups yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose your groups in your profile' })).toHaveAttribute('href', '/teacher/profile');
  });

  it('explains the points with the amounts the server uses', async () => {
    mockLeaderboard(() => tiedBoard);
    renderStudentPage();
    const rules = screen.getByRole('complementary', { name: 'How points are earned' });
    expect(rules).toHaveTextContent("A correct solution earns the task's points (1–5).");
    expect(rules).toHaveTextContent('Accuracy bonus: +1 when the first attempt at a task is correct.');
    expect(rules).toHaveTextContent('Speed bonus: +3, +2 and +1 for the first three students');
    await screen.findByRole('table');
  });

  it('has every leaderboard string in English and Ukrainian', () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k.replace(/_(one|few|many|other)$/, '')}`]));
    expect(new Set(keys(uk.leaderboard))).toEqual(new Set(keys(en.leaderboard)));
  });
});

describe('arena points and rank', () => {
  const task: Task = { id: 1, title: 'Fractions', text: 'Solve', level: 'beginner', points: 2, group, createdAt: '2026-11-20T10:00:00.000Z', author: { id: 9, name: 'Олена' }, answerKind: 'none', answerKey: null, tolerance: 0, checkMode: 'manual' };
  const solution: Solution = {
    id: 1, taskId: 1, authorId: student.id, author: { id: student.id, name: student.name }, answer: 'x', reviewed: true, correct: true,
    feedback: null, createdAt: '2026-11-21T10:00:00.000Z', reviewedAt: null, reviewer: null, autoVerdict: null, judgedBy: 'teacher',
  };

  beforeEach(useEnglish);
  afterEach(() => {
    vi.unstubAllGlobals();
    reloadSession();
  });

  it("shows the student's all-time points and rank in the group beside 'your success'", async () => {
    const user = { ...student, groups: [group] };
    setSession(makeToken(user));
    mockFetch((_m, path) => {
      if (path === '/api/users/profile') return jsonResponse({ ...user, email: null, createdAt: '2026-11-01T00:00:00.000Z' });
      if (path === '/api/tasks/mine') return jsonResponse([task]);
      if (path === '/api/solutions') return jsonResponse([solution]);
      if (path === '/api/leaderboard') {
        return jsonResponse([row(1, 11, 'Андрій', 9, 3), row(2, student.id, student.name, 6, 1), row(3, 12, 'Марко', 1, 1)]);
      }
      return jsonResponse({}, 404);
    });
    renderAt(<StudentArenaRoute />, '/student');
    const standing = await screen.findByTestId('my-standing');
    await waitFor(() => expect(standing).toHaveTextContent('6 points · rank 2 of 3 in your group'));
    expect(within(standing).getByRole('link', { name: 'See the leaderboard' })).toHaveAttribute('href', '/student/leaderboard');
    const success = screen.getByRole('region', { name: 'Your success' });
    expect(success).toContainElement(standing);
    const calls = (fetch as unknown as { mock: { calls: [RequestInfo | URL][] } }).mock.calls.map(([u]) => String(u));
    expect(calls.filter((u) => u.startsWith('/api/leaderboard'))).toEqual([`/api/leaderboard?groupId=${group.id}&period=all`]);
  });

  it('shows no points line for a student without a group', async () => {
    setSession(makeToken(student));
    mockFetch((_m, path) => {
      if (path === '/api/users/profile') return jsonResponse({ ...student, email: null, createdAt: '2026-11-01T00:00:00.000Z' });
      return jsonResponse([]);
    });
    renderAt(<StudentArenaRoute />, '/student');
    expect(await screen.findByRole('link', { name: 'Choose a group in your profile' })).toBeInTheDocument();
    expect(screen.queryByTestId('my-standing')).not.toBeInTheDocument();
  });
});
