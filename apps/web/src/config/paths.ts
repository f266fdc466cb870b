/** Every route path of the app in one place (SEED.md §2). */
export const paths = {
  home: '/',
  terms: '/terms',
  privacy: '/privacy',
  login: '/login',
  signup: '/signup',
  teacher: {
    root: '/teacher',
    students: '/teacher/students',
    tasks: '/teacher/tasks',
    review: '/teacher/review',
    groups: '/teacher/groups',
    leaderboard: '/teacher/leaderboard',
    profile: '/teacher/profile',
  },
  student: {
    root: '/student',
    leaderboard: '/student/leaderboard',
    profile: '/student/profile',
  },
  /** Landing page section anchors used by the main menu. */
  anchors: { whatItIs: 'what-it-is', perfectFor: 'perfect-for' },
} as const;
