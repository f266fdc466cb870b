import type { KatexOptions } from 'katex';

/**
 * The one place KaTeX's options live: the web app renders every formula with these, and the
 * hardening suite renders hostile formulas with exactly these (hardening/abuse.test.ts imports them).
 *
 * - `trust: false`: `\href`, `\url`, `\includegraphics` and `\html*` are refused (drawn as their source).
 * - `maxSize: 20` (em): no `\rule`, `\kern`, `\rule{5000em}{5000em}` or `\hspace` draws a box larger
 *   than 20 em (about 320–390 px at our sizes), so one formula cannot cover the page.
 * - `maxExpand: 1000`: a macro that expands itself (`\def\a{\a\a}\a`) stops after 1000 expansions
 *   with an error shown in red instead of freezing the tab.
 * - `throwOnError: false`: a formula KaTeX cannot parse is shown as its source in red.
 * - `strict: false`: Unicode text and other non-LaTeX forms students type are accepted quietly.
 */
export const KATEX_OPTIONS = {
  throwOnError: false,
  trust: false,
  strict: false,
  maxSize: 20,
  maxExpand: 1000,
  output: 'htmlAndMathml',
} as const satisfies KatexOptions;
