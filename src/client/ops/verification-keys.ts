/** What a key does in the verification queue (documented on the page; see VERIFICATION_TEXTS.keys). */
export type QueueKeyAction = 'next' | 'previous' | 'approve' | 'focusReason';

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

const LETTERS: Record<string, QueueKeyAction> = { j: 'next', k: 'previous', a: 'approve', r: 'focusReason' };
const ARROWS: Record<string, QueueKeyAction> = { ArrowDown: 'next', ArrowUp: 'previous' };

/**
 * The queue's action for a key press, or null to leave the key to the browser. Never while the operator types in a
 * field, nor with Ctrl/⌘/Alt (Ctrl+A, ⌘R are the browser's). A held A approves one student, not every one it
 * repeats over. Korean operators often leave the keyboard in 한글 mode, where J arrives as "ㅓ": the physical key
 * (`code`) names the letter then.
 */
export function queueKeyAction(press: QueueKeyPress, typing: boolean): QueueKeyAction | null {
  if (typing || press.isComposing || press.altKey || press.ctrlKey || press.metaKey) return null;
  if (Object.hasOwn(ARROWS, press.key)) return ARROWS[press.key];
  const letter = /^[a-z]$/i.test(press.key) ? press.key.toLowerCase() : /^Key[A-Z]$/.test(press.code) ? press.code.slice(3).toLowerCase() : null;
  const action = letter === null ? null : (LETTERS[letter] ?? null);
  if (action === 'approve' && press.repeat) return null;
  return action;
}

/** Where keys are the operator's text or a control's own (a select's arrows), not the queue's shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null;
}
