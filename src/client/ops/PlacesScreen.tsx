import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../api/api-error';
import type { Point } from '../lib/map-math';
import { CampusArt } from '../ui/campus-map/CampusArt';
import { useCampusArt } from '../ui/campus-map/use-campus-art';
import { LoadState } from './LoadState';
import { percentText, readPosition } from './place-form';
import { stagePins, withMoves } from './place-pins';
import { PlaceAddForm, type PlaceDraft } from './PlaceAddForm';
import { PlaceDetails } from './PlaceDetails';
import { PlaceList } from './PlaceList';
import { PLACES_PATH, updatePlace, type OpsPlace, type PlaceSaved } from './places-api';
import { PLACES_TEXTS as T } from './places-texts';
// Imported, not lazy: any import() in the console's chunk makes Rolldown (1.2) split wouter out of the entry into a
// chunk of its own, one more request on every student page. So Konva (a chunk shared with the students' map
// stage) comes with the console, while the canvas still starts only once the map picture is up.
import { PlacesStage } from './PlacesStage';
import { useOpsData } from './use-ops-data';
import './places.css';

const NO_DRAFT: PlaceDraft = { name: '', x: '', y: '' };

/**
 * Places on the campus map (issue 16 §3): every place a pin to drag where it belongs, a new one put down with a tap,
 * and the same things without a map — a list to choose from, fields for the position — for a keyboard.
 */
export function PlacesScreen() {
  const { data, error, mutate } = useOpsData<OpsPlace[]>(PLACES_PATH);
  const art = useCampusArt();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [draft, setDraft] = useState<PlaceDraft | null>(null);
  // Dropped pins whose save is under way: shown where they were dropped, and put back if the save fails.
  const [moves, setMoves] = useState<Record<number, Point>>({});
  const moveTokens = useRef(new Map<number, number>());
  const [notice, setNotice] = useState<{ text: string; failed: boolean } | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const detailsHeading = useRef<HTMLHeadingElement>(null);
  const [focusDetails, setFocusDetails] = useState(0);
  useEffect(() => {
    if (focusDetails) detailsHeading.current?.focus();
  }, [focusDetails]);

  const places = useMemo(() => withMoves(data ?? [], moves), [data, moves]);
  const selected = places.find((p) => p.id === selectedId) ?? null;
  // The new place's pin is on the map once its position is known (a tap, or both fields typed).
  const draftAt = draft && readPosition(draft, '').norm;
  const pins = stagePins(places, selectedId, draft && draftAt ? { name: draft.name.trim() || T.draftPin, at: draftAt } : null);

  const replace = (saved: OpsPlace) => mutate((list) => list?.map((p) => (p.id === saved.id ? saved : p)), { revalidate: false });
  const onSaved: PlaceSaved = (saved, text) => {
    // Dropped on purpose: writing an answer already in hand into the cache cannot fail.
    void replace(saved);
    setNotice({ text, failed: false });
  };

  // Never rejects: the outcome is the status line's.
  async function moveByDrag(id: number, to: Point) {
    const place = data?.find((p) => p.id === id);
    if (!place) return;
    const token = (moveTokens.current.get(id) ?? 0) + 1;
    moveTokens.current.set(id, token);
    const latest = () => moveTokens.current.get(id) === token;
    setMoves((m) => ({ ...m, [id]: to }));
    setNotice(null);
    try {
      await replace(await updatePlace(id, { x_norm: to.x, y_norm: to.y }));
      if (latest()) setNotice({ text: T.moved(place.name), failed: false });
    } catch (failure) {
      if (latest()) setNotice({ text: T.moveFailed(place.name, errorMessage(failure, T.tryAgain)), failed: true });
    } finally {
      if (latest()) setMoves(({ [id]: _done, ...rest }) => rest);
    }
  }

  function pickSpot(at: Point) {
    setDraft((d) => d && { ...d, x: percentText(at.x), y: percentText(at.y) });
  }

  function select(id: number, focus: boolean) {
    setDraft(null);
    setSelectedId(id);
    if (focus) setFocusDetails((n) => n + 1);
  }

  // The operator's own choice: a line about an earlier save no longer applies.
  function choose(id: number, focus: boolean) {
    setNotice(null);
    select(id, focus);
  }

  function toggleAdd() {
    setNotice(null);
    setSelectedId(null);
    setDraft((d) => (d ? null : NO_DRAFT));
  }

  function closeDetails() {
    const id = selectedId;
    setSelectedId(null);
    document.querySelector<HTMLElement>(`.places-list__item[data-place-id="${id}"]`)?.focus();
  }

  // Never rejects: SWR keeps a failed reload as the list's error (LoadState shows it).
  async function created(id: number, name: string) {
    await mutate();
    setNotice({ text: T.created(name), failed: false });
    select(id, true);
  }

  return (
    <>
      <div className="places-head">
        <h1 className="ops-page__title places-head__title">{T.title}</h1>
        <button ref={addButton} type="button" className="button places-button" aria-pressed={draft !== null} onClick={toggleAdd}>
          {T.add}
        </button>
      </div>
      <div className={draft ? 'places-map places-map--adding' : 'places-map'}>
        <CampusArt artRef={art.artRef} bottomInset={0} wantLarge={art.wantLarge} onShown={art.onShown} />
        {art.shown ? (
          <PlacesStage
            pins={pins}
            adding={draft !== null}
            artRef={art.artRef}
            onNeedLargeArt={art.needLarge}
            onSelect={(id) => choose(id, false)}
            onPick={pickSpot}
            onDrop={(id, to) => (id === null ? pickSpot(to) : void moveByDrag(id, to))}
          />
        ) : (
          <p className="places-map__loading">{T.loadingMap}</p>
        )}
        {draft && !draftAt && (
          <p className="places-map__hint" aria-hidden="true">
            {T.pickOnMap}
          </p>
        )}
      </div>
      <p className={notice?.failed ? 'places-status places-status--failed' : 'places-status'} role="status">
        {notice?.text}
      </p>
      {!data ? (
        <LoadState error={error} retry={() => void mutate()} />
      ) : (
        <div className="places-body">
          {draft ? (
            <PlaceAddForm
              draft={draft}
              onChange={setDraft}
              onCancel={() => {
                setDraft(null);
                addButton.current?.focus();
              }}
              onCreated={(id, name) => void created(id, name)}
            />
          ) : selected ? (
            <PlaceDetails place={selected} headingRef={detailsHeading} onClose={closeDetails} onSaved={onSaved} />
          ) : null}
          <PlaceList places={places} selectedId={selectedId} onSelect={(id) => choose(id, true)} />
        </div>
      )}
    </>
  );
}
