import { useSyncExternalStore } from 'react';

/** Numbers the main menu shows beside its entries (issue 49: accounts waiting on Students). */
type Badges = Readonly<Record<string, number>>;

let badges: Badges = {};
const listeners = new Set<() => void>();

/** Sets an entry's number; 0 takes the badge away. */
export function setMenuBadge(entry: string, count: number) {
  if ((badges[entry] ?? 0) === count) return;
  badges = { ...badges, [entry]: count };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const read = () => badges;

/** The menu's numbers; re-renders when one changes. */
export function useMenuBadges(): Badges {
  return useSyncExternalStore(subscribe, read, read);
}
