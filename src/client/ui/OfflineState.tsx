import { ApiError } from '../api/api-error';
import { useOnline } from '../lib/use-online';
import { ErrorState } from './ErrorState';
import { OFFLINE_TEXTS } from './texts';

/**
 * Whether a screen's answer is what was seen last rather than the server's word now: the browser is offline, or
 * the last request never reached the server (status 0). SWR keeps its data through a failed revalidation.
 */
export function useOffline(error: unknown): boolean {
  const online = useOnline();
  return !online || (error instanceof ApiError && error.status === 0);
}

/** Above data kept from before (SWR's memory, or the worker's cache of the public lists). */
export function OfflineMark() {
  return (
    <p className="offline-mark" role="status">
      {OFFLINE_TEXTS.stale}
    </p>
  );
}

/** Nothing to show and nothing reached the server: the honest state, with a retry (the screen's revalidation). */
export function NotConnected({ retry }: { retry: () => void }) {
  return <ErrorState message={OFFLINE_TEXTS.unreachable} hint={OFFLINE_TEXTS.unreachableHint} retry={retry} />;
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
