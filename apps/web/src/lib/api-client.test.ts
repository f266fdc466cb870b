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

  it('keeps the session on a 401 whose body was cut off (a reload aborts the page\'s reads), and signs out on the next whole one', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const cutOff = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"statusCode":401,"code":"ACCOUNT_DEAC'));
            controller.error(new DOMException('The operation was aborted.', 'AbortError'));
          },
        }),
        { status: 401, headers: { 'content-type': 'application/json' } },
      );
    mockFetch(cutOff);
    await expect(apiRequest('/api/achievements')).rejects.toMatchObject({ status: 401, interrupted: true });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(getSession().user).not.toBeNull();

    mockFetch(() => jsonResponse({ statusCode: 401, code: 'ACCOUNT_DEACTIVATED', message: 'Turned off' }, 401));
    await expect(apiRequest('/api/achievements')).rejects.toMatchObject({ status: 401, interrupted: false });
    expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith('deactivated');
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

  describe('responses boot.js requested early', () => {
    afterEach(() => {
      delete (globalThis as { mathClubEarlyReads?: unknown }).mathClubEarlyReads;
    });

    const early = (token: string, responses: Record<string, Promise<Response>>, at = Date.now()) => {
      (globalThis as { mathClubEarlyReads?: unknown }).mathClubEarlyReads = { token, at, responses };
    };

    it('uses one once for the same GET and token, then fetches', async () => {
      const fetch = mockFetch(() => jsonResponse(['fetched']));
      early(getSession().token, { '/api/tasks/mine': Promise.resolve(jsonResponse(['early'])) });
      expect(await apiRequest('/api/tasks/mine')).toEqual(['early']);
      expect(fetch).not.toHaveBeenCalled();
      expect(await apiRequest('/api/tasks/mine')).toEqual(['fetched']);
      expect(fetch).toHaveBeenCalledOnce();
    });

    it('ignores one made with another token, and never serves another path or a write', async () => {
      const fetch = mockFetch(() => jsonResponse({ fetched: true }));
      early('someone-else', { '/api/users/profile': Promise.resolve(jsonResponse({ early: true })) });
      expect(await apiRequest('/api/users/profile')).toEqual({ fetched: true });
      early(getSession().token, { '/api/users/profile': Promise.resolve(jsonResponse({ early: true })) });
      expect(await apiRequest('/api/users/profile', { method: 'PATCH', body: {} })).toEqual({ fetched: true });
      expect(await apiRequest('/api/solutions')).toEqual({ fetched: true });
      expect(fetch).toHaveBeenCalledTimes(3);
    });

    it('handles an early error answer like its own: a 401 signs out', async () => {
      const onUnauthorized = vi.fn();
      setUnauthorizedHandler(onUnauthorized);
      const fetch = mockFetch(() => jsonResponse({}));
      early(getSession().token, { '/api/solutions': Promise.resolve(jsonResponse({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Sign in again' }, 401)) });
      await expect(apiRequest('/api/solutions')).rejects.toMatchObject({ status: 401, message: 'Sign in again' });
      expect(onUnauthorized).toHaveBeenCalledOnce();
      expect(fetch).not.toHaveBeenCalled();
    });

    it('never hands out one the page did not use while it loaded (minutes later it would be stale)', async () => {
      const fetch = mockFetch(() => jsonResponse(['fetched']));
      early(getSession().token, { '/api/tasks/mine': Promise.resolve(jsonResponse(['early'])) }, Date.now() - 31_000);
      expect(await apiRequest('/api/tasks/mine')).toEqual(['fetched']);
      expect(fetch).toHaveBeenCalledOnce();
      expect((globalThis as { mathClubEarlyReads?: unknown }).mathClubEarlyReads).toBeUndefined();
    });

    it('passes on a network failure of an early request', async () => {
      early(getSession().token, { '/api/tasks/mine': Promise.reject(new TypeError('Failed to fetch')) });
      await expect(apiRequest('/api/tasks/mine')).rejects.toThrow('Failed to fetch');
    });
  });
});
