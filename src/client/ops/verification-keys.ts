/** What a key does in the verification queue (documented on the page; see VERIFICATION_TEXTS.keys). */
export type QueueKeyAction = 'next' | 'previous' | 'approve' | 'reject' | 'undo' | ViewerKeyAction;

/** What a key does to the card on screen (StudentCardImage's viewer). */
export type ViewerKeyAction = 'zoomIn' | 'zoomOut' | 'zoomReset' | 'rotateLeft' | 'rotateRight';

/** The parts of a keydown the queue looks at (a KeyboardEvent has them all). */
export interface QueueKeyPress {
  key: string;
  code: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  repeat: boolean;
  isComposing: boolean;
}

const LETTERS: Record<string, QueueKeyAction> = { j: 'next', k: 'previous', a: 'approve', r: 'reject', u: 'undo' };
const ARROWS: Record<string, QueueKeyAction> = { ArrowDown: 'next', ArrowUp: 'previous' };
// By `code` as well as `key`: + is Shift+= on most layouts, and the number pad has its own.
const VIEWER: Record<string, ViewerKeyAction> = {
  '+': 'zoomIn',
  '=': 'zoomIn',
  NumpadAdd: 'zoomIn',
  '-': 'zoomOut',
  NumpadSubtract: 'zoomOut',
  '0': 'zoomReset',
  Numpad0: 'zoomReset',
  '[': 'rotateLeft',
  ']': 'rotateRight',
};
// Actions a held key must not repeat: one approval, one undo, one opening.
const ONCE = new Set<QueueKeyAction>(['approve', 'undo', 'reject']);

/**
 * The queue's action for a key press, or null to leave the key to the browser. Never while the operator types in a
 * field, nor with Ctrl/⌘/Alt (Ctrl+A, ⌘R are the browser's) — but Ctrl+Z (⌘Z) outside a field takes an approval
 * back, as U does. A held A approves one student, not every one it repeats over. Korean operators often leave the
 * keyboard in 한글 mode, where J arrives as "ㅓ": the physical key (`code`) names the letter then.
 */
export function queueKeyAction(press: QueueKeyPress, typing: boolean): QueueKeyAction | null {
  if (typing || press.isComposing || press.altKey) return null;
  const letter = /^[a-z]$/i.test(press.key) ? press.key.toLowerCase() : /^Key[A-Z]$/.test(press.code) ? press.code.slice(3).toLowerCase() : null;
  if (press.ctrlKey || press.metaKey) return letter === 'z' && !press.repeat ? 'undo' : null;
  if (Object.hasOwn(ARROWS, press.key)) return ARROWS[press.key];
  if (Object.hasOwn(VIEWER, press.key)) return VIEWER[press.key];
  if (Object.hasOwn(VIEWER, press.code)) return VIEWER[press.code];
  const action = letter === null ? null : (LETTERS[letter] ?? null);
  if (action && ONCE.has(action) && press.repeat) return null;
  return action;
}

/** The preset reason a number key picks (1 → the first), by the key or the physical key; null for any other. */
export function presetKeyIndex(press: Pick<QueueKeyPress, 'key' | 'code'>, count: number): number | null {
  const digit = /^[1-9]$/.test(press.key) ? press.key : /^(Digit|Numpad)[1-9]$/.test(press.code) ? press.code.slice(-1) : null;
  const n = digit === null ? 0 : Number(digit);
  return n >= 1 && n <= count ? n - 1 : null;
}

/** Where keys are the operator's text or a control's own (a select's arrows), not the queue's shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null;
}
