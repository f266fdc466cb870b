import { TEACHING_ROLES } from '@mathclub/shared/constants';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { setUnauthorizedHandler } from '../lib/unauthorized';
import { RequireRole, RequireSignedOut } from './guards';
import { AppLayout } from './layout/AppLayout';
import { AreaLayout } from './layout/AreaLayout';
import { OwnerChecklist } from './layout/OwnerChecklist';
import { SessionSync } from './layout/SessionSync';
import * as Pages from './routes/lazy-pages';

// The waiting accounts' count comes with the teacher area, not in the shell every page loads.
const WaitingBadge = lazy(() => import('./layout/WaitingBadge'));

function TeacherArea() {
  const { t } = useTranslation();
  return (
    <>
      <SessionSync />
      <Suspense fallback={null}>
        <WaitingBadge />
      </Suspense>
      <AreaLayout title={t('teacher.pageTitle')} before={<OwnerChecklist />} />
    </>
  );
}

function StudentArea() {
  const { t } = useTranslation();
  return (
    <>
      <SessionSync />
      <AreaLayout title={t('student.pageTitle')} />
    </>
  );
}

/** SEED.md §2 route table. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    // While the first page's chunks and data load: the top bar, menu and footer around a loader.
    hydrateFallbackElement: <AppLayout loading />,
    // Any page below that fails to load (a chunk, its data) or to render: its message in the chrome.
    errorElement: <AppLayout failed />,
    children: [
      { index: true, lazy: Pages.landing },
      { path: paths.help, lazy: Pages.help },
      {
        element: <RequireSignedOut />,
        children: [{ path: paths.login, lazy: Pages.login }],
      },
      {
        lazy: Pages.primeArea,
        children: [
          { path: paths.terms, lazy: Pages.terms },
          { path: paths.privacy, lazy: Pages.privacy },
          // A join link works signed in or out: the page offers sign-up or sign-in when needed.
          { path: paths.join, lazy: Pages.join },
          {
            element: <RequireSignedOut />,
            children: [{ path: paths.signup, lazy: Pages.signUp }],
          },
          {
            path: paths.teacher.root,
            element: (
              <RequireRole roles={TEACHING_ROLES}>
                <TeacherArea />
              </RequireRole>
            ),
            children: [
              { index: true, element: <Navigate to={paths.teacher.tasks} replace /> },
              { path: paths.teacher.students, lazy: Pages.students },
              { path: paths.teacher.tasks, lazy: Pages.teacherTasks },
              { path: paths.teacher.review, lazy: Pages.review },
              // The queue comes with the review page's chunk: one more route here, no more code in the shell every page loads.
              { path: paths.teacher.reviewQueue, lazy: Pages.review },
              { path: paths.teacher.groups, lazy: Pages.groups },
              { path: paths.teacher.import, lazy: Pages.rosterImport },
              { path: paths.teacher.leaderboard, lazy: Pages.teacherLeaderboard },
              { path: paths.teacher.gradebook, lazy: Pages.gradebook },
              { path: paths.teacher.profile, lazy: Pages.teacherProfile },
            ],
          },
          {
            path: paths.student.root,
            element: (
              <RequireRole roles={['student']}>
                <StudentArea />
              </RequireRole>
            ),
            children: [
              { index: true, lazy: Pages.studentArena, loader: Pages.studentArenaData },
              { path: paths.student.leaderboard, lazy: Pages.studentLeaderboard },
              { path: paths.student.profile, lazy: Pages.studentProfile },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.login} replace /> },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setUnauthorizedHandler((reason) => void router.navigate(paths.login, { replace: true, state: reason ? { signedOut: reason } : null }));
  return router;
}
