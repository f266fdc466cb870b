import { clearSession, getToken } from './session';

/** Why a session ended on the server's word: 'deactivated' when a teacher turned the account off. */
export type SignedOutReason = 'deactivated';
type UnauthorizedHandler = (reason?: SignedOutReason) => void;
let onUnauthorized: UnauthorizedHandler = () => {
  window.location.assign('/login');
};

/**
 * The reason the last session ended, kept until the next sign-in (not across a reload): several
 * calls fail at once when a session ends (the arena's reads, the live stream), the route guard
 * sends the page to /login on its own as soon as the session is cleared, and a call made after
 * that goes without a token and gets a bare 401. /login shows this whichever of them got there
 * first (issue 26, point 1: the notice was lost in CI when the guard or a bare 401 won).
 */
let lastReason: SignedOutReason | undefined;

/** The router registers how to get to /login after a 401 (no full page reload), and what to say there. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

/** A 401 on a call other than login: the session is over, go to /login (SEED.md §4). */
export function signOutAfterUnauthorized(reason?: SignedOutReason) {
  // The call that ended a live session says why; later ones only add a reason if none was given.
  if (getToken()) lastReason = reason;
  else lastReason ??= reason;
  clearSession();
  onUnauthorized(lastReason);
}

/** Why the last session ended, if the server said (read by /login). */
export const lastSignedOutReason = (): SignedOutReason | undefined => lastReason;

/** A new session begins: the old one's reason is no longer news. */
export function forgetSignedOutReason() {
  lastReason = undefined;
}

/** The reason an API error's code gives for the end of a session (issue 26: told, not just sent away). */
export const signedOutReason = (code: string | undefined): SignedOutReason | undefined => (code === 'ACCOUNT_DEACTIVATED' ? 'deactivated' : undefined);
