/** Every route path of the app in one place (SEED.md §2). */
export const paths = {
  home: '/',
  terms: '/terms',
  privacy: '/privacy',
  help: '/help',
  login: '/login',
  signup: '/signup',
  /** Where a group's join link and QR code land (PRODUCT.md §13). */
  join: '/join',
  teacher: {
    root: '/teacher',
    students: '/teacher/students',
    tasks: '/teacher/tasks',
    review: '/teacher/review',
    /** The review queue (PRODUCT.md §15): every waiting answer, or one task's with ?task=ID. */
    reviewQueue: '/teacher/review/queue',
    groups: '/teacher/groups',
    import: '/teacher/import',
    leaderboard: '/teacher/leaderboard',
    gradebook: '/teacher/gradebook',
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
