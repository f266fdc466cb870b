// One chunk per page, loaded through React Router's route `lazy`: the router fetches a page's
// chunk before it renders the page, so the first render (and the swap of a prerendered page for
// the live one) never shows a spinner, and the landing page never downloads the areas.
import type { ComponentType } from 'react';

/** A page that uses PrimeReact's components: PrimeReact's provider (settings, locale) comes with it. */
const withPrime = (load: () => Promise<ComponentType>) => () =>
  Promise.all([load(), import('../../lib/prime-providers')]).then(([Page, { PrimeProviders }]) => ({
    Component: () => (
      <PrimeProviders>
        <Page />
      </PrimeProviders>
    ),
  }));

export const landing = () => import('../../features/landing/components/LandingPage').then((m) => ({ Component: m.LandingPage }));
/** The guide for teachers, students and the IT person: no PrimeReact, public. */
export const help = () => import('../../features/help/components/HelpPage').then((m) => ({ Component: m.HelpPage }));
export const login = () => import('../../features/auth/components/LoginPage').then((m) => ({ Component: m.LoginPage }));
/** PrimeReact's CSS, around every page below (the arena uses its classes on plain elements). */
export const primeArea = () => import('../layout/PrimeArea').then((m) => ({ Component: m.PrimeArea }));
export const terms = withPrime(() => import('../../features/legal/components/LegalPage').then((m) => m.TermsPage));
export const privacy = withPrime(() => import('../../features/legal/components/LegalPage').then((m) => m.PrivacyPage));
export const signUp = withPrime(() => import('../../features/auth/components/SignUpPage').then((m) => m.SignUpPage));
export const students = withPrime(() => import('../../features/users/components/StudentsPage').then((m) => m.StudentsPage));
export const groups = withPrime(() => import('../../features/groups/components/GroupsPage').then((m) => m.GroupsPage));
export const rosterImport = withPrime(() => import('../../features/roster/components/RosterImportPage').then((m) => m.RosterImportPage));
export const join = withPrime(() => import('../../features/join/components/JoinPage').then((m) => m.JoinPage));
export const teacherProfile = withPrime(() => import('./profile-routes').then((m) => m.TeacherProfileRoute));
export const studentProfile = withPrime(() => import('./profile-routes').then((m) => m.StudentProfileRoute));
export const teacherTasks = withPrime(() => import('./teacher-tasks-route').then((m) => m.TeacherTasksRoute));
export const review = withPrime(() => import('./review-route').then((m) => m.ReviewRoute));
export const gradebook = withPrime(() => import('./gradebook-route').then((m) => m.GradebookRoute));
/** The arena renders without PrimeReact's JavaScript (features/arena/components/lazy.ts). */
export const studentArena = () => import('./student-arena-route').then((m) => ({ Component: m.StudentArenaRoute }));
export const teacherLeaderboard = withPrime(() => import('./leaderboard-routes').then((m) => m.TeacherLeaderboardRoute));
export const studentLeaderboard = withPrime(() => import('./leaderboard-routes').then((m) => m.StudentLeaderboardRoute));
/** The arena's data (and KaTeX when it has math), fetched while its chunks load. */
export const studentArenaData = () => import('./student-arena-data').then((m) => m.prefetchStudentArena());
