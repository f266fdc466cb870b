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
}

/**
 * The Students page's mirror of the server's access policy (apps/server/src/modules/access,
 * PRODUCT.md §16), so a teacher is not offered what the server would refuse: students are every
 * teacher's to manage; another teacher's account is the owner's; nobody deactivates the owner or
 * themself, or resets their own password here (the profile does that).
 */
export function accountActions(me: { id: number; owner: boolean } | null, user: User): AccountActions {
  const isSelf = me?.id === user.id;
  const teacherAccount = user.role !== 'student';
  const mayManage = !teacherAccount || isSelf || Boolean(me?.owner);
  return {
    toggle: mayManage && !(user.owner && user.activated && !isSelf),
    toggleDisabled: isSelf,
    setPassword: mayManage && !isSelf,
    makeOwner: Boolean(me?.owner) && !isSelf && user.role === 'teacher' && user.activated,
    ownerOnly: teacherAccount && !mayManage,
  };
}
