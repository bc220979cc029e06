// swr imports `use-sync-external-store/shim`, a stand-in for React versions before 18. React 19 has the hook
// itself, so the build points that import here (vite.config.ts) instead of shipping the stand-in on every page.
export { useSyncExternalStore } from 'react';
