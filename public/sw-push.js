/* global self */
// Web Push in the worker vite-plugin-pwa generates (pulled in by `importScripts` in vite.config.ts): a push shows the
// notice (payload: src/shared/push.ts PushPayload), and tapping it opens the notice's screen in the app.

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || '파티온', {
      body: data.body || '',
      icon: '/art/icons/app-192.png',
      lang: 'ko',
      data: { link: data.link || '/notifications' },
    }),
  );
});

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
