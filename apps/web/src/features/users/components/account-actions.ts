import type { User } from '@mathclub/shared';

/** What the signed-in teacher may do to one account on the Students page. */
export interface AccountActions {
  /** Activate or deactivate. */
  toggle: boolean;
  /** Shown but disabled: one's own account (nobody deactivates themself). */
  toggleDisabled: boolean;
  setPassword: boolean;
  /** Hand the school's ownership to this teacher. */
  makeOwner: boolean;
  /** A teacher account only the owner manages (said instead of the missing buttons). */
  ownerOnly: boolean;
  /** A student of another teacher's group: read-only here (said instead of the missing buttons). */
  otherGroup: boolean;
}

/**
 * The Students page's mirror of the server's access policy (apps/server/src/modules/access,
 * PRODUCT.md §16), so a teacher is not offered what the server would refuse: a student is the
 * teachers' of the student's groups (every teacher's while in no group); another teacher's account
 * is the owner's; the owner manages everyone; nobody deactivates the owner or themself, or resets
 * their own password here (the profile does that).
 */
export function accountActions(me: { id: number; owner: boolean; groups?: readonly { id: number }[] } | null, user: User): AccountActions {
  const isSelf = me?.id === user.id;
  const teacherAccount = user.role !== 'student';
  const myGroups = new Set((me?.groups ?? []).map((g) => g.id));
  const otherGroup = !teacherAccount && !me?.owner && user.groups.length > 0 && !user.groups.some((g) => myGroups.has(g.id));
  const mayManage = (!teacherAccount && !otherGroup) || isSelf || Boolean(me?.owner);
  return {
    toggle: mayManage && !(user.owner && user.activated && !isSelf),
    toggleDisabled: isSelf,
    setPassword: mayManage && !isSelf,
    makeOwner: Boolean(me?.owner) && !isSelf && user.role === 'teacher' && user.activated,
    ownerOnly: teacherAccount && !mayManage,
    otherGroup,
  };
}

/**
 * Who the signed-in teacher is for accountActions: their owner flag and groups as the server's
 * list says now (a hand-over or a new group makes the token's claim stale), else the token's.
 */
export function actorOf(me: { id: number; owner: boolean; groups: readonly { id: number }[] } | null, users: readonly User[] | undefined) {
  if (!me) return null;
  const meNow = users?.find((u) => u.id === me.id);
  return { id: me.id, owner: meNow ? meNow.owner : me.owner, groups: meNow ? meNow.groups : me.groups };
}
