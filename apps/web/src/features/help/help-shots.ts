/**
 * The Help page's screenshots (apps/web/public/help/{en,uk}/NAME.jpg), made from the real app by
 * e2e/help-shots.spec.ts (`UPDATE_HELP_SHOTS=1` writes them; every run checks they load). Sizes
 * are given so the page keeps its layout while they load.
 */
export const HELP_SHOTS = {
  'teacher-groups': { width: 1280, height: 720 },
  'teacher-tasks': { width: 1280, height: 720 },
  'teacher-review': { width: 1280, height: 720 },
  'teacher-gradebook': { width: 1280, height: 720 },
  'student-arena': { width: 1280, height: 720 },
  'student-leaderboard': { width: 1280, height: 720 },
} as const;
export type HelpShot = keyof typeof HELP_SHOTS;
