import type { User } from '@mathclub/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { reloadSession, setSession } from '../../../lib/session';
import { jsonResponse, makeToken, mockFetch, renderAt, teacher, useEnglish } from '../../../test/utils';
import { StudentsPage } from './StudentsPage';

const me: User = { ...teacher, groups: [] };
const guessed: User = { id: 7, login: 'olia', name: 'Оля', role: 'student', activated: true, owner: false, grade: 6, gradeLetter: 'А', groups: [] };
const calm: User = { id: 8, login: 'petro', name: 'Петро', role: 'student', activated: true, owner: false, grade: 6, gradeLetter: 'А', groups: [] };

function serve(warnings: unknown) {
  return mockFetch((method, path) => {
    if (method === 'GET' && path === '/api/users') return jsonResponse([guessed, calm, me]);
    if (method === 'GET' && path === '/api/users/sign-in-warnings') return jsonResponse(warnings);
    return jsonResponse({}, 404);
  });
}

describe('Students page: failed sign-ins', () => {
  beforeEach(async () => {
    await useEnglish();
    setSession(makeToken(teacher));
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    localStorage.clear();
    reloadSession();
    await i18n.changeLanguage('en');
  });

  it('names each account with many failed sign-ins and its count, and says nobody is locked out', async () => {
    serve([
      { userId: me.id, failedSignIns: 41 },
      { userId: guessed.id, failedSignIns: 1 },
    ]);
    renderAt(<StudentsPage />);
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Many failed sign-ins in the last 24 hours');
    expect(notice).toHaveTextContent(`${me.name} (${me.login}): 41 wrong passwords`);
    expect(notice).toHaveTextContent('Оля (olia): 1 wrong password');
    expect(notice).not.toHaveTextContent('petro');
    expect(notice).toHaveTextContent('Nobody is locked out');
  });

  it('speaks Ukrainian with its plural forms', async () => {
    await i18n.changeLanguage('uk');
    serve([
      { userId: guessed.id, failedSignIns: 12 },
      { userId: calm.id, failedSignIns: 22 },
      { userId: me.id, failedSignIns: 21 },
    ]);
    renderAt(<StudentsPage />);
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Багато невдалих спроб входу за останні 24 год');
    expect(notice).toHaveTextContent('Оля (olia): 12 неправильних паролів');
    expect(notice).toHaveTextContent('Петро (petro): 22 неправильні паролі');
    expect(notice).toHaveTextContent(`(${me.login}): 21 неправильний пароль`);
  });

  it('shows nothing when no account has many failures', async () => {
    serve([]);
    renderAt(<StudentsPage />);
    expect(await screen.findByText('olia')).toBeInTheDocument();
    expect(screen.queryByText(/failed sign-ins/)).toBeNull();
  });

  it('shows the students all the same when the warnings cannot be read', async () => {
    mockFetch((method, path) => (path === '/api/users' ? jsonResponse([guessed, calm, me]) : new Response('', { status: 500 })));
    renderAt(<StudentsPage />);
    expect(await screen.findByText('petro')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
