import { preloadable } from '../../lib/preloadable';

/**
 * The signed-in user's menu (profile, notifications, sign out) comes in its own chunk: a visitor of
 * the landing page downloads none of it, and start.tsx fetches it beside the first page's chunks
 * when someone is signed in, so it is there when the page is.
 */
export const LazyUserMenu = preloadable(() => import('./UserMenu').then((m) => m.UserMenu));
