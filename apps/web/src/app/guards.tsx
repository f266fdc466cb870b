import type { AuthenticatedUser, Role } from '@mathclub/shared';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { joinReturnPath } from '../lib/join-return';
import { roleHome, useSession } from '../lib/session';

function render(children: ReactNode | undefined) {
  return children === undefined ? <Outlet /> : <>{children}</>;
}

/**
 * Only users with one of `roles` pass. Signed-out users go to /login; users with another role go
 * to their own role's home (SEED.md §2 access rules).
 */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children?: ReactNode }) {
  const { user } = useSession();
  if (!user) return <Navigate to={paths.login} replace />;
  if (!roles.includes(user.role)) return <Navigate to={roleHome(user.role)} replace />;
  return render(children);
}

/**
 * /login and /signup: a signed-in user is sent to their role's home, or a student who signed in
 * from a join link back to it (the sign-in and this redirect then agree on where to go).
 */
export function RequireSignedOut({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (user) return <Navigate to={(user.role === 'student' ? joinReturnPath(location.search) : null) ?? roleHome(user.role)} replace />;
  return render(children);
}

/**
 * The custom-rule guard: applies `rule` to the current user; on failure redirects to `redirectTo`,
 * else to the role's home, else to /login.
 */
export function RequireRule({
  rule,
  redirectTo,
  children,
}: {
  rule: (user: AuthenticatedUser | null) => boolean;
  redirectTo?: string;
  children?: ReactNode;
}) {
  const { user } = useSession();
  if (rule(user)) return render(children);
  return <Navigate to={redirectTo ?? roleHome(user?.role)} replace />;
}
