import { describe, expect, it } from 'vitest';
import { isTypingTarget, queueKeyAction, type QueueKeyPress } from '../../../src/client/ops/verification-keys';

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
  it('maps J/↓ and K/↑ to the next and previous student, A to approve, R to the reject reason', () => {
    expect(queueKeyAction(press('j'), false)).toBe('next');
    expect(queueKeyAction(press('ArrowDown'), false)).toBe('next');
    expect(queueKeyAction(press('k'), false)).toBe('previous');
    expect(queueKeyAction(press('ArrowUp'), false)).toBe('previous');
    expect(queueKeyAction(press('a'), false)).toBe('approve');
    expect(queueKeyAction(press('r'), false)).toBe('focusReason');
    // Caps Lock or Shift: the same keys.
    expect(queueKeyAction(press('J'), false)).toBe('next');
    expect(queueKeyAction(press('A', { code: 'KeyA' }), false)).toBe('approve');
  });

  it('reads the physical key when the keyboard is in 한글 mode', () => {
    expect(queueKeyAction(press('ㅓ', { code: 'KeyJ' }), false)).toBe('next');
    expect(queueKeyAction(press('ㅁ', { code: 'KeyA' }), false)).toBe('approve');
    expect(queueKeyAction(press('ㄱ', { code: 'KeyR' }), false)).toBe('focusReason');
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
