import type { User } from '@mathclub/shared';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMenuBadges } from '../../lib/menu-badges';
import { reloadSession, setSession } from '../../lib/session';
import { jsonResponse, makeToken, mockFetch, renderAt, teacher } from '../../test/utils';
import WaitingBadge from './WaitingBadge';

const mine = { id: 3, name: '7-А' };
const other = { id: 4, name: '7-Б' };
const waiting = (id: number, groups: { id: number; name: string }[]): User => ({ id, login: `w${id}`, name: `Учень ${id}`, role: 'student', activated: false, owner: false, grade: 7, gradeLetter: 'А', groups });

describe('the Students badge (issue 49)', () => {
  beforeEach(() => setSession(makeToken({ ...teacher, owner: false, groups: [mine] })));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    reloadSession();
  });

  it("counts the waiting accounts this teacher may activate: their group's and those in no group, not another group's", async () => {
    const me: User = { ...teacher, owner: false, groups: [mine] };
    mockFetch((method, path) => (method === 'GET' && path === '/api/users' ? jsonResponse([me, waiting(10, [mine]), waiting(11, []), waiting(12, [other]), waiting(13, [other])]) : jsonResponse({}, 404)));
    renderAt(<WaitingBadge />);
    const badges = renderHook(() => useMenuBadges());
    await waitFor(() => expect(badges.result.current.students).toBe(2));
  });
});
