import type { Group, User } from '@mathclub/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, reloadSession, setSession } from '../../../lib/session';
import { chooseOption, jsonResponse, makeToken, mockFetch, renderAt, student, teacher, useEnglish } from '../../../test/utils';
import { ProfileForm } from './ProfileForm';

const groups: Group[] = [
  { id: 1, name: '7-А olympiad' },
  { id: 2, name: 'Geometry circle' },
];

const teacherProfile: User = { ...teacher, groups: [groups[0]!] };
const studentProfile: User = { ...student, groups: [] };

function serve(profile: User, patch?: (body: unknown) => Response | Promise<Response>) {
  return mockFetch(async (method, path, init) => {
    if (method === 'GET' && path === '/api/users/profile') return jsonResponse(profile);
    if (method === 'PATCH' && patch) return patch(JSON.parse(init!.body as string));
    return jsonResponse({}, 404);
  });
}

const saveButton = () => screen.getByRole('button', { name: /Save/ });
const form = () => screen.getByTestId('profile-form');

describe('ProfileForm (SEED.md §2, §4, §5)', () => {
  beforeEach(useEnglish);
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    reloadSession();
  });

  describe('teacher', () => {
    beforeEach(() => setSession(makeToken(teacher)));

    it('is inert and loading until the profile arrives, then editable with the loaded values', async () => {
      serve(teacherProfile);
      renderAt(<ProfileForm kind="teacher" groups={groups} groupsLoading={false} />);
      expect(form()).toHaveAttribute('inert');
      await waitFor(() => expect(form()).not.toHaveAttribute('inert'));
      expect(screen.getByLabelText('Name')).toHaveValue(teacher.name);
      expect(screen.getByLabelText('Name')).not.toHaveAttribute('readonly');
      expect(screen.getByText('7-А olympiad', { selector: '.p-multiselect-token-label' })).toBeInTheDocument();
    });

    it('requires a name that is not blank after trimming', async () => {
      const fetch = serve(teacherProfile);
      renderAt(<ProfileForm kind="teacher" groups={groups} groupsLoading={false} />);
      await waitFor(() => expect(form()).not.toHaveAttribute('inert'));
      fireEvent.change(screen.getByLabelText('Name'), { target: { value: '   ' } });
      fireEvent.click(saveButton());
      expect(await screen.findByText('Name is required')).toBeInTheDocument();
      expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toHaveLength(0);
    });

    it('shows a notice when there are no groups', async () => {
      serve({ ...teacherProfile, groups: [] });
      renderAt(<ProfileForm kind="teacher" groups={[]} groupsLoading={false} />);
      expect(await screen.findByText('There are no groups yet. Create one on the Groups page.')).toBeInTheDocument();
    });

    it('saves name and group ids, is inert while saving, and stores the fresh token', async () => {
      const updated = { ...teacherProfile, name: 'Олена', groups };
      let answer: (r: Response) => void = () => {};
      let sent: unknown;
      serve(teacherProfile, (body) => {
        sent = body;
        return new Promise((resolve) => (answer = resolve));
      });
      renderAt(<ProfileForm kind="teacher" groups={groups} groupsLoading={false} />);
      await waitFor(() => expect(form()).not.toHaveAttribute('inert'));
      fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' Олена ' } });
      fireEvent.click(saveButton());
      await waitFor(() => expect(form()).toHaveAttribute('inert'));
      expect(sent).toEqual({ name: 'Олена', groups: [1] });
      answer(jsonResponse({ user: updated, access_token: makeToken(updated) }));
      expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
      expect(form()).not.toHaveAttribute('inert');
      expect(getSession().user).toMatchObject({ name: 'Олена', groups });
    });

    it('shows the error banner on a failed save and clears it on a new attempt', async () => {
      let fail = true;
      serve(teacherProfile, () =>
        fail ? new Response('', { status: 500 }) : jsonResponse({ user: teacherProfile, access_token: makeToken(teacherProfile) }),
      );
      renderAt(<ProfileForm kind="teacher" groups={groups} groupsLoading={false} />);
      await waitFor(() => expect(form()).not.toHaveAttribute('inert'));
      fireEvent.click(saveButton());
      expect(await screen.findByText('Oops! Error saving profile')).toBeInTheDocument();
      fail = false;
      fireEvent.click(saveButton());
      expect(screen.queryByText('Oops! Error saving profile')).not.toBeInTheDocument();
      expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
    });
  });

  describe('student', () => {
    beforeEach(() => setSession(makeToken(student)));

    it('shows the name read-only and a notice while no group is chosen', async () => {
      serve(studentProfile);
      renderAt(<ProfileForm kind="student" groups={groups} groupsLoading={false} />);
      await waitFor(() => expect(form()).not.toHaveAttribute('inert'));
      expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
      expect(screen.getByText('You have not chosen a group yet. Choose one to see its tasks.')).toBeInTheDocument();
    });

    it('requires a group', async () => {
      const fetch = serve(studentProfile);
      renderAt(<ProfileForm kind="student" groups={groups} groupsLoading={false} />);
      await waitFor(() => expect(form()).not.toHaveAttribute('inert'));
      fireEvent.click(saveButton());
      const message = await screen.findByText('Group is required');
      // A screen reader on the group choice hears why it is refused.
      expect(screen.getByLabelText('Group')).toHaveAttribute('aria-describedby', message.id);
      expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toHaveLength(0);
    });

    it('saves the one chosen group only, and the choice can be cleared', async () => {
      let sent: unknown;
      const saved = { ...studentProfile, groups: [groups[1]!] };
      serve(studentProfile, (body) => {
        sent = body;
        return jsonResponse({ user: saved, access_token: makeToken(saved) });
      });
      renderAt(<ProfileForm kind="student" groups={groups} groupsLoading={false} />);
      await waitFor(() => expect(form()).not.toHaveAttribute('inert'));
      await chooseOption('Group', 'Geometry circle');
      expect(screen.queryByText(/You have not chosen a group yet/)).not.toBeInTheDocument();
      await userEvent.setup().click(saveButton());
      expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
      expect(sent).toEqual({ groups: [2] });
      expect(getSession().user?.groups).toEqual([groups[1]]);
      fireEvent.pointerUp(document.querySelector('.p-dropdown-clear-icon')!);
      expect(await screen.findByText(/You have not chosen a group yet/)).toBeInTheDocument();
    });
  });
});
