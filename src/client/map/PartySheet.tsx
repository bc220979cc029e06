import { animated } from '@react-spring/web';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useBackLayer } from '../lib/use-back-layer';
import { MAP_TEXTS } from './map-texts';
import { listScrolls } from './sheet-math';
import { useSheet } from './use-sheet';

interface Props {
  viewportHeight: number;
  count: number | null;
  children: ReactNode;
}

const LIST_ID = 'map-sheet-list';

/** Spec §2/§4: the phone's bottom sheet over the map, 25 % or 76 % of the screen, moved by drag or grabber. */
export function PartySheet({ viewportHeight, count, children }: Props) {
  const sheetRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const sheet = useSheet(viewportHeight, sheetRef, listRef);
  const { expanded } = sheet;
  // Pulled up, the sheet is what is open: back lowers it before it leaves the map (issue 30 §8).
  useBackLayer(expanded, () => sheet.settle(false));

  // Arrow keys say which way the student wants the sheet, on top of the button's own Enter/Space.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowUp' && !expanded) sheet.settle(true);
    else if (event.key === 'ArrowDown' && expanded) sheet.settle(false);
    else return;
    event.preventDefault();
  };

  return (
    <animated.section
      ref={sheetRef}
      className="map-sheet"
      aria-label={MAP_TEXTS.listLabel}
      data-expanded={expanded}
      // Before the browser has measured the screen (a page the server drew), map-sheet.css's collapsed share in
      // viewport units: no style attribute in the markup, which the CSP refuses.
      style={viewportHeight ? { height: sheet.style.height } : undefined}
    >
      <div className="map-sheet__header" {...sheet.bindHeader()}>
        <button
          type="button"
          className="map-sheet__grabber"
          aria-label={expanded ? MAP_TEXTS.collapse : MAP_TEXTS.expand}
          aria-expanded={expanded}
          aria-controls={LIST_ID}
          onClick={sheet.toggle}
          onKeyDown={onKeyDown}
        >
          <span className="map-sheet__pill" aria-hidden="true" />
        </button>
        <h2 className="map-sheet__title">
          {MAP_TEXTS.title}
          {count !== null && <span className="chip chip--soft map-sheet__count">{MAP_TEXTS.count(count)}</span>}
        </h2>
        <p className="map-sheet__hint">{MAP_TEXTS.sheetHint}</p>
      </div>
      <div
        id={LIST_ID}
        ref={listRef}
        className={listScrolls(expanded) ? 'map-sheet__list map-sheet__list--scroll' : 'map-sheet__list'}
        {...sheet.bindList()}
      >
        {children}
      </div>
    </animated.section>
  );
}
