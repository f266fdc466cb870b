import { useEffect } from 'react';
import { useUsers } from '../../features/users/api/get-users';
import { accountActions, actorOf } from '../../features/users/components/account-actions';
import { useSession } from '../../lib/session';
import { setMenuBadge } from '../../lib/menu-badges';

/**
 * Counts the accounts waiting for activation for the Students entry of the menu (issue 49): a
 * sign-up nobody sees waits for nothing. Only those this teacher may activate: a badge asks for
 * something to be done, and another group's sign-ups are its teachers' to do. Loaded with the
 * teacher area only (it brings the users feature's reader); the Students page's activations update
 * the same list, and so the badge.
 */
export default function WaitingBadge() {
  const users = useUsers();
  const { user: me } = useSession();
  const actor = actorOf(me, users.data);
  const waiting = users.data?.filter((u) => !u.activated && accountActions(actor, u).toggle).length ?? 0;
  useEffect(() => {
    setMenuBadge('students', waiting);
  }, [waiting]);
  useEffect(() => () => setMenuBadge('students', 0), []);
  return null;
}
