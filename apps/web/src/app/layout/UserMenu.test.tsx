import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, reloadSession, setSession } from '../../lib/session';
import { makeToken, mockFetch, renderAt, student, useEnglish } from '../../test/utils';
import { UserMenu } from './UserMenu';

/** PRODUCT.md §16: "Log out" ends the session on the server, and signs out here whatever the server says. */
describe('UserMenu log out', () => {
  beforeEach(async () => {
    await useEnglish();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    reloadSession();
  });

  it.each([
    ['the server ends the token', () => new Response(null, { status: 204 })],
    ['the server cannot be reached', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the server already refuses the token', () => new Response('{}', { status: 401 })],
  ])('sends POST /api/auth/logout with the token and signs out when %s', async (_label, answer) => {
    const token = makeToken(student);
    setSession(token);
    const fetch = mockFetch(() => answer());
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
