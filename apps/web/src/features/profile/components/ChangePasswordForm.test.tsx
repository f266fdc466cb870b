import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, reloadSession, setSession } from '../../../lib/session';
import { jsonResponse, makeToken, mockFetch, renderAt, teacher, useEnglish } from '../../../test/utils';
import { ChangePasswordForm } from './ChangePasswordForm';

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

describe('ChangePasswordForm', () => {
  beforeEach(async () => {
    await useEnglish();
    setSession(makeToken(teacher));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    reloadSession();
  });

  it('validates on submit: required, length and confirmation', async () => {
    const fetch = mockFetch(() => jsonResponse({}));
    renderAt(<ChangePasswordForm />);
    submit();
    expect(screen.getByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm password is required')).toBeInTheDocument();
    fill('Current password', 'old-password');
    fill('New password', 'short');
    fill('Confirm new password', 'shorT');
    submit();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows a wrong current password under its field', async () => {
    mockFetch(() =>
      jsonResponse({ statusCode: 400, code: 'WRONG_PASSWORD', message: 'x', validationErrors: { currentPassword: 'password.error.currentWrong' } }, 400),
    );
    renderAt(<ChangePasswordForm />);
    fill('Current password', 'old-password');
    fill('New password', 'new-password-1');
    fill('Confirm new password', 'new-password-1');
    submit();
    expect(await screen.findByText('The current password is wrong')).toBeInTheDocument();
  });

  it('stores the fresh token, clears the fields and confirms', async () => {
    const renamed = { ...teacher, name: 'Fresh' };
    mockFetch(() => jsonResponse({ access_token: makeToken(renamed) }));
    renderAt(<ChangePasswordForm />);
    fill('Current password', 'old-password');
    fill('New password', 'new-password-1');
    fill('Confirm new password', 'new-password-1');
    submit();
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(getSession().user?.name).toBe('Fresh');
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });
});
