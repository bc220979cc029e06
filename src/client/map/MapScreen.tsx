import { useAtomValue } from 'jotai';
import { lazy, Suspense, useMemo, useState } from 'react';
import { SHEET_COLLAPSED } from '../../shared/constants';
import { hasPartyFilters } from '../../shared/party-filters';
import { useMapParties } from '../api/map-parties';
import { FilterBar } from '../ui/party-filters/FilterBar';
import { usePartyFilters } from '../ui/party-filters/use-party-filters';
import { useMySeats } from '../api/my-seats';
import { isLoggedInAtom } from '../state/session-atoms';
import { useOffline } from '../ui/OfflineState';
import { JOIN_BLOCK_TEXTS, useJoinBlock } from '../ui/use-join-block';
import { CampusArt } from '../ui/campus-map/CampusArt';
import { useCampusArt } from '../ui/campus-map/use-campus-art';
import { useMobileLayout, useViewportHeight } from './layout-mode';
import type { MapSelection } from './map-selection';
import { MAP_TEXTS } from './map-texts';
import { PartyList } from './PartyList';
import { PartySheet } from './PartySheet';
import { groupByPlace } from './place-groups';
import { heightPx } from './sheet-math';
import './map.css';
import './map-list.css';
import './map-sheet.css';

// Konva is the heaviest thing in the app: the art, the sheet and its cards come first, the markers' canvas follows.
const MapStage = lazy(() => import('./MapStage'));

/** Spec §2 "/map": the campus map with party markers, and the party list as a bottom sheet (or a side panel). */
export default function MapScreen() {
  const mobile = useMobileLayout();
  const viewportHeight = useViewportHeight();
  // The same filters as home, in this page's URL: the markers and the list both show what they let through.
  const { filters, setFilters } = usePartyFilters();
  const { data, error, mutate } = useMapParties(filters);
  const mySeats = useMySeats(useAtomValue(isLoggedInAtom));
  // A student whose card is not approved is told so on each card, as home's cards say it (issue 30 §4).
  const block = useJoinBlock();
  const groups = useMemo(() => groupByPlace(data ?? []), [data]);
  // The markers' canvas starts once the picture is up; its code has been downloading alongside (page-plans.ts).
  const art = useCampusArt();
  // Unknown (null) until the browser has measured the screen: a page the server drew is placed by CSS till then.
  const bottomInset = !mobile ? 0 : viewportHeight ? heightPx(SHEET_COLLAPSED, viewportHeight) : null;
  const offline = useOffline(error);
  // One selected place, shared by the markers and the cards (map-selection).
  const [selection, setSelection] = useState<MapSelection | null>(null);
  const list = (
    <>
      <FilterBar filters={filters} setFilters={setFilters} />
      <PartyList
        parties={data}
        failed={!!error}
        offline={offline}
        onRetry={() => void mutate()}
        mySeats={mySeats}
        blockedLabel={block ? JOIN_BLOCK_TEXTS[block.code].label : undefined}
        selection={selection}
        onSelectPlace={(key) => setSelection((now) => (now?.key === key ? now : { key, from: 'card' }))}
        onClearFilters={hasPartyFilters(filters) ? () => setFilters({}) : undefined}
      />
    </>
  );

  return (
    // data-layout: the page loader drops the server's (phone) drawing on a wide screen before it is painted.
    <div className={mobile ? 'map-screen' : 'map-screen map-screen--wide'} data-layout={mobile ? 'phone' : 'wide'}>
      <div className="map-screen__map">
        <CampusArt
          artRef={art.artRef}
          bottomInset={bottomInset}
          wantLarge={art.wantLarge}
          onShown={art.onShown}
        />
        <Suspense fallback={<span className="visually-hidden">{MAP_TEXTS.loadingMap}</span>}>
          {art.shown && bottomInset !== null ? (
            <MapStage
              groups={groups}
              bottomInset={bottomInset}
              artRef={art.artRef}
              onNeedLargeArt={art.needLarge}
              selection={selection}
              onSelect={setSelection}
            />
          ) : (
            <span className="visually-hidden">{MAP_TEXTS.loadingMap}</span>
          )}
        </Suspense>
      </div>
      {mobile ? (
        <PartySheet viewportHeight={viewportHeight} count={data ? data.length : null}>
          {list}
        </PartySheet>
      ) : (
        <aside className="map-panel" aria-label={MAP_TEXTS.listLabel}>
          <h2 className="map-sheet__title map-panel__title">
            {MAP_TEXTS.title}
            {data && <span className="chip chip--soft map-sheet__count">{MAP_TEXTS.count(data.length)}</span>}
          </h2>
          <div className="map-panel__list">{list}</div>
        </aside>
      )}
    </div>
  );
}
