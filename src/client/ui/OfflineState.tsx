import { isOutage } from '../api/server-reach';
import { useOnline } from '../lib/use-online';
import { useOutage } from '../lib/use-outage';
import { ErrorState } from './ErrorState';
import { OFFLINE_TEXTS, SERVER_DOWN_TEXTS } from './texts';

/**
 * Whether a screen's answer is what was seen last rather than the server's word now: the browser is offline, the
 * server is out of reach (server-reach.ts), or this screen's last request never reached it (status 0, a gateway's
 * 502/503/504). SWR keeps its data through a failed revalidation.
 */
export function useOffline(error: unknown): boolean {
  return useOutage() !== null || isOutage(error);
}

/**
 * The words for "nothing reached the server": the phone's own offline state, or — while the phone is online —
 * the server's (issue 30 §7: never blame the student's internet when it works).
 */
function useOutageTexts() {
  return useOnline() ? SERVER_DOWN_TEXTS : OFFLINE_TEXTS;
}

/** Above data kept from before (SWR's memory, or the worker's cache of the public lists). */
export function OfflineMark() {
  return (
    <p className="offline-mark" role="status">
      {useOutageTexts().stale}
    </p>
  );
}

/** Nothing to show and nothing reached the server: the honest state, with a retry (the screen's revalidation). */
export function NotConnected({ retry }: { retry: () => void }) {
  const texts = useOutageTexts();
  return <ErrorState message={texts.unreachable} hint={texts.unreachableHint} retry={retry} />;
}

/** The one line a screen without room for NotConnected says (the map's sheet, the assistant's card). */
export function useUnreachableText(): string {
  return useOutageTexts().unreachable;
}

interface FailedProps {
  /** No answer came back at all: the honest "not connected" state instead of the screen's own failure text. */
  offline: boolean;
  /** The screen's own words for a failure the server answered. */
  message: string;
  hint?: string;
  retry: () => void;
}

/** A list that could not be loaded: never the screen's empty text, always a way to try again. */
export function LoadFailed({ offline, message, hint, retry }: FailedProps) {
  return offline ? <NotConnected retry={retry} /> : <ErrorState message={message} hint={hint} retry={retry} />;
}
