import type { TFunction } from 'i18next';
import type { VirtualKeyboardKeycap, VirtualKeyboardLayout } from 'mathlive';

type Keycap = Partial<VirtualKeyboardKeycap>;

/**
 * The phone's math keyboard (MathLive's virtual keyboard) in the page's language. A screen reader
 * reads a key by its tooltip, else its label, else what it inserts: MathLive's own layouts read
 * `\sqrt{#0}` or `&divide;`, and English words on Ukrainian pages (issue 49, item 15). Every key
 * here that is not a digit or a letter says what it does, in `t`'s language.
 */
export function mathKeyboardLayouts(t: TFunction): VirtualKeyboardLayout[] {
  const say = (key: string) => t(`arena.solve.keys.${key}`);
  const tex = (latex: string, tooltip: string, label?: string): Keycap => ({ latex, tooltip: say(tooltip), ...(label ? { label } : {}), class: 'tex' });
  const action = (label: string, command: VirtualKeyboardKeycap['command'], tooltip: string): Keycap => ({ label, command, tooltip: say(tooltip), class: 'action' });
  const moves = [
    action('←', ['performWithFeedback', 'moveToPreviousChar'], 'left'),
    action('→', ['performWithFeedback', 'moveToNextChar'], 'right'),
    action('⌫', ['performWithFeedback', 'deleteBackward'], 'delete'),
  ];
  const numbers: VirtualKeyboardLayout = {
    id: 'mathclub-numbers',
    label: '123',
    tooltip: say('numbers'),
    displayEditToolbar: false,
    rows: [
      ['x', 'y', '7', '8', '9', tex('\\div', 'divide', '÷'), tex('\\frac{#@}{#?}', 'fraction', 'a/b'), tex('#@^{#?}', 'power', 'xⁿ')],
      ['a', 'b', '4', '5', '6', tex('\\times', 'times', '×'), tex('\\sqrt{#0}', 'squareRoot', '√'), tex('\\sqrt[#?]{#0}', 'root', 'ⁿ√')],
      ['n', tex('\\pi', 'pi', 'π'), '1', '2', '3', tex('-', 'minus', '−'), tex('(', 'open', '('), tex(')', 'close', ')')],
      [tex('<', 'less', '<'), tex('>', 'greater', '>'), tex('.', 'point', '.'), '0', tex('=', 'equals', '='), tex('+', 'plus', '+'), tex('\\le', 'lessEqual', '≤'), tex('\\ge', 'greaterEqual', '≥')],
      [tex(',', 'comma', ','), ...moves],
    ],
  };
  const letters: VirtualKeyboardLayout = {
    id: 'mathclub-letters',
    label: 'abc',
    tooltip: say('letters'),
    displayEditToolbar: false,
    rows: [
      [...'qwertyuiop'],
      [...'asdfghjkl'],
      [...'zxcvbnm', tex('(', 'open', '('), tex(')', 'close', ')')],
      [tex('=', 'equals', '='), tex('+', 'plus', '+'), tex('-', 'minus', '−'), ...moves],
    ],
  };
  return [numbers, letters];
}
