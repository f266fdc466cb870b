import type { ErrorCode } from '@mathclub/shared';
import type { z } from 'zod';
import { ApiRequestError } from './api-error';
import { i18n } from './i18n';
import { getToken } from './session';
import { signedOutReason, signOutAfterUnauthorized } from './unauthorized';

/** Fallback text SEED.md §7 gives for a non-OK response without a readable body. */
export const GENERIC_FAILURE = 'Network response was not ok';

// Kept importable from here; they live apart so that the app shell does not pull zod in.
export { ApiRequestError } from './api-error';
export { setUnauthorizedHandler, signOutAfterUnauthorized } from './unauthorized';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Login is the one call that carries no token and whose 401 is not a session expiry. */
  anonymous?: boolean;
  signal?: AbortSignal;
}

/** Turns a non-OK response into an ApiRequestError (also used by the upload helper). */
export async function readError(response: Response): Promise<ApiRequestError> {
  let text: string | undefined;
  try {
    text = await response.text();
  } catch {
    // The body never arrived whole (a reload aborted it): not the same as a body that is not JSON.
  }
  let body: unknown = null;
  try {
    if (text) body = JSON.parse(text);
  } catch {
    body = null;
  }
  // The server's error body (@mathclub/shared's apiErrorSchema), read by hand: zod is not needed
  // to show an error, and pages that only read (the arena) load no zod at all.
  const loose = (typeof body === 'object' && body !== null ? body : {}) as { message?: unknown; code?: unknown; validationErrors?: unknown };
  const fieldErrors =
    typeof loose.validationErrors === 'object' && loose.validationErrors !== null && !Array.isArray(loose.validationErrors)
      ? Object.fromEntries(Object.entries(loose.validationErrors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
      : undefined;
  return new ApiRequestError(
    response.status,
    typeof loose.message === 'string' && loose.message ? loose.message : GENERIC_FAILURE,
    typeof loose.code === 'string' && /^[A-Z_]+$/.test(loose.code) ? (loose.code as ErrorCode) : undefined,
    fieldErrors,
    text === undefined,
  );
}

interface EarlyReads {
  token: string;
  /** When boot.js made the requests (Date.now()). */
  at: number;
  responses: Record<string, Promise<Response> | undefined>;
}

/** Early reads serve the page's first load; one left unused is not handed out minutes later. */
const EARLY_READS_KEPT_MS = 30_000;

/**
 * A response scripts/boot.js already requested for this GET (the arena's reads start before the
 * bundle has run), handed out once, only for the token it was made with and only while the page
 * is still loading; later calls fetch.
 */
function takeEarlyResponse(path: string, token: string): Promise<Response> | undefined {
  const holder = globalThis as { mathClubEarlyReads?: EarlyReads };
  const early = holder.mathClubEarlyReads;
  if (early && Date.now() - early.at > EARLY_READS_KEPT_MS) delete holder.mathClubEarlyReads;
  if (!early || !token || early.token !== token || !holder.mathClubEarlyReads) return undefined;
  const response = early.responses[path];
  delete early.responses[path];
  return response;
}

/** The one fetch client: JSON in and out, bearer token, Accept-Language, 401 → sign out. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}, schema?: z.ZodType<T>): Promise<T> {
  const { method = 'GET', body, anonymous = false, signal } = options;
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': i18n.language || 'uk' });
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
  }
  if ((method === 'POST' || method === 'PUT' || method === 'PATCH') && !(body instanceof FormData)) {
    headers.set('Content-Type', 'application/json');
  }
  const token = getToken();
  if (!anonymous && token) headers.set('Authorization', `Bearer ${token}`);

  const early = method === 'GET' && !anonymous ? takeEarlyResponse(path, token) : undefined;
  const response = await (early ?? fetch(path, { method, headers, body: payload, signal }));
  if (!response.ok) {
    const error = await readError(response);
    // A 401 whose body was cut off says nothing about why: ending the session on it would lose the
    // reason (a reload aborts the old page's reads; the new page asks again and is told).
    if (response.status === 401 && !anonymous && !error.interrupted) signOutAfterUnauthorized(signedOutReason(error.code));
    throw error;
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  return schema ? schema.parse(data) : (data as T);
}
