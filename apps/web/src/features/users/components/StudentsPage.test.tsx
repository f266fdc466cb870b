import type { User } from '@mathclub/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadSession, setSession } from '../../../lib/session';
import { jsonResponse, makeToken, mockFetch, renderAt, teacher, useEnglish } from '../../../test/utils';
import { StudentsPage } from './StudentsPage';

const waiting: User = { id: 7, login: 'olia', name: 'Оля', role: 'student', activated: false, grade: 6, gradeLetter: 'А', groups: [] };
const me: User = { ...teacher, groups: [] };

describe('StudentsPage (SEED.md §2, §4)', () => {
  beforeEach(async () => {
    await useEnglish();
    setSession(makeToken(teacher));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    reloadSession();
  });

  it('lists waiting and activated users, activates with the whole user and reloads the list', async () => {
    let users = [waiting, me];
    let sent: unknown;
    const fetch = mockFetch((method, path, init) => {
      if (method === 'GET' && path === '/api/users') return jsonResponse(users);
      if (method === 'PUT' && path === '/api/users/7') {
        sent = JSON.parse(init!.body as string);
        users = [{ ...waiting, activated: true }, me];
        return jsonResponse(users[0]);
      }
      return jsonResponse({}, 404);
    });
    renderAt(<StudentsPage />);
    const waitingPanel = (await screen.findByText('Waiting for activation (1)')).closest('.p-panel') as HTMLElement;
    const activatedPanel = screen.getByText('Activated users (1)').closest('.p-panel') as HTMLElement;
    expect(await within(waitingPanel).findByText('olia')).toBeInTheDocument();
    expect(within(activatedPanel).getByRole('button', { name: 'Deactivate: admin' })).toBeDisabled();
    await userEvent.setup().click(within(waitingPanel).getByRole('button', { name: 'Activate: olia' }));
    await waitFor(() => expect(screen.getByText('Activated users (2)')).toBeInTheDocument());
    expect(sent).toEqual({ login: 'olia', name: 'Оля', role: 'student', activated: true, grade: 6, gradeLetter: 'А', groups: [] });
    expect(screen.getByText('No users are waiting for activation.')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'GET')).toHaveLength(2);
  });

  it('says so when reloading after a change fails', async () => {
    let gets = 0;
    mockFetch((method, path) => {
      if (method === 'GET' && path === '/api/users') {
        gets += 1;
        return gets === 1 ? jsonResponse([waiting]) : new Response('', { status: 500 });
      }
      return jsonResponse({ ...waiting, activated: true });
    });
    renderAt(<StudentsPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Activate: olia' }));
    expect(await screen.findByText('Failed to load users after adding. Please try again later.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows empty-state texts and the load failure', async () => {
    mockFetch(() => new Response('', { status: 500 }));
    renderAt(<StudentsPage />);
    expect(await screen.findByText('Failed to load users. Please try again later.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('No users are waiting for activation.')).toBeInTheDocument();
    expect(screen.getByText('No activated users yet.')).toBeInTheDocument();
  });
});
