import { TEACHING_ROLES } from '@mathclub/shared';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { setUnauthorizedHandler } from '../lib/api-client';
import { RequireRole, RequireSignedOut } from './guards';
import { AppLayout } from './layout/AppLayout';
import { AreaLayout } from './layout/AreaLayout';
import * as Pages from './routes/lazy-pages';

function TeacherArea() {
  const { t } = useTranslation();
  return <AreaLayout title={t('teacher.pageTitle')} />;
}

function StudentArea() {
  const { t } = useTranslation();
  return <AreaLayout title={t('student.pageTitle')} />;
}

/** SEED.md §2 route table. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <Pages.LandingPage /> },
      { path: paths.terms, element: <Pages.TermsPage /> },
      { path: paths.privacy, element: <Pages.PrivacyPage /> },
      {
        element: <RequireSignedOut />,
        children: [
          { path: paths.login, element: <Pages.LoginPage /> },
          { path: paths.signup, element: <Pages.SignUpPage /> },
        ],
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
          { path: paths.teacher.students, element: <Pages.StudentsPage /> },
          { path: paths.teacher.tasks, element: <Pages.TeacherTasksRoute /> },
          { path: paths.teacher.review, element: <Pages.ReviewRoute /> },
          { path: paths.teacher.groups, element: <Pages.GroupsPage /> },
          { path: paths.teacher.leaderboard, element: <Pages.TeacherLeaderboardRoute /> },
          { path: paths.teacher.profile, element: <Pages.TeacherProfileRoute /> },
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
          { index: true, element: <Pages.StudentArenaRoute /> },
          { path: paths.student.leaderboard, element: <Pages.StudentLeaderboardRoute /> },
          { path: paths.student.profile, element: <Pages.StudentProfileRoute /> },
        ],
      },
      { path: '*', element: <Navigate to={paths.login} replace /> },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setUnauthorizedHandler(() => void router.navigate(paths.login, { replace: true }));
  return router;
}
