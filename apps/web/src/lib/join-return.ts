/**
 * Where a student signing in from a join link goes back to (`/login?next=/join?code=…`, PRODUCT.md
 * §13). Only a join link is accepted: never another site or page (no open redirect).
 */
export function joinReturnPath(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  return next && /^\/join\?code=[A-Za-z0-9%-]{0,64}$/.test(next) ? next : null;
}
