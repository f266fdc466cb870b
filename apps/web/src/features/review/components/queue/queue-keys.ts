/** What a key does in the review queue (PRODUCT.md §15). */
export type QueueAction =
  | { kind: 'verdict'; correct: boolean }
  | { kind: 'move'; by: 1 | -1 }
  | { kind: 'snippet'; index: number }
  | { kind: 'feedback' }
  | { kind: 'undo' }
  | { kind: 'annotate' }
  | { kind: 'keys' };

/**
 * Keys by their physical place (`event.code`), never by the character they type (`event.key`): on a
 * Ukrainian layout the C key types "с" and I types "ш", and the queue must work the same.
 */
export function queueAction(event: Pick<KeyboardEvent, 'code' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>): QueueAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const { code } = event;
  if (code === 'Slash' && event.shiftKey) return { kind: 'keys' };
  if (event.shiftKey) return null;
  switch (code) {
    case 'KeyC':
      return { kind: 'verdict', correct: true };
    case 'KeyI':
      return { kind: 'verdict', correct: false };
    case 'KeyJ':
    case 'ArrowDown':
    case 'ArrowRight':
      return { kind: 'move', by: 1 };
    case 'KeyK':
    case 'ArrowUp':
    case 'ArrowLeft':
      return { kind: 'move', by: -1 };
    case 'KeyE':
      return { kind: 'feedback' };
    case 'KeyU':
      return { kind: 'undo' };
    case 'KeyM':
      return { kind: 'annotate' };
    default: {
      const digit = /^(?:Digit|Numpad)([1-9])$/.exec(code);
      return digit ? { kind: 'snippet', index: Number(digit[1]) - 1 } : null;
    }
  }
}

const TYPING = 'input, textarea, select, [contenteditable=""], [contenteditable="true"], math-field';
const DIALOG = 'dialog[open], [role="dialog"], [role="alertdialog"]';

/**
 * The queue's keys are off while the teacher types (the feedback box, any input) and while a
 * dialog is open (the keys overlay, the photo's annotation view or viewer, a confirmation).
 */
export function keysAreOff(target: EventTarget | null, doc: Document = document): boolean {
  if (target instanceof Element && (target.closest(TYPING) || target.closest(DIALOG))) return true;
  return doc.querySelector(DIALOG) !== null;
}

/**
 * The keys overlay's rows: the keys as printed on the keyboard, the letter the same key types on a
 * Ukrainian layout (shown beside it in Ukrainian), and the text key of what they do.
 */
export const KEY_ROWS: ReadonlyArray<{ keys: readonly string[]; uk?: string; what: string }> = [
  { keys: ['C'], uk: 'С', what: 'correct' },
  { keys: ['I'], uk: 'Ш', what: 'incorrect' },
  { keys: ['J', '↓', '→'], uk: 'О', what: 'next' },
  { keys: ['K', '↑', '←'], uk: 'Л', what: 'previous' },
  { keys: ['1', '…', '9'], what: 'snippet' },
  { keys: ['E'], uk: 'У', what: 'feedback' },
  { keys: ['Esc'], what: 'leaveFeedback' },
  { keys: ['M'], uk: 'Ь', what: 'annotate' },
  { keys: ['U'], uk: 'Г', what: 'undo' },
  { keys: ['?'], uk: 'Shift + .', what: 'keys' },
];
