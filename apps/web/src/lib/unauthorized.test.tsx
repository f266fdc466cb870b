import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../features/auth/components/LoginPage';
import { getToken, reloadSession, setSession } from './session';
import { makeToken, renderAt, student, useEnglish } from '../test/utils';
import { forgetSignedOutReason, lastSignedOutReason, setUnauthorizedHandler, signOutAfterUnauthorized } from './unauthorized';

describe('the end of a session on a 401 (issue 26, point 1)', () => {
  const sentTo: (string | undefined)[] = [];
  beforeEach(async () => {
    await useEnglish();
    sentTo.length = 0;
    forgetSignedOutReason();
    setUnauthorizedHandler((reason) => sentTo.push(reason));
    setSession(makeToken(student));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    reloadSession();
  });

  it('keeps the reason the first 401 gave when later calls fail without one (sent after the token was cleared)', () => {
    signOutAfterUnauthorized('deactivated');
    expect(getToken()).toBe('');
    signOutAfterUnauthorized(undefined);
    expect(sentTo).toEqual(['deactivated', 'deactivated']);
    expect(lastSignedOutReason()).toBe('deactivated');
  });

  it('takes the reason a later call brings when the first 401 had none', () => {
    signOutAfterUnauthorized(undefined);
    signOutAfterUnauthorized('deactivated');
    expect(lastSignedOutReason()).toBe('deactivated');
  });

  it('tells /login why even when the route guard got there first, without the navigation state', () => {
    signOutAfterUnauthorized('deactivated');
    renderAt(<LoginPage />, '/login');
    expect(screen.getByText(/turned your account off/)).toBeInTheDocument();
  });

  it('still tells /login why after a reload of the page (the live stream may end the session first)', async () => {
    signOutAfterUnauthorized('deactivated');
    vi.resetModules();
    const reloaded = await import('./unauthorized');
    expect(reloaded.lastSignedOutReason()).toBe('deactivated');
    reloaded.forgetSignedOutReason();
    vi.resetModules();
    expect((await import('./unauthorized')).lastSignedOutReason()).toBeUndefined();
  });

  it('says nothing on /login once a new session began', () => {
    signOutAfterUnauthorized('deactivated');
    forgetSignedOutReason();
    renderAt(<LoginPage />, '/login');
    expect(screen.queryByText(/turned your account off/)).not.toBeInTheDocument();
  });
});
