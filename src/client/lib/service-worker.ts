// The worker at /sw.js (vite-plugin-pwa) precaches the shell so the app opens offline, and takes over at once when a
// new version is deployed (skipWaiting + clientsClaim): nobody has to clear anything to get an update.
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  registerSW({ immediate: true });
}

/** Logout drops every runtime cache the worker filled (the precached shell stays: it holds nobody's data). */
export async function clearRuntimeCaches(): Promise<void> {
  if (!('caches' in window)) return;
  const names = await caches.keys();
  await Promise.all(names.filter((n) => !n.startsWith('workbox-precache')).map((n) => caches.delete(n)));
}
