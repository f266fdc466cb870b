import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeToken, mockFetch, student, useEnglish } from '../test/utils';
import { apiRequest, ApiRequestError, setUnauthorizedHandler } from './api-client';
import { getSession, reloadSession, setSession } from './session';

describe('api client', () => {
  beforeEach(async () => {
    await useEnglish();
    setSession(makeToken(student));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    reloadSession();
  });

  it('sends the bearer token, Accept-Language and a JSON content type', async () => {
    const fetch = mockFetch(() => jsonResponse({ ok: true }));
    await apiRequest('/api/groups', { method: 'POST', body: { name: 'x' } });
    const headers = fetch.mock.calls[0]![1]!.headers as Headers;
    expect(headers.get('Authorization')).toMatch(/^Bearer /);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept-Language')).toBe('en');
    expect(fetch.mock.calls[0]![1]!.body).toBe('{"name":"x"}');
  });

  it('sends no token on login and leaves multipart bodies to the browser', async () => {
    const fetch = mockFetch(() => jsonResponse({}));
    await apiRequest('/api/auth/login', { method: 'POST', body: { login: 'a', password: 'b' }, anonymous: true });
    expect((fetch.mock.calls[0]![1]!.headers as Headers).get('Authorization')).toBeNull();
    await apiRequest('/api/tasks', { method: 'POST', body: new FormData() });
    expect((fetch.mock.calls[1]![1]!.headers as Headers).get('Content-Type')).toBeNull();
  });

  it('signs out and goes to /login on a 401 from any call but login', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockFetch(() => jsonResponse({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Sign in again' }, 401));
    await expect(apiRequest('/api/users/profile')).rejects.toBeInstanceOf(ApiRequestError);
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(getSession().user).toBeNull();
  });

  it('keeps the session on a login 401 and carries status, code, message and field errors', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockFetch(() => jsonResponse({ statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Wrong login or password' }, 401));
    const error = await apiRequest('/api/auth/login', { method: 'POST', body: {}, anonymous: true }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS', message: 'Wrong login or password' });
    expect(onUnauthorized).not.toHaveBeenCalled();

    mockFetch(() => jsonResponse({ statusCode: 400, code: 'LOGIN_TAKEN', message: 'x', validationErrors: { login: 'auth.error.loginTaken' } }, 400));
    const taken = (await apiRequest('/api/users', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiRequestError;
    expect(taken.validationErrors).toEqual({ login: 'auth.error.loginTaken' });
  });

  it('falls back to the generic text when the body is unreadable', async () => {
    mockFetch(() => new Response('<html>', { status: 502 }));
    await expect(apiRequest('/api/groups')).rejects.toMatchObject({ status: 502, message: 'Network response was not ok' });
  });
});
