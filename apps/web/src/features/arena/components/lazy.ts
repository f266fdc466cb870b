import { preloadable } from '../../../lib/preloadable';

// The arena's first render needs no UI library: the solution form (PrimeReact's inputs, upload and
// progress bar) is fetched when a student starts to open one. The list of their own solutions draws
// PrimeReact's classes on plain elements and comes with the arena's code.

/** The 'suggest solution' form. */
export const LazySolutionForm = preloadable(() => import('./SolutionFormWithPrime').then((m) => m.SolutionFormWithPrime));
