import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadSession, setSession } from '../lib/session';
import { jsonResponse, makeToken, mockFetch, renderRoutes, student, teacher, useEnglish } from '../test/utils';
import { RequireRule } from './guards';
import { routes } from './router';

describe('route guards (SEED.md §2)', () => {
  beforeEach(async () => {
    await useEnglish();
    mockFetch(() => jsonResponse([]));
  });
  afterEach(() => {
    localStorage.clear();
    reloadSession();
    vi.unstubAllGlobals();
  });

  const at = async (path: string, expected: string) => {
    cleanup();
    const { router } = renderRoutes(routes, path);
    await waitFor(() => expect(router.state.location.pathname).toBe(expected));
    return router;
  };

  it('sends any unknown path to /login', async () => {
    await at('/no/such/page', '/login');
    expect(await screen.findByRole('heading', { name: 'Welcome back!' })).toBeInTheDocument();
  });

  it('sends signed-out users away from the role areas to /login', async () => {
    await at('/teacher/students', '/login');
    await at('/student/profile', '/login');
  });

  it('leaves the public pages open to everyone', async () => {
    await at('/terms', '/terms');
    expect(await screen.findByRole('heading', { name: 'Terms of Use' })).toBeInTheDocument();
  });

  it('sends a user with another role to their own home', async () => {
    setSession(makeToken(student));
    await at('/teacher/students', '/student');
    setSession(makeToken(teacher));
    await at('/student/profile', '/teacher/tasks');
  });

  it('redirects the teacher index to tasks and keeps signed-in users off /login and /signup', async () => {
    setSession(makeToken(teacher));
    await at('/teacher', '/teacher/tasks');
    await at('/login', '/teacher/tasks');
    setSession(makeToken(student));
    await at('/signup', '/student');
    expect(await screen.findByRole('heading', { name: 'My arena', level: 2 })).toBeInTheDocument();
  });

  describe('custom-rule guard', () => {
    const ruleRoutes = (redirectTo?: string) => [
      {
        path: '/club',
        element: (
          <RequireRule rule={(u) => (u?.groups.length ?? 0) > 0} redirectTo={redirectTo}>
            <p>club</p>
          </RequireRule>
        ),
      },
      { path: '*', element: <p>elsewhere</p> },
    ];

    it('renders the page when the rule holds', async () => {
      setSession(makeToken({ ...student, groups: [{ id: 1, name: '7-А' }] }));
      renderRoutes(ruleRoutes(), '/club');
      expect(await screen.findByText('club')).toBeInTheDocument();
    });

    it('redirects to the supplied route, else the role home, else /login', async () => {
      setSession(makeToken(student));
      let { router } = renderRoutes(ruleRoutes('/student/profile'), '/club');
      await waitFor(() => expect(router.state.location.pathname).toBe('/student/profile'));
      ({ router } = renderRoutes(ruleRoutes(), '/club'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/student'));
      localStorage.clear();
      reloadSession();
      ({ router } = renderRoutes(ruleRoutes(), '/club'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    });
  });
});
