import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, reloadSession, TOKEN_KEY } from '../../../lib/session';
import { jsonResponse, makeToken, mockFetch, renderAt, student, useEnglish } from '../../../test/utils';
import { LoginForm } from './LoginForm';

function setup() {
  const onSignedIn = vi.fn();
  const onSignUp = vi.fn();
  renderAt(<LoginForm onSignedIn={onSignedIn} onSignUp={onSignUp} />);
  return { onSignedIn, onSignUp, user: userEvent.setup() };
}

describe('LoginForm (SEED.md §2, §4, §5, §8)', () => {
  beforeEach(useEnglish);
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    reloadSession();
  });

  it('shows both required messages under the fields on submit and sends nothing', async () => {
    const fetch = mockFetch(() => jsonResponse({}));
    const { user } = setup();
    expect(screen.queryByText('Login is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // The schema arrives with the first submit (the page's first load carries no zod).
    expect(await screen.findByText('Login is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Login')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows only the missing field once the other is filled', async () => {
    mockFetch(() => jsonResponse({}));
    const { user } = setup();
    await user.type(screen.getByLabelText('Login'), 'olia');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.queryByText('Login is required')).not.toBeInTheDocument();
  });

  it('offers a password show/hide toggle and no strength meter', async () => {
    mockFetch(() => jsonResponse({}));
    const { user } = setup();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.type(password, 'abc');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(document.querySelector('.p-password-panel')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('goes idle → submitting → signed in, storing the token and the user', async () => {
    let answer: (r: Response) => void = () => {};
    const fetch = mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user, onSignedIn } = setup();
    await user.type(screen.getByLabelText('Login'), 'olia');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const button = screen.getByRole('button', { name: /Sign in/ });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button.querySelector('.button__loading-icon')).not.toBeNull();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const init = fetch.mock.calls[0]![1]!;
    expect(JSON.parse(init.body as string)).toEqual({ login: 'olia', password: 'secret-pass' });
    expect((init.headers as Headers).get('Authorization')).toBeNull();
    answer(jsonResponse({ access_token: makeToken(student) }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(student));
    expect(getSession().user).toEqual(student);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it.each([
    [401, 'Wrong login or password'],
    [403, 'Your account is waiting for activation by a teacher'],
  ])('shows the server message of a %s and clears the session', async (status, message) => {
    localStorage.setItem(TOKEN_KEY, 'stale');
    mockFetch(() => jsonResponse({ statusCode: status, code: status === 401 ? 'INVALID_CREDENTIALS' : 'ACCOUNT_INACTIVE', message }, status));
    const { user, onSignedIn } = setup();
    await user.type(screen.getByLabelText('Login'), 'olia');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('shows "Login failed" for any other failure, and clears it on the next attempt', async () => {
    mockFetch(() => new Response('oops', { status: 500 }));
    const { user } = setup();
    await user.type(screen.getByLabelText('Login'), 'olia');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    mockFetch(() => jsonResponse({ access_token: makeToken(student) }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.queryByText('Login failed')).not.toBeInTheDocument());
  });

  it('links to sign-up', async () => {
    const { user, onSignUp } = setup();
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(onSignUp).toHaveBeenCalled();
  });
});
