// The worker at /sw.js (vite-plugin-pwa) precaches the shell so the app opens offline, and takes over at once when a
// new version is deployed (skipWaiting + clientsClaim): nobody has to clear anything to get an update.
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  answerWhereAmI();
  const { registerSW } = await import('virtual:pwa-register');
  registerSW({ immediate: true });
}

/**
 * When a push arrives the worker asks each window which screen it shows (public/sw-push.js): it keeps quiet during a
 * balance game. It must ask, because to the worker a window's address is the page it was loaded at, not where the app
 * has gone since without loading (from the lobby into the game, say).
 */
function answerWhereAmI() {
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string } | null>) => {
    if (event.data?.type === 'partyon:where') event.ports[0]?.postMessage({ path: window.location.pathname });
  });
  navigator.serviceWorker.startMessages();
}

/** Logout drops every runtime cache the worker filled (the precached shell stays: it holds nobody's data). */
export async function clearRuntimeCaches(): Promise<void> {
  if (!('caches' in window)) return;
  const names = await caches.keys();
  await Promise.all(names.filter((n) => !n.startsWith('workbox-precache')).map((n) => caches.delete(n)));
}
