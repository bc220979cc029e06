import { afterEach, describe, expect, it, vi } from 'vitest';
import { runPageLoader } from '../../src/client/lib/page-loader';
import { EARLY_TAPS_GLOBAL } from '../../src/shared/page-data';

// The script every page carries inline (the build compiles lib/page-loader-main.ts; the server inlines it): when
// it starts the app, and what a signed-in student sees of a page drawn for guests.

function loaderTag() {
  const script = document.createElement('script');
  script.dataset.entry = '/assets/index-aaa.js';
  script.dataset.modules = '/assets/shared-bbb.js /assets/detail-ddd.js';
  return script;
}
const preloaded = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[EARLY_TAPS_GLOBAL];
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  localStorage.clear();
});

describe('the page loader', () => {
  it('starts the entry at once, with its chunks preloaded, when the page has no main picture', () => {
    document.body.innerHTML = '<div id="root"><p>목록</p></div>';
    const started = vi.fn();
    runPageLoader(loaderTag(), started);
    expect(started).toHaveBeenCalledExactlyOnceWith('/assets/index-aaa.js');
    expect(preloaded()).toEqual(['/assets/shared-bbb.js', '/assets/detail-ddd.js']);
    expect(document.getElementById('root')!.textContent).toBe('목록');
  });

  it('waits for the main picture, then starts once', async () => {
    document.body.innerHTML = '<div id="root"><img fetchpriority="high" src="/art/map.webp" alt=""></div>';
    const picture = document.querySelector('img')!;
    Object.defineProperty(picture, 'complete', { value: false });
    const started = vi.fn();
    runPageLoader(loaderTag(), started);
    expect(started).not.toHaveBeenCalled();
    picture.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(started).toHaveBeenCalledOnce());
  });

  it("drops the guest's drawn copy for a signed-in student before it is painted", () => {
    localStorage.setItem('access', 'token');
    document.body.innerHTML = '<div id="root"><button>신청하기</button></div>';
    runPageLoader(loaderTag(), () => undefined);
    expect(document.getElementById('root')!.childElementCount).toBe(0);
  });

  it('keeps a screen whose guest-only parts are marked for a signed-in student, marking the page so those stay hidden', () => {
    localStorage.setItem('access', 'token');
    document.body.innerHTML =
      '<div id="root"><section data-session-safe=""><h1><span data-personal="">게스트</span>님을 위한 추천 파티</h1><img fetchpriority="high" src="/p.webp" alt=""><button data-personal="">참가신청</button></section></div>';
    runPageLoader(loaderTag(), () => undefined);
    const root = document.getElementById('root')!;
    expect(root.querySelector('img')).not.toBeNull();
    expect(root.dataset.session).toBe('signed-in');
  });

  it("keeps a screen drawn for members (the lobby) for a signed-in student, its parts that are theirs hidden, and drops it for a guest", () => {
    const drawn = '<div id="root"><div data-members=""><img src="/vs.svg" alt=""><button data-personal="">대기하기</button></div></div>';
    localStorage.setItem('access', 'token');
    document.body.innerHTML = drawn;
    runPageLoader(loaderTag(), () => undefined);
    const root = document.getElementById('root')!;
    expect(root.querySelector('img')).not.toBeNull();
    expect(root.dataset.session).toBe('signed-in');

    localStorage.clear();
    document.body.innerHTML = drawn;
    runPageLoader(loaderTag(), () => undefined);
    expect(document.getElementById('root')!.childElementCount).toBe(0);
  });

  it('drops a screen drawn as a phone shows it on a wide screen without touch, and keeps it on a phone', () => {
    const drawn = '<div id="root"><div data-layout="phone"><img fetchpriority="high" src="/art/map.webp" alt=""></div></div>';
    const width = window.innerWidth;
    try {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
      document.body.innerHTML = drawn;
      const started = vi.fn();
      runPageLoader(loaderTag(), started);
      expect(document.getElementById('root')!.childElementCount).toBe(0);
      // Nothing drawn is left to wait for: the app starts at once.
      expect(started).toHaveBeenCalledOnce();

      Object.defineProperty(window, 'innerWidth', { configurable: true, value: 393 });
      document.body.innerHTML = drawn;
      runPageLoader(loaderTag(), () => undefined);
      expect(document.querySelector('#root img')).not.toBeNull();
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    }
  });
});
