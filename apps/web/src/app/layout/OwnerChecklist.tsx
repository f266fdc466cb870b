import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';

// Only the owner ever sees it: its code (and the zod contract it reads with) loads for them alone.
const FirstRunChecklist = lazy(() => import('../../features/setup/components/FirstRunChecklist').then((m) => ({ default: m.FirstRunChecklist })));

/**
 * The owner's first-run checklist (features/setup) on the teacher's home page (the tasks, where
 * /teacher leads) only: above the queue or the gradebook it pushed the work below the fold (issue
 * 49). Nothing for anyone else.
 */
export function OwnerChecklist() {
  const { user } = useSession();
  const { pathname } = useLocation();
  if (!user?.owner || pathname !== paths.teacher.tasks) return null;
  return (
    <Suspense fallback={null}>
      <FirstRunChecklist />
    </Suspense>
  );
}
