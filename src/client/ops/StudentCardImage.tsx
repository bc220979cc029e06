import { useEffect, useState } from 'react';
import { errorMessage } from '../api/api-error';
import { formatDateTime } from '../lib/format-date';
import { opsFetchBlob } from './ops-api';
import { OPS_TEXTS } from './ops-texts';
import { VERIFICATION_TEXTS as T } from './verification-texts';

type Card = { state: 'shown'; url: string } | { state: 'failed'; message: string };

interface Props {
  userId: number;
  /** The card's upload time: a new card (after a 409) is fetched again. */
  submittedAt: string | null;
  /** When the retention sweep deleted a decided card: nothing to fetch, and the console says so. */
  deletedAt: string | null;
  alt: string;
}

/**
 * A student's card, fetched with the operator's token and shown through an object URL that is revoked as soon as
 * another student (or another screen) takes its place, so no card stays in memory longer than it is on screen.
 */
export function StudentCardImage({ userId, submittedAt, deletedAt, alt }: Props) {
  const [attempt, setAttempt] = useState(0);
  // An answer counts only for the card it was asked for: until then, the card is loading.
  const wanted = `${userId}:${submittedAt}:${attempt}`;
  const [answer, setAnswer] = useState<{ for: string; card: Card } | null>(null);
  const card = answer?.for === wanted ? answer.card : null;

  useEffect(() => {
    if (submittedAt === null || deletedAt) return;
    // Paging fast through the queue (J held down) abandons the cards passed over instead of downloading them all.
    const abort = new AbortController();
    let url: string | null = null;
    opsFetchBlob(`/api/ops/verifications/${userId}/card`, abort.signal).then(
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
  }, [userId, submittedAt, deletedAt, wanted]);

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
  if (card.state === 'shown') return <img className="verif-card" src={card.url} alt={alt} />;
  return (
    <div className="verif-card verif-card--empty" role="alert">
      <p>{card.message}</p>
      <button type="button" className="button button--small button--ghost" onClick={() => setAttempt((n) => n + 1)}>
        {OPS_TEXTS.retry}
      </button>
    </div>
  );
}
