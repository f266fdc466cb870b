import { lazy } from 'react';

// One chunk per page: the landing page never downloads the teacher or student areas.
export const LandingPage = lazy(() => import('../../features/landing/components/LandingPage').then((m) => ({ default: m.LandingPage })));
export const TermsPage = lazy(() => import('../../features/legal/components/LegalPage').then((m) => ({ default: m.TermsPage })));
export const PrivacyPage = lazy(() => import('../../features/legal/components/LegalPage').then((m) => ({ default: m.PrivacyPage })));
export const LoginPage = lazy(() => import('../../features/auth/components/LoginPage').then((m) => ({ default: m.LoginPage })));
export const SignUpPage = lazy(() => import('../../features/auth/components/SignUpPage').then((m) => ({ default: m.SignUpPage })));
export const StudentsPage = lazy(() => import('../../features/users/components/StudentsPage').then((m) => ({ default: m.StudentsPage })));
export const GroupsPage = lazy(() => import('../../features/groups/components/GroupsPage').then((m) => ({ default: m.GroupsPage })));
export const TeacherProfileRoute = lazy(() => import('./profile-routes').then((m) => ({ default: m.TeacherProfileRoute })));
export const StudentProfileRoute = lazy(() => import('./profile-routes').then((m) => ({ default: m.StudentProfileRoute })));
export const TeacherTasksRoute = lazy(() => import('./teacher-tasks-route').then((m) => ({ default: m.TeacherTasksRoute })));
export const ReviewRoute = lazy(() => import('./review-route').then((m) => ({ default: m.ReviewRoute })));
export const StudentArenaRoute = lazy(() => import('./student-arena-route').then((m) => ({ default: m.StudentArenaRoute })));
export const TeacherLeaderboardRoute = lazy(() => import('./leaderboard-routes').then((m) => ({ default: m.TeacherLeaderboardRoute })));
export const StudentLeaderboardRoute = lazy(() => import('./leaderboard-routes').then((m) => ({ default: m.StudentLeaderboardRoute })));
