import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseOption, jsonResponse, openOptions, mockFetch, renderAt, useEnglish } from '../../../test/utils';
import { validateSignUp, type SignUpValues } from './sign-up-validation';
import { SignUpForm } from './SignUpForm';

function setup() {
  const onSignedUp = vi.fn();
  const onLogin = vi.fn();
  renderAt(<SignUpForm onSignedUp={onSignedUp} onLogin={onLogin} />);
  return { onSignedUp, onLogin, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;

async function chooseRole(_user: User, label: 'Student' | 'Teacher') {
  await chooseOption('Role', label);
}

async function fillValid(user: User, role: 'Student' | 'Teacher' = 'Student') {
  await user.type(screen.getByLabelText('Login'), 'olia');
  await user.type(screen.getByLabelText('Password'), 'secret-pass');
  await user.type(screen.getByLabelText('Confirm password'), 'secret-pass');
  await user.type(screen.getByLabelText('Name'), 'Оля Коваль');
  await chooseRole(user, role);
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Sign up' }));

describe('SignUpForm (SEED.md §2, §4, §5)', () => {
  beforeEach(useEnglish);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows every required message under its field on submit and sends nothing', async () => {
    const fetch = mockFetch(() => jsonResponse({}));
    const { user } = setup();
    await submit(user);
    for (const text of ['Login is required', 'Password is required', 'Confirm password is required', 'Name is required', 'Role is required']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says when the passwords do not match', async () => {
    mockFetch(() => jsonResponse({}));
    const { user } = setup();
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.type(screen.getByLabelText('Confirm password'), 'secret-pasS');
    await submit(user);
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
  });

  it('offers student and teacher only, with translated labels', async () => {
    const { user } = setup();
    void user;
    const options = await openOptions('Role');
    expect(options.map((o) => o.textContent)).toEqual(['Student', 'Teacher']);
  });

  it('shows grade (default 6) and grade letter (default А, 33 letters) for students only; a teacher role clears them', async () => {
    mockFetch(() => jsonResponse({}));
    const { user } = setup();
    expect(screen.queryByLabelText('Grade')).not.toBeInTheDocument();
    await chooseRole(user, 'Student');
    expect(screen.getByLabelText('Grade')).toHaveValue('6');
    expect(screen.getByText('А', { selector: '.p-dropdown-label' })).toBeInTheDocument();
    expect(document.querySelector('.p-inputnumber-button-up')).not.toBeNull();
    expect(document.querySelector('.p-inputnumber-button-down')).not.toBeNull();
    const letters = await openOptions('Grade letter');
    expect(letters).toHaveLength(33);
    fireEvent.click(letters[1]!);
    await chooseRole(user, 'Teacher');
    expect(screen.queryByLabelText('Grade')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Grade letter')).not.toBeInTheDocument();
  });

  it('requires a grade for students', async () => {
    mockFetch(() => jsonResponse({}));
    const { user } = setup();
    await fillValid(user);
    const grade = screen.getByLabelText('Grade');
    await user.clear(grade);
    fireEvent.blur(grade);
    await submit(user);
    expect(await screen.findByText('Grade is required')).toBeInTheDocument();
  });

  it('says a typed grade of 13 is out of range, and keeps it as typed rather than silently making it 12 (issue 26)', async () => {
    const fetch = mockFetch(() => jsonResponse({}));
    const { user } = setup();
    await fillValid(user);
    const grade = screen.getByLabelText('Grade');
    await user.clear(grade);
    await user.type(grade, '13');
    fireEvent.blur(grade);
    expect(await screen.findByText('Grade must be 1-12')).toBeInTheDocument();
    expect(grade).toHaveValue('13');
    await submit(user);
    expect(fetch).not.toHaveBeenCalled();
    await user.clear(grade);
    await user.type(grade, '12');
    fireEvent.blur(grade);
    await waitFor(() => expect(screen.queryByText('Grade must be 1-12')).not.toBeInTheDocument());
  });

  it('validates grade range and letter with the shared rules', () => {
    const base: SignUpValues = { login: 'a', password: 'secret-pass', confirmPassword: 'secret-pass', name: 'A', role: 'student', grade: 6, gradeLetter: 'А' };
    expect(validateSignUp({ ...base, grade: 13 }).errors).toEqual({ grade: 'auth.error.gradeRange' });
    expect(validateSignUp({ ...base, grade: 0 }).errors).toEqual({ grade: 'auth.error.gradeRange' });
    expect(validateSignUp({ ...base, grade: null }).errors).toEqual({ grade: 'auth.error.gradeRequired' });
    expect(validateSignUp({ ...base, gradeLetter: null }).errors).toEqual({ gradeLetter: 'auth.error.gradeLetterRequired' });
    expect(validateSignUp({ ...base, role: '' }).errors).toEqual({ role: 'auth.error.roleRequired' });
    expect(validateSignUp({ ...base, password: 'short', confirmPassword: 'short' }).errors).toEqual({ password: 'auth.error.passwordTooShort' });
    expect(validateSignUp({ ...base, role: 'teacher', grade: 13 }).payload).toEqual({ login: 'a', password: 'secret-pass', name: 'A', activated: false, role: 'teacher' });
  });

  it('sends the student payload, keeps loading at least 1000 ms, then reports success', async () => {
    const fetch = mockFetch(() => jsonResponse({ id: 5 }, 201));
    const { user, onSignedUp } = setup();
    await fillValid(user);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await submit(user);
    const body = JSON.parse(fetch.mock.calls[0]![1]!.body as string) as Record<string, unknown>;
    expect(body).toEqual({ login: 'olia', password: 'secret-pass', name: 'Оля Коваль', activated: false, role: 'student', grade: 6, gradeLetter: 'А' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(screen.getByRole('button', { name: /Sign up/ })).toBeDisabled();
    expect(onSignedUp).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    await waitFor(() => expect(onSignedUp).toHaveBeenCalled());
  });

  it('sends no grade for a teacher', async () => {
    const fetch = mockFetch(() => jsonResponse({ id: 5 }, 201));
    const { user, onSignedUp } = setup();
    await fillValid(user, 'Teacher');
    await submit(user);
    await waitFor(() => expect(onSignedUp).toHaveBeenCalled(), { timeout: 3000 });
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toEqual({ login: 'olia', password: 'secret-pass', name: 'Оля Коваль', activated: false, role: 'teacher' });
  });

  it("shows the server's validation errors under their fields", async () => {
    mockFetch(() =>
      jsonResponse({ statusCode: 400, code: 'LOGIN_TAKEN', message: 'This login is already taken', validationErrors: { login: 'auth.error.loginTaken' } }, 400),
    );
    const { user, onSignedUp } = setup();
    await fillValid(user);
    await submit(user);
    expect(await screen.findByText('This login is already taken', {}, { timeout: 3000 })).toHaveClass('field-error');
    expect(onSignedUp).not.toHaveBeenCalled();
  });

  it("shows 'Failed to create user.' for any other failure", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(() => new Response('', { status: 500 }));
    const { user } = setup();
    await fillValid(user);
    await submit(user);
    expect(await screen.findByText('Failed to create user.', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('links to login', async () => {
    const { user, onLogin } = setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onLogin).toHaveBeenCalled();
  });
});
