/** @mathclub/shared: the one contract between the server and the web app. */
export * from './constants.js';
export * from './errors.js';
export * from './fields.js';
export * from './auth.js';
export * from './groups.js';
export * from './class-intake.js';
export * from './users.js';
export * from './sign-in-warnings.js';
export * from './tasks.js';
export * from './answer-keys.js';
export * from './solutions.js';
export * from './feedback-snippets.js';
export * from './leaderboard.js';
export * from './gradebook.js';
export * from './health.js';
export * from './setup.js';
export * from './live.js';
