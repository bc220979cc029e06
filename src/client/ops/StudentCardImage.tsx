import { useEffect, useRef, useState, type RefObject } from 'react';
import { errorMessage } from '../api/api-error';
import { formatDateTime } from '../lib/format-date';
import { opsFetchBlob } from './ops-api';
import { OPS_TEXTS } from './ops-texts';
import type { ViewerKeyAction } from './verification-keys';
import { VERIFICATION_TEXTS as T } from './verification-texts';

type Card = { state: 'shown'; url: string } | { state: 'failed'; message: string };

interface Props {
  userId: number;
  /** The card's upload time: a new card (after a 409) is fetched again. */
  submittedAt: string | null;
  /** When the retention sweep deleted a decided card: nothing to fetch, and the console says so. */
  deletedAt: string | null;
  alt: string;
  /** `previous-card` for the card a resubmission replaced (issue 33 §2); the current card otherwise. */
  which?: 'card' | 'previous-card';
  /** Where the page's keys (+ - 0 [ ]) reach this card's viewer: only the card being decided takes them. */
  keysRef?: RefObject<((action: ViewerKeyAction) => void) | null>;
}

const ZOOMS = [1, 1.5, 2, 3, 4];
const FIT = { zoom: 0, turn: 0 };

/**
 * A student's card, fetched with the operator's token and shown through an object URL that is revoked as soon as
 * another student (or another screen) takes its place, so no card stays in memory longer than it is on screen.
 */
export function StudentCardImage({ userId, submittedAt, deletedAt, alt, which = 'card', keysRef }: Props) {
  const [attempt, setAttempt] = useState(0);
  // An answer counts only for the card it was asked for: until then, the card is loading.
  const wanted = `${userId}:${which}:${submittedAt}:${attempt}`;
  const [answer, setAnswer] = useState<{ for: string; card: Card } | null>(null);
  const card = answer?.for === wanted ? answer.card : null;

  useEffect(() => {
    if (submittedAt === null || deletedAt) return;
    // Paging fast through the queue (J held down) abandons the cards passed over instead of downloading them all.
    const abort = new AbortController();
    let url: string | null = null;
    opsFetchBlob(`/api/ops/verifications/${userId}/${which}`, abort.signal).then(
      (blob) => {
        if (abort.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setAnswer({ for: wanted, card: { state: 'shown', url } });
      },
      (failure: unknown) => {
        if (!abort.signal.aborted) setAnswer({ for: wanted, card: { state: 'failed', message: errorMessage(failure, T.cardFailed) } });
      },
    );
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [userId, which, submittedAt, deletedAt, wanted]);

  if (deletedAt) {
    return (
      <div className="verif-card verif-card--empty">
        <p className="verif-card__deleted">{T.cardDeleted}</p>
        <p>{T.cardDeletedNote(formatDateTime(deletedAt))}</p>
      </div>
    );
  }
  if (submittedAt === null) return <p className="verif-card verif-card--empty">{T.noCard}</p>;
  if (!card) return <p className="verif-card verif-card--empty">{T.cardLoading}</p>;
  if (card.state === 'shown') return <CardViewer key={wanted} url={card.url} alt={alt} keysRef={keysRef} />;
  return (
    <div className="verif-card verif-card--empty" role="alert">
      <p>{card.message}</p>
      <button type="button" className="button button--small button--ghost" onClick={() => setAttempt((n) => n + 1)}>
        {OPS_TEXTS.retry}
      </button>
    </div>
  );
}

/**
 * The photo fitted whole into a frame no taller than the screen leaves it (a portrait phone photo included), zoomed
 * by steps (the keys, the buttons, the wheel over it; the frame scrolls to the rest) and turned by quarter turns. A
 * new card starts fitted and upright (the key remounts it).
 */
function CardViewer({ url, alt, keysRef }: { url: string; alt: string; keysRef?: Props['keysRef'] }) {
  const [view, setView] = useState(FIT);
  const frame = useRef<HTMLDivElement>(null);

  function apply(action: ViewerKeyAction) {
    setView((v) => {
      if (action === 'zoomIn') return { ...v, zoom: Math.min(v.zoom + 1, ZOOMS.length - 1) };
      if (action === 'zoomOut') return { ...v, zoom: Math.max(v.zoom - 1, 0) };
      if (action === 'zoomReset') return FIT;
      return { ...v, turn: (v.turn + (action === 'rotateRight' ? 1 : 3)) % 4 };
    });
  }

  useEffect(() => {
    if (!keysRef) return;
    keysRef.current = apply;
    return () => {
      keysRef.current = null;
    };
  }, [keysRef]);

  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    // Not passive: the wheel over the card zooms it instead of scrolling the page (React's onWheel cannot prevent that).
    const onWheel = (e: WheelEvent) => {
      if (e.deltaY === 0) return;
      e.preventDefault();
      apply(e.deltaY < 0 ? 'zoomIn' : 'zoomOut');
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  // Zoomed in, the middle of the card stays in view.
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    el.scrollLeft = (el.scrollWidth - el.clientWidth) / 2;
    el.scrollTop = (el.scrollHeight - el.clientHeight) / 2;
  }, [view.zoom]);

  const zoom = ZOOMS[view.zoom];
  // The keys are listed with the page's others (VERIFICATION_TEXTS.keys).
  const tools: [ViewerKeyAction, string][] = [
    ['zoomOut', T.zoomOut],
    ['zoomReset', T.zoomReset],
    ['zoomIn', T.zoomIn],
    ['rotateLeft', T.rotateLeft],
    ['rotateRight', T.rotateRight],
  ];
  return (
    <figure className="verif-viewer">
      {/* Focusable: zoomed in, the frame scrolls, and a keyboard must reach the rest of the card (Tab, then Page Down). */}
      <div ref={frame} className="verif-viewer__frame" tabIndex={0} role="group" aria-label={T.viewerFrame} data-zoom={zoom} data-turn={view.turn * 90}>
        <div className="verif-viewer__stage" style={{ width: `${zoom * 100}%`, height: `${zoom * 100}%` }}>
          <img className={`verif-card verif-viewer__img verif-viewer__img--turn${view.turn}`} src={url} alt={alt} />
        </div>
      </div>
      <figcaption className="verif-viewer__tools" role="group" aria-label={T.viewerTools}>
        {tools.map(([action, label]) => (
          <button key={action} type="button" className="button button--small button--ghost verif-viewer__tool" onClick={() => apply(action)}>
            {label}
          </button>
        ))}
        <span className="verif-viewer__zoom">{Math.round(zoom * 100)}%</span>
      </figcaption>
    </figure>
  );
}
