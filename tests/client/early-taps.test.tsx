import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EarlyTapReplay, markAppStarted } from '../../src/client/lib/early-taps';
import { runPageLoader } from '../../src/client/lib/page-loader';
import { EARLY_TAPS_GLOBAL } from '../../src/shared/page-data';

// The page's loader and the app's replay around one drawn page in jsdom: which taps are kept,
// and that the app replays the last one, once.

/** Runs the loader as the page would; the entry it starts is not what these tests are about. */
function runLoader() {
  const script = document.createElement('script');
  script.dataset.entry = '/assets/index.js';
  script.dataset.modules = '';
  runPageLoader(script, () => undefined);
}

const kept = () => (window as unknown as Record<string, { buttons: HTMLElement[] }>)[EARLY_TAPS_GLOBAL].buttons;
const afterTheEvent = () => new Promise((resolve) => setTimeout(resolve));

function drawnPage() {
  document.body.innerHTML = '<div id="root"><button id="bell">알림</button><button id="apply">신청하기</button><a href="#x">링크</a></div>';
  return { bell: document.getElementById('bell')!, apply: document.getElementById('apply')! };
}

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[EARLY_TAPS_GLOBAL];
  document.body.innerHTML = '';
});

describe('taps on a drawn page before the app has taken it over', () => {
  it('keeps buttons tapped before the app starts (links are real links, not kept)', async () => {
    const { bell, apply } = drawnPage();
    runLoader();
    bell.click();
    document.querySelector('a')!.click();
    apply.click();
    await afterTheEvent();
    expect(kept()).toEqual([bell, apply]);
  });

  it('once the app has started, keeps only the taps React dropped (stopped at #root), not the ones it handled', async () => {
    const { bell, apply } = drawnPage();
    runLoader();
    markAppStarted();
    bell.click(); // reaches #root: the app handled it
    await afterTheEvent();
    expect(kept()).toEqual([]);
    // What React does with a tap on a part it has not hydrated yet.
    const root = document.getElementById('root')!;
    const drop = (event: Event) => event.stopPropagation();
    root.addEventListener('click', drop, true);
    apply.click();
    await afterTheEvent();
    root.removeEventListener('click', drop, true);
    expect(kept()).toEqual([apply]);
  });

  it('replays the last kept tap once the screen is taken over, and keeps nothing after', async () => {
    const { bell, apply } = drawnPage();
    const taps: string[] = [];
    bell.addEventListener('click', () => taps.push('bell'));
    apply.addEventListener('click', () => taps.push('apply'));
    runLoader();
    bell.click();
    apply.click();
    apply.click();
    await afterTheEvent();
    taps.length = 0;

    markAppStarted();
    render(<EarlyTapReplay />);
    await afterTheEvent();
    expect(taps).toEqual(['apply']);
    render(<EarlyTapReplay />);
    bell.click();
    await afterTheEvent();
    expect(taps).toEqual(['apply', 'bell']);
    expect(kept()).toEqual([]);
  });

  it('keeps a tap made in the last moment before the screen is taken over (recorded after the replay was due)', async () => {
    const { apply } = drawnPage();
    const taps: string[] = [];
    apply.addEventListener('click', () => taps.push('apply'));
    runLoader();
    // Nothing has handled this click yet, and the loader records it only once the event is done…
    apply.click();
    taps.length = 0;
    // …while the screen is taken over at once.
    markAppStarted();
    render(<EarlyTapReplay />);
    await afterTheEvent();
    await afterTheEvent();
    expect(taps).toEqual(['apply']);
  });
});
