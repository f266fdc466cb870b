// One chunk per page, loaded through React Router's route `lazy`: the router fetches a page's
// chunk before it renders the page, so the first render (and the swap of a prerendered page for
// the live one) never shows a spinner, and the landing page never downloads the areas.
export const landing = () => import('../../features/landing/components/LandingPage').then((m) => ({ Component: m.LandingPage }));
export const login = () => import('../../features/auth/components/LoginPage').then((m) => ({ Component: m.LoginPage }));
/** PrimeReact's provider and CSS, around every page below that uses PrimeReact. */
export const primeArea = () => import('../layout/PrimeArea').then((m) => ({ Component: m.PrimeArea }));
export const terms = () => import('../../features/legal/components/LegalPage').then((m) => ({ Component: m.TermsPage }));
export const privacy = () => import('../../features/legal/components/LegalPage').then((m) => ({ Component: m.PrivacyPage }));
export const signUp = () => import('../../features/auth/components/SignUpPage').then((m) => ({ Component: m.SignUpPage }));
export const students = () => import('../../features/users/components/StudentsPage').then((m) => ({ Component: m.StudentsPage }));
export const groups = () => import('../../features/groups/components/GroupsPage').then((m) => ({ Component: m.GroupsPage }));
export const teacherProfile = () => import('./profile-routes').then((m) => ({ Component: m.TeacherProfileRoute }));
export const studentProfile = () => import('./profile-routes').then((m) => ({ Component: m.StudentProfileRoute }));
export const teacherTasks = () => import('./teacher-tasks-route').then((m) => ({ Component: m.TeacherTasksRoute }));
export const review = () => import('./review-route').then((m) => ({ Component: m.ReviewRoute }));
export const studentArena = () => import('./student-arena-route').then((m) => ({ Component: m.StudentArenaRoute }));
export const teacherLeaderboard = () => import('./leaderboard-routes').then((m) => ({ Component: m.TeacherLeaderboardRoute }));
export const studentLeaderboard = () => import('./leaderboard-routes').then((m) => ({ Component: m.StudentLeaderboardRoute }));
/** The arena's data (and KaTeX when it has math), fetched while its chunks load. */
export const studentArenaData = () => import('./student-arena-data').then((m) => m.prefetchStudentArena());
