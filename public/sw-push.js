/* global self */
// Web Push in the worker vite-plugin-pwa generates (pulled in by `importScripts` in vite.config.ts): a push shows the
// notice (payload: src/shared/push.ts PushPayload) unless a balance game is on screen, and tapping it opens the
// notice's screen in the app.

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    (async () => {
      // No pop-up in the middle of a balance game (issue 30 §5): the notice waits in the app's list and bell. Only
      // while the game is on screen — then the browser asks for no notification either, as the site is in view.
      if (await gameOnScreen()) return;
      await self.registration.showNotification(data.title || '파티온', {
        body: data.body || '',
        icon: '/art/icons/app-192.png',
        lang: 'ko',
        data: { link: data.link || '/notifications' },
      });
    })(),
  );
});

/** Whether one of the app's windows shows a balance game (src/client/game, at /balancegame/{roundId}) right now. */
async function gameOnScreen() {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const paths = await Promise.all(windows.filter((w) => w.visibilityState === 'visible').map(screenOf));
  return paths.some((path) => path.startsWith('/balancegame/'));
}

/**
 * The screen a window shows. Its `url` here is the page it was loaded at, and the app moves between screens without
 * loading, so the window is asked (src/client/lib/service-worker.ts answers); one that does not answer within a
 * second (an older version of the app, a frozen tab) counts as showing the page it loaded.
 */
function screenOf(client) {
  const loaded = new URL(client.url).pathname;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(loaded), 1000);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(event.data && typeof event.data.path === 'string' ? event.data.path : loaded);
    };
    client.postMessage({ type: 'partyon:where' }, [channel.port2]);
  });
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.link) || '/notifications', self.location.origin).href;
  event.waitUntil(
    (async () => {
      // The app already open in a tab or as the installed app: bring it forward on that screen, not a second copy.
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        // navigate() works only on a page this worker controls; otherwise a window of its own.
        if (focused.url !== url) await focused.navigate(url).catch(() => self.clients.openWindow(url));
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
