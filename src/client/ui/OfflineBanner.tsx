import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Offline, the precached shell still opens; this says why nothing loads instead of leaving a blank list. */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
  if (online) return null;
  return (
    <p className="offline-banner" role="status">
      오프라인 상태입니다. 인터넷에 연결되면 다시 불러올게요.
    </p>
  );
}
