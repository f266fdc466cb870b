import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/session';

// Only the owner ever sees it: its code (and the zod contract it reads with) loads for them alone.
const FirstRunChecklist = lazy(() => import('../../features/setup/components/FirstRunChecklist').then((m) => ({ default: m.FirstRunChecklist })));

/** The owner's first-run checklist above the teacher area's pages (features/setup); nothing for anyone else. */
export function OwnerChecklist() {
  const { user } = useSession();
  if (!user?.owner) return null;
  return (
    <Suspense fallback={null}>
      <FirstRunChecklist />
    </Suspense>
  );
}
