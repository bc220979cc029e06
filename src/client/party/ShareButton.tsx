import { useEffect, useRef, useState } from 'react';
import type { PartyDetail } from '../../shared/parties';
import { formatPartyDateTime } from '../lib/format-date';
import { ShareIcon } from '../ui/icons';

const T = {
  share: '파티 공유하기',
  copied: '링크를 복사했어요',
  copyFailed: '링크를 복사하지 못했어요. 주소창의 주소를 공유해 주세요.',
} as const;
// Long enough to read the short sentence; it then goes, like a toast, leaving the page as it was.
const CONFIRM_MS = 3_000;

/**
 * Shares the party's page: the phone's share sheet (Web Share API) where there is one, else its link copied to the
 * clipboard, confirmed beside the button. Closing the share sheet (AbortError) is the student's choice and says
 * nothing; a share sheet that refuses for another reason falls back to copying.
 */
export function ShareButton({ party }: { party: Pick<PartyDetail, 'id' | 'title' | 'place_name' | 'start_time'> }) {
  const [status, setStatus] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const say = (text: string) => {
    clearTimeout(timer.current);
    setStatus(text);
    timer.current = setTimeout(() => setStatus(''), CONFIRM_MS);
  };

  const share = async () => {
    const url = `${window.location.origin}/partyinfo/${party.id}`;
    const data = { title: party.title, text: `${party.place_name} · ${formatPartyDateTime(party.start_time)}`, url };
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share(data);
        return;
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      say(T.copied);
    } catch {
      say(T.copyFailed);
    }
  };

  return (
    <span className="party-share">
      <button type="button" className="icon-button" aria-label={T.share} onClick={() => void share()}>
        <ShareIcon />
      </button>
      {/* Always in the page, so a screen reader announces the confirmation when its text arrives. */}
      <span className="party-share__status" role="status">
        {status}
      </span>
    </span>
  );
}
