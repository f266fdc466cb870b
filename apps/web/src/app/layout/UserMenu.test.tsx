import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession, setSession } from '../../lib/session';
import { inEnglishSignedOutAfterEach, makeToken, mockFetch, renderAt, student } from '../../test/utils';
import { UserMenu } from './UserMenu';

/** PRODUCT.md §16: "Log out" ends the session on the server, and signs out here whatever the server says. */
describe('UserMenu log out', () => {
  inEnglishSignedOutAfterEach();

  it.each([
    ['the server ends the token', () => new Response(null, { status: 204 })],
    ['the server cannot be reached', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the server already refuses the token', () => new Response('{}', { status: 401 })],
  ])('sends POST /api/auth/logout with the token and signs out when %s', async (_label, answer) => {
    const token = makeToken(student);
    setSession(token);
    // The menu also reads the notifications (the badge); only the logout gets the answer under test.
    const fetch = mockFetch((method) => (method === 'POST' ? answer() : Response.json({ notifications: [], unread: 0 })));
    renderAt(<UserMenu />);
    const user = userEvent.setup();
    await user.click(screen.getByTestId('user-menu-button'));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toBeInTheDocument());
    expect(getSession()).toEqual({ token: '', user: null });
    expect(localStorage.getItem('accessToken')).toBe('');
    const [url, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(String(url)).toBe('/api/auth/logout');
    expect(new Headers(init!.headers).get('authorization')).toBe(`Bearer ${token}`);
  });
});

/** PRODUCT.md §12: an unread badge on the avatar and the newest notifications in the menu, read once shown. */
describe('UserMenu notifications', () => {
  inEnglishSignedOutAfterEach();

  it('shows the unread count, lists the notifications with the feedback, and marks the shown ones read', async () => {
    setSession(makeToken(student));
    const list = {
      unread: 2,
      notifications: [
        { id: 9, kind: 'solution.judged', read: false, createdAt: '2026-11-25T10:00:00.000Z', task: { id: 3, title: 'Fractions' }, solutionId: 4, correct: true, feedback: 'Neat work', author: null, achievement: null },
        { id: 8, kind: 'achievement.earned', read: false, createdAt: '2026-11-25T09:00:00.000Z', task: null, solutionId: null, correct: null, feedback: null, author: null, achievement: 'solved_1' },
        { id: 7, kind: 'task.published', read: true, createdAt: '2026-11-24T09:00:00.000Z', task: { id: 3, title: 'Fractions' }, solutionId: null, correct: null, feedback: null, author: null, achievement: null },
      ],
    };
    const fetch = mockFetch((method) => (method === 'POST' ? Response.json({ unread: 0 }) : Response.json(list)));
    renderAt(<UserMenu />);
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('2');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('user-menu-button'));
    const items = screen.getAllByTestId('notification-item');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('“Fractions”: your answer is correct'),
      expect.stringContaining('Achievement earned: First correct answer'),
      expect.stringContaining('New task: Fractions'),
    ]);
    expect(items[0]).toHaveTextContent('Neat work');
    await waitFor(() => expect(screen.queryByTestId('unread-badge')).toBeNull());
    const [, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toEqual({ ids: [9, 8] });
  });
});
