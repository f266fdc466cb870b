import { clearSession, getToken } from './session';

/** Why a session ended on the server's word: 'deactivated' when a teacher turned the account off. */
export type SignedOutReason = 'deactivated';
type UnauthorizedHandler = (reason?: SignedOutReason) => void;
let onUnauthorized: UnauthorizedHandler = () => {
  window.location.assign('/login');
};

/**
 * The reason the last session ended, kept until the next sign-in, in this tab's sessionStorage so
 * that a reload of /login still says it: several calls fail at once when a session ends (the
 * arena's reads, the live stream), the route guard sends the page to /login on its own as soon as
 * the session is cleared, a call made after that goes without a token and gets a bare 401, and the
 * live stream can end the session before the student reloads the page. /login shows the reason
 * whichever of them got there first (issue 26, point 1: the notice was lost in CI when the guard,
 * a bare 401 or a reload won).
 */
const REASON_KEY = 'signedOutReason';
const readReason = (): SignedOutReason | undefined => {
  try {
    return sessionStorage.getItem(REASON_KEY) === 'deactivated' ? 'deactivated' : undefined;
  } catch {
    return undefined;
  }
};
const writeReason = (reason: SignedOutReason | undefined) => {
  try {
    if (reason) sessionStorage.setItem(REASON_KEY, reason);
    else sessionStorage.removeItem(REASON_KEY);
  } catch {
    // Storage refused (private mode, quota): the notice lasts until the page is reloaded.
  }
};
let lastReason: SignedOutReason | undefined = readReason();

/** The router registers how to get to /login after a 401 (no full page reload), and what to say there. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

/** A 401 on a call other than login: the session is over, go to /login (SEED.md §4). */
export function signOutAfterUnauthorized(reason?: SignedOutReason) {
  // The call that ended a live session says why; later ones only add a reason if none was given.
  if (getToken()) lastReason = reason;
  else lastReason ??= reason;
  writeReason(lastReason);
  clearSession();
  onUnauthorized(lastReason);
}

/** Why the last session ended, if the server said (read by /login). */
export const lastSignedOutReason = (): SignedOutReason | undefined => lastReason;

/** A new session begins: the old one's reason is no longer news. */
export function forgetSignedOutReason() {
  lastReason = undefined;
  writeReason(undefined);
}

/** The reason an API error's code gives for the end of a session (issue 26: told, not just sent away). */
export const signedOutReason = (code: string | undefined): SignedOutReason | undefined => (code === 'ACCOUNT_DEACTIVATED' ? 'deactivated' : undefined);
