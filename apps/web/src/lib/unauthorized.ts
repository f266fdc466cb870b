import { clearSession } from './session';

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {
  window.location.assign('/login');
};

/** The router registers how to get to /login after a 401 (no full page reload). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

/** A 401 on a call other than login: the session is over, go to /login (SEED.md §4). */
export function signOutAfterUnauthorized() {
  clearSession();
  onUnauthorized();
}
