import { useLayoutEffect, useRef, useState } from 'react';
import markerIcon from '../../../assets/icons/marker.svg';
import defaultParty from '../../../assets/images/default-party.svg';
import { MAP_HEIGHT, MAP_WIDTH } from '../../shared/constants';
import type { PartyDetail } from '../../shared/parties';
import { formatPartyDateTime } from '../lib/format-date';
import { resolveImageUrl } from '../lib/image-url';
import { placeArtSrcSet } from '../lib/place-art-srcset';
import { Img } from '../ui/Img';

const NO_MAP = '지도 이미지가 아직 없습니다.';
// Spec §9: the place map is the campus image at MAP_WIDTH×MAP_HEIGHT; its box is reserved before it arrives.

/**
 * The place map with a pin on the party's place, or a plain placeholder when there is none or it fails to load
 * (never a broken frame). The map is the whole campus art at its own aspect ratio, so the place's normalised
 * position is a percentage of the frame.
 */
function PlaceMap({ src, place, at }: { src: string | null; place: string; at: { x: number; y: number } | null }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <div className="party-detail__map party-detail__map--empty">{NO_MAP}</div>;
  return (
    <div className="party-detail__map-frame">
      <img
        className="party-detail__map"
        src={resolveImageUrl(src)}
        alt={at ? `${place} 위치가 표시된 지도` : `${place} 지도`}
        width={MAP_WIDTH}
        height={MAP_HEIGHT}
        loading="lazy"
        onError={() => setFailed(true)}
      />
      {at && <Pin at={at} />}
    </div>
  );
}

/**
 * The pin, placed through the CSSOM once on the page: a style attribute in the server's HTML would be refused by
 * the page's CSP (no inline styles), and until it is placed the pin stays hidden (party.css).
 */
function Pin({ at }: { at: { x: number; y: number } }) {
  const pin = useRef<HTMLImageElement>(null);
  useLayoutEffect(() => {
    const el = pin.current;
    if (!el) return;
    el.style.left = `${at.x * 100}%`;
    el.style.top = `${at.y * 100}%`;
    el.dataset.placed = 'true';
  }, [at.x, at.y]);
  return <img ref={pin} className="party-detail__pin" src={markerIcon} alt="" aria-hidden="true" width={32} height={32} />;
}

/** What a list already knows of a party (home, map): enough to draw the top of its page before the detail comes. */
export type PartyHeadData = Pick<PartyDetail, 'place_photo' | 'place_name' | 'title' | 'start_time' | 'applied_count' | 'max_participants'> & {
  tags: string[];
};

/** The photo, title and facts of a party: the same drawing from the list's data and from the detail. */
export function PartyHead({ party }: { party: PartyHeadData }) {
  return (
    <>
      {/* As wide as the 393 px column (spec §9) less the screen's 16 px sides: a DPR-2 phone takes the 1280 px render. */}
      <Img
        className="party-detail__photo"
        src={party.place_photo}
        srcSet={placeArtSrcSet(party.place_photo)}
        sizes="(max-width: 393px) calc(100vw - 32px), 361px"
        fallback={defaultParty}
        alt={party.place_name}
        width={640}
        height={400}
        fetchPriority="high"
      />
      <h1 className="party-detail__title">{party.title}</h1>
      <dl className="card party-detail__card">
        <div>
          <dt>일시</dt>
          <dd>
            <time dateTime={party.start_time}>{formatPartyDateTime(party.start_time)}</time>
          </dd>
        </div>
        <div>
          <dt>장소</dt>
          <dd>{party.place_name}</dd>
        </div>
        <div>
          <dt>참가 인원</dt>
          <dd>
            {party.applied_count ?? 0} / {party.max_participants}
          </dd>
        </div>
        {party.tags.length > 0 && (
          <div>
            <dt>태그</dt>
            <dd>
              <ul className="plain-list party-detail__tags">
                {party.tags.map((tag) => (
                  <li key={tag}>#{tag}</li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
    </>
  );
}

export function PartyInfo({ party }: { party: PartyDetail }) {
  return (
    <>
      <PartyHead party={{ ...party, tags: party.tags.map((t) => t.name) }} />
      <h2 className="party-detail__heading">위치</h2>
      <PlaceMap src={party.place_map} place={party.place_name} at={placePoint(party)} />
      <h2 className="party-detail__heading">파티 소개</h2>
      <p className="party-detail__description">{party.description}</p>
    </>
  );
}

/** Where the party's place is on the campus art, when the server says (0..1 each way). */
function placePoint(party: PartyDetail): { x: number; y: number } | null {
  const { place_x_norm: x, place_y_norm: y } = party;
  const inside = (v: unknown) => typeof v === 'number' && v >= 0 && v <= 1;
  return inside(x) && inside(y) ? { x, y } : null;
}
