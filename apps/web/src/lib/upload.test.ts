import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeToken, teacher } from '../test/utils';
import { getSession, reloadSession, setSession } from './session';
import { postFormWithProgress } from './upload';

/** A stand-in XMLHttpRequest that answers with `status` and `body` after reporting progress. */
function fakeXhr(status: number, body: string) {
  const sent: { headers: Record<string, string>; url?: string } = { headers: {} };
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(_method: string, url: string) {
      sent.url = url;
    }
    setRequestHeader(name: string, value: string) {
      sent.headers[name] = value;
    }
    send() {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
      this.status = status;
      this.responseText = body;
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('postFormWithProgress', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    reloadSession();
  });

  it('sends the bearer token, reports progress and returns the JSON', async () => {
    setSession(makeToken(teacher));
    const sent = fakeXhr(201, '{"id":7}');
    const progress: number[] = [];
    const result = await postFormWithProgress('/api/solutions', new FormData(), (p) => progress.push(p));
    expect(result).toEqual({ id: 7 });
    expect(sent.url).toBe('/api/solutions');
    expect(sent.headers.Authorization).toMatch(/^Bearer /);
    expect(progress).toEqual([25, 100]);
  });

  it('turns an error body into ApiRequestError with the server code', async () => {
    setSession(makeToken(teacher));
    fakeXhr(409, JSON.stringify({ statusCode: 409, code: 'SOLUTION_EXISTS', message: 'Already sent' }));
    await expect(postFormWithProgress('/api/solutions', new FormData())).rejects.toMatchObject({ status: 409, code: 'SOLUTION_EXISTS' });
    expect(getSession().token).not.toBe('');
  });

  it('signs out on a 401', async () => {
    setSession(makeToken(teacher));
    fakeXhr(401, JSON.stringify({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Expired' }));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await expect(postFormWithProgress('/api/solutions', new FormData())).rejects.toMatchObject({ status: 401 });
    expect(getSession().token).toBe('');
  });
});
