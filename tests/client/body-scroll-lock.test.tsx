import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useBodyScrollLock } from '../../src/client/lib/use-body-scroll-lock';

afterEach(() => {
  document.body.style.overflow = '';
});

describe('useBodyScrollLock', () => {
  it('keeps the page still until the last of two holders lets go, in either order', () => {
    for (const firstToGo of ['sheet', 'modal'] as const) {
      document.body.style.overflow = 'auto';
      const sheet = renderHook(({ on }) => useBodyScrollLock(on), { initialProps: { on: true } });
      const modal = renderHook(() => useBodyScrollLock(true));
      expect(document.body.style.overflow).toBe('hidden');

      if (firstToGo === 'sheet') sheet.rerender({ on: false });
      else modal.unmount();
      expect(document.body.style.overflow).toBe('hidden');

      if (firstToGo === 'sheet') modal.unmount();
      else sheet.unmount();
      expect(document.body.style.overflow).toBe('auto');
    }
  });

  it('does nothing while not locked', () => {
    renderHook(() => useBodyScrollLock(false));
    expect(document.body.style.overflow).toBe('');
  });
});
