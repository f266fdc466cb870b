import { clearSession, getToken } from './session';

/**
 * Signs out: asks the server to end this token (POST /api/auth/logout, PRODUCT.md §16) and forgets
 * it here at once. The local sign-out never waits for or depends on the answer: offline, or with a
 * token the server already refuses, the device is signed out all the same. `keepalive` lets the
 * request finish while the page moves to the login screen. Plain fetch: the shell loads no zod.
 */
export function logOut(): void {
  const token = getToken();
  clearSession();
  if (!token) return;
  fetch('/api/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, keepalive: true }).catch(() => {
    // Nothing to do: the token is gone from this device and expires on its own.
  });
}
