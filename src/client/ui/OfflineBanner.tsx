import { useOnline } from '../lib/use-online';

/** Offline, the precached shell still opens; this says why nothing loads instead of leaving a blank list. */
export function OfflineBanner() {
  if (useOnline()) return null;
  return (
    <p className="offline-banner" role="status">
      오프라인 상태입니다. 인터넷에 연결되면 다시 불러올게요.
    </p>
  );
}
