import { preloadable } from '../../../lib/preloadable';

// The arena's first render needs no UI library: the solution form (PrimeReact's inputs, upload and
// progress bar) is fetched when a student starts to open one, and the list of their own solutions
// (PrimeReact's Accordion and Tag) by the route loader when there are solutions to show.

/** The 'suggest solution' form. */
export const LazySolutionForm = preloadable(() => import('./SolutionFormWithPrime').then((m) => m.SolutionFormWithPrime));

/** The student's own solutions. */
export const LazyMySolutions = preloadable(() => import('./MySolutionsWithPrime').then((m) => m.MySolutionsWithPrime));
