import { describe, expect, it } from 'vitest';
import { isTypingTarget, presetKeyIndex, queueKeyAction, type QueueKeyPress } from '../../../src/client/ops/verification-keys';

const press = (key: string, extra: Partial<QueueKeyPress> = {}): QueueKeyPress => ({
  key,
  code: /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  repeat: false,
  isComposing: false,
  ...extra,
});

describe('verification queue shortcuts', () => {
  it('maps J/↓ and K/↑ to the next and previous student, A to approve, U and Ctrl+Z to undo it, R to the reject reasons', () => {
    expect(queueKeyAction(press('j'), false)).toBe('next');
    expect(queueKeyAction(press('ArrowDown'), false)).toBe('next');
    expect(queueKeyAction(press('k'), false)).toBe('previous');
    expect(queueKeyAction(press('ArrowUp'), false)).toBe('previous');
    expect(queueKeyAction(press('a'), false)).toBe('approve');
    expect(queueKeyAction(press('r'), false)).toBe('reject');
    expect(queueKeyAction(press('u'), false)).toBe('undo');
    expect(queueKeyAction(press('z', { ctrlKey: true }), false)).toBe('undo');
    expect(queueKeyAction(press('z', { metaKey: true }), false)).toBe('undo');
    // In a field, Ctrl+Z takes back the operator's typing, not an approval.
    expect(queueKeyAction(press('z', { ctrlKey: true }), true)).toBeNull();
    // Caps Lock or Shift: the same keys.
    expect(queueKeyAction(press('J'), false)).toBe('next');
    expect(queueKeyAction(press('A', { code: 'KeyA' }), false)).toBe('approve');
  });

  it('reads the physical key when the keyboard is in 한글 mode', () => {
    expect(queueKeyAction(press('ㅓ', { code: 'KeyJ' }), false)).toBe('next');
    expect(queueKeyAction(press('ㅁ', { code: 'KeyA' }), false)).toBe('approve');
    expect(queueKeyAction(press('ㄱ', { code: 'KeyR' }), false)).toBe('reject');
    expect(queueKeyAction(press('ㅕ', { code: 'KeyU' }), false)).toBe('undo');
    expect(queueKeyAction(press('ㅋ', { code: 'KeyZ', ctrlKey: true }), false)).toBe('undo');
  });

  it('leaves every key alone while the operator types, composes, or holds Ctrl, ⌘ or Alt', () => {
    for (const key of ['j', 'k', 'a', 'r', 'ArrowDown', 'ArrowUp']) expect(queueKeyAction(press(key), true)).toBeNull();
    expect(queueKeyAction(press('ㅁ', { code: 'KeyA', isComposing: true }), false)).toBeNull();
    expect(queueKeyAction(press('a', { ctrlKey: true }), false)).toBeNull();
    expect(queueKeyAction(press('r', { metaKey: true }), false)).toBeNull();
    expect(queueKeyAction(press('j', { altKey: true }), false)).toBeNull();
  });

  it('approves once for a held A, while a held J keeps paging', () => {
    expect(queueKeyAction(press('a', { repeat: true }), false)).toBeNull();
    expect(queueKeyAction(press('j', { repeat: true }), false)).toBe('next');
  });

  it('has nothing for other keys', () => {
    for (const key of ['x', 'Enter', ' ', 'Tab', 'Escape', 'ArrowLeft', '1']) expect(queueKeyAction(press(key), false)).toBeNull();
  });

  it('zooms the card with + / - / 0 (also = and the number pad) and turns it with [ and ], never while typing', () => {
    expect(queueKeyAction(press('+', { code: 'Equal' }), false)).toBe('zoomIn');
    expect(queueKeyAction(press('=', { code: 'Equal' }), false)).toBe('zoomIn');
    expect(queueKeyAction(press('+', { code: 'NumpadAdd' }), false)).toBe('zoomIn');
    expect(queueKeyAction(press('-', { code: 'Minus' }), false)).toBe('zoomOut');
    expect(queueKeyAction(press('0', { code: 'Digit0' }), false)).toBe('zoomReset');
    expect(queueKeyAction(press('[', { code: 'BracketLeft' }), false)).toBe('rotateLeft');
    expect(queueKeyAction(press(']', { code: 'BracketRight' }), false)).toBe('rotateRight');
    expect(queueKeyAction(press('+', { code: 'Equal' }), true)).toBeNull();
    expect(queueKeyAction(press('-', { code: 'Minus', ctrlKey: true }), false)).toBeNull();
  });

  it('picks the preset reasons with 1–6, from the number row, the pad or the physical key', () => {
    expect(presetKeyIndex(press('1', { code: 'Digit1' }), 6)).toBe(0);
    expect(presetKeyIndex(press('6', { code: 'Numpad6' }), 6)).toBe(5);
    expect(presetKeyIndex(press('!', { code: 'Digit1' }), 6)).toBe(0);
    expect(presetKeyIndex(press('7', { code: 'Digit7' }), 6)).toBeNull();
    expect(presetKeyIndex(press('0', { code: 'Digit0' }), 6)).toBeNull();
    expect(presetKeyIndex(press('a'), 6)).toBeNull();
  });

  it('counts text fields, selects and editable text as typing, buttons and the page as not', () => {
    const make = (html: string) => {
      const box = document.createElement('div');
      box.innerHTML = html;
      return box.firstElementChild;
    };
    expect(isTypingTarget(make('<input type="text">'))).toBe(true);
    expect(isTypingTarget(make('<textarea></textarea>'))).toBe(true);
    expect(isTypingTarget(make('<select><option>a</option></select>'))).toBe(true);
    expect(isTypingTarget(make('<div contenteditable="true"></div>'))).toBe(true);
    expect(isTypingTarget(make('<button type="button">승인</button>'))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
