import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadSession, setSession } from '../../../lib/session';
import { jsonResponse, makeToken, mockFetch, renderAt, teacher, useEnglish } from '../../../test/utils';
import { RosterImportPage } from './RosterImportPage';

const group = { id: 7, name: '7-Б' };
const choose = (text: string) =>
  fireEvent.change(screen.getByLabelText('Class list (CSV)'), { target: { files: [new File([text], 'class.csv', { type: 'text/csv' })] } });

describe('RosterImportPage', () => {
  beforeEach(async () => {
    await useEnglish();
    setSession(makeToken({ ...teacher, groups: [group] }));
  });
  afterEach(() => {
    localStorage.clear();
    reloadSession();
    vi.unstubAllGlobals();
  });

  it('shows every line with its problems before anything is sent, and refuses to import while one is wrong', async () => {
    const fetch = mockFetch((method, path) => (path === '/api/users/profile' ? jsonResponse({ ...teacher, groups: [group] }) : jsonResponse({}, 500)));
    renderAt(<RosterImportPage />);
    choose('name;grade;letter\nОлена Петренко;7;Б\n;13;Q\n');
    expect(await screen.findByText('1 line has a problem. Fix the file and choose it again: nothing is imported while any line is wrong.')).toBeInTheDocument();
    expect(screen.getByText('The name is missing')).toBeInTheDocument();
    expect(screen.getByText('The grade must be a number from 1 to 12')).toBeInTheDocument();
    // No disabled Import button (issue 49): what to fix, line by line, and a way to choose the file again.
    expect(screen.queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('roster-fix')).toHaveTextContent('Fix 1 line in the file');
    expect(screen.getByTestId('roster-fix')).toHaveTextContent('Line 3: The name is missing');
    expect(screen.getByRole('button', { name: 'Choose the corrected file' })).toBeEnabled();
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/api/users/import'))).toHaveLength(0);
  });

  it('imports a clean file and shows one login card per student', async () => {
    mockFetch((method, path) => {
      if (path === '/api/users/profile') return jsonResponse({ ...teacher, groups: [group] });
      if (method === 'POST' && path === '/api/users/import')
        return jsonResponse({ created: [{ id: 10, login: 'olena.petrenko', password: 'abcd-efgh-km23', name: 'Олена Петренко' }, { id: 11, login: 'yurii.zghurskyi', password: 'mnpq-rstu-vw45', name: 'Юрій Згурський' }] }, 201);
      return jsonResponse({}, 404);
    });
    renderAt(<RosterImportPage />);
    await waitFor(() => expect(screen.getAllByText('7-Б').length).toBeGreaterThan(0));
    choose('Олена Петренко,7,Б\nЮрій Згурський,7,Б\n');
    fireEvent.click(await screen.findByRole('button', { name: 'Import 2 students' }));
    expect(await screen.findByText('2 students imported into 7-Б.')).toBeInTheDocument();
    const cards = screen.getByTestId('login-cards').querySelectorAll('.login-card');
    expect(cards).toHaveLength(2);
    expect(cards[1]!.textContent).toContain('yurii.zghurskyi');
    expect(cards[1]!.textContent).toContain('mnpq-rstu-vw45');
  });
});
