import type { User } from '@mathclub/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadSession, setSession } from '../../../lib/session';
import { jsonResponse, makeToken, mockFetch, renderAt, teacher, useEnglish } from '../../../test/utils';
import { StudentsPage } from './StudentsPage';

const waiting: User = { id: 7, login: 'olia', name: 'Оля', role: 'student', activated: false, owner: false, grade: 6, gradeLetter: 'А', groups: [] };
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
    expect(sent).toEqual({ login: 'olia', name: 'Оля', role: 'student', activated: true, owner: false, grade: 6, gradeLetter: 'А', groups: [] });
    expect(screen.getByText('No users are waiting for activation.')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([input, init]) => (init?.method ?? 'GET') === 'GET' && String(input) === '/api/users')).toHaveLength(2);
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

  describe('the owner (PRODUCT.md §16)', () => {
    const owner: User = { id: 3, login: 'founder', name: 'Основниця', role: 'teacher', activated: true, owner: true, grade: null, gradeLetter: null, groups: [] };
    const colleague: User = { id: 4, login: 'colleague', name: 'Колега', role: 'teacher', activated: true, owner: false, grade: null, gradeLetter: null, groups: [] };
    const newTeacher: User = { id: 5, login: 'newcomer', name: 'Новенька', role: 'teacher', activated: false, owner: false, grade: null, gradeLetter: null, groups: [] };

    it('marks the owner and offers a teacher who is not the owner nothing on teacher accounts', async () => {
      mockFetch((method, path) => (method === 'GET' && path === '/api/users' ? jsonResponse([waiting, newTeacher, owner, colleague, me]) : jsonResponse({}, 404)));
      renderAt(<StudentsPage />);
      const row = async (login: string) => (await screen.findByText(login)).closest('tr') as HTMLElement;
      expect(within(await row('founder')).getByText('Owner')).toBeInTheDocument();
      expect(within(await row('founder')).queryByRole('button')).toBeNull();
      for (const login of ['newcomer', 'colleague']) {
        expect(within(await row(login)).queryByRole('button')).toBeNull();
        expect(within(await row(login)).getByText('Only the owner manages teacher accounts')).toBeInTheDocument();
      }
      // Students stay every teacher's to manage.
      expect(within(await row('olia')).getByRole('button', { name: 'Activate: olia' })).toBeInTheDocument();
      expect(within(await row('olia')).getByRole('button', { name: 'Set password: olia' })).toBeInTheDocument();
      // No row offers a hand-over any more (the closing dialog's own "Make owner" button may still be
      // fading out, so only the rows' "Make owner: <login>" buttons are counted).
      expect(screen.queryByRole('button', { name: /^Make owner: / })).toBeNull();
    });

    it('lets the owner manage teacher accounts and hand ownership on after confirming', async () => {
      setSession(makeToken({ ...owner }));
      // A teacher whose row does not change in the hand-over must lose the button too.
      const bystander: User = { ...colleague, id: 6, login: 'bystander', name: 'Сторонній' };
      let users = [newTeacher, owner, colleague, bystander];
      const calls: string[] = [];
      mockFetch((method, path) => {
        calls.push(`${method} ${path}`);
        if (method === 'GET' && path === '/api/users') return jsonResponse(users);
        if (method === 'POST' && path === '/api/users/4/owner') {
          users = [newTeacher, { ...owner, owner: false }, { ...colleague, owner: true }, bystander];
          return new Response(null, { status: 204 });
        }
        return jsonResponse({}, 404);
      });
      renderAt(<StudentsPage />);
      const user = userEvent.setup();
      expect(await screen.findByRole('button', { name: 'Activate: newcomer' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Set password: colleague' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Deactivate: colleague' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Make owner: newcomer' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Make owner: bystander' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Make owner: colleague' }));
      const message = await screen.findByText(/Make Колега the school's owner\?/);
      const dialog = message.closest('.p-dialog') as HTMLElement;
      expect(calls).not.toContain('POST /api/users/4/owner');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Make owner' }));
      expect(await screen.findByText("Колега is now the school's owner.")).toBeInTheDocument();
      expect(calls).toContain('POST /api/users/4/owner');
      // The list says who the owner is now, and I no longer manage teacher accounts.
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Deactivate: colleague' })).toBeNull());
      // No row offers a hand-over any more (the closing dialog's own "Make owner" button may still be
      // fading out, so only the rows' "Make owner: <login>" buttons are counted).
      expect(screen.queryByRole('button', { name: /^Make owner: / })).toBeNull();
    });
  });
});
