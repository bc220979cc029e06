import { lazy, Suspense, useMemo } from 'react';
import campusSmall from '../../../assets/map/campus.webp';
import { SHEET_COLLAPSED } from '../../shared/constants';
import { useMobileLayout, useViewportHeight } from './layout-mode';
import { MAP_TEXTS } from './map-texts';
import { PartyList } from './PartyList';
import { PartySheet } from './PartySheet';
import { groupByPlace } from './place-groups';
import { heightPx } from './sheet-math';
import { useMapParties } from './use-map-parties';
import './map.css';
import './map-list.css';
import './map-sheet.css';

// Konva is the heaviest thing in the app: the sheet and its cards come first, the canvas follows.
const MapStage = lazy(() => import('./MapStage'));

/** Spec §2 "/map": the campus map with party markers, and the party list as a bottom sheet (or a side panel). */
export default function MapScreen() {
  const mobile = useMobileLayout();
  const viewportHeight = useViewportHeight();
  const { data, error, mutate } = useMapParties();
  const groups = useMemo(() => groupByPlace(data ?? []), [data]);
  const list = <PartyList parties={data} failed={!!error} onRetry={() => void mutate()} />;

  return (
    <div className={mobile ? 'map-screen' : 'map-screen map-screen--wide'}>
      <div className="map-screen__map">
        <Suspense
          fallback={
            <div className="map-screen__placeholder" style={{ backgroundImage: `url(${campusSmall})` }}>
              <span className="visually-hidden">{MAP_TEXTS.loadingMap}</span>
            </div>
          }
        >
          <MapStage groups={groups} bottomInset={mobile ? heightPx(SHEET_COLLAPSED, viewportHeight) : 0} />
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
            {data && <span className="map-sheet__count">{MAP_TEXTS.count(data.length)}</span>}
          </h2>
          <div className="map-panel__list">{list}</div>
        </aside>
      )}
    </div>
  );
}
