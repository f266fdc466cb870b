import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadSession, setSession } from '../../../lib/session';
import { jsonResponse, makeToken, mockFetch, renderAt, teacher, useEnglish } from '../../../test/utils';
import { FirstRunChecklist } from './FirstRunChecklist';

const owner = { ...teacher, owner: true };

describe("the owner's first-run checklist (issue 26, point 8)", () => {
  beforeEach(async () => {
    await useEnglish();
  });
  afterEach(() => {
    localStorage.clear();
    reloadSession();
    vi.unstubAllGlobals();
  });

  it('shows the four steps, ticks off the done ones, links the rest to where they are done, and stays hidden once dismissed', async () => {
    setSession(makeToken(owner));
    const fetch = mockFetch(() => jsonResponse({ passwordChanged: true, groupCreated: true, classBroughtIn: false, taskPosted: false }));
    const first = renderAt(<FirstRunChecklist />, '/teacher/tasks');
    const list = await screen.findByRole('region', { name: 'Getting started: set up your club' });
    expect(within(list).getByText('2 of 4 done')).toBeInTheDocument();
    // Done steps say so to a screen reader too, not by colour and strike-through alone.
    expect(within(list).getAllByText('Done:', { exact: false })).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'Bring your class in' })).toHaveAttribute('href', '/teacher/groups');
    // The page one is on is not a link to itself.
    expect(within(list).queryByRole('link', { name: 'Post the first task' })).toBeNull();
    expect(within(list).queryByRole('link', { name: 'Create a group' })).toBeNull();

    await userEvent.click(within(list).getByRole('button', { name: 'Hide this list' }));
    expect(screen.queryByRole('region')).toBeNull();
    first.unmount();
    fetch.mockClear();
    renderAt(<FirstRunChecklist />, '/teacher/tasks');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('region')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says when everything is done', async () => {
    setSession(makeToken(owner));
    mockFetch(() => jsonResponse({ passwordChanged: true, groupCreated: true, classBroughtIn: true, taskPosted: true }));
    renderAt(<FirstRunChecklist />, '/teacher/groups');
    expect(await screen.findByRole('heading', { name: 'Your club is set up' })).toBeInTheDocument();
  });

  it('is nothing, and asks nothing, for a teacher who is not the owner', async () => {
    setSession(makeToken(teacher));
    const fetch = mockFetch(() => jsonResponse({}, 403));
    renderAt(<FirstRunChecklist />, '/teacher/tasks');
    await waitFor(() => expect(fetch).not.toHaveBeenCalled());
    expect(screen.queryByRole('region')).toBeNull();
  });
});
