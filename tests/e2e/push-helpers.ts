import { type BrowserContext, expect, type Page } from '@playwright/test';
import type { browserSubscription } from '../helpers/push-service';

type Subscription = ReturnType<typeof browserSubscription>['json'];

/**
 * Chromium here reaches no real push service, so the page's PushManager hands out a subscription whose endpoint is
 * the test's stand-in (startPushService) and whose keys the test holds (browserSubscription), to decrypt the push.
 */
export async function stubPushManager(page: Page, sub: Subscription) {
  await page.addInitScript((sub) => {
    let current: object | null = null;
    const make = () => ({
      endpoint: sub.endpoint,
      expirationTime: null,
      toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    });
    PushManager.prototype.subscribe = async () => (current = make()) as unknown as PushSubscription;
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
  }, sub);
}

/** Turns pushes on with my page's 푸시 알림 switch, once the worker controls the page. */
export async function turnOnPush(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto('/mypage');
  const toggle = page.getByRole('switch', { name: '푸시 알림' });
  await expect(toggle).toHaveAttribute('aria-disabled', 'false');
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.tap();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
}

/** Hands a decrypted push to the page's service worker through CDP, as the push service would. */
export async function deliverPush(context: BrowserContext, page: Page, origin: string, data: string) {
  const cdp = await context.newCDPSession(page);
  // The latest state of each registration: an earlier event may list one that a later event marks deleted.
  const registrations = new Map<string, { scopeURL: string; isDeleted: boolean }>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
    for (const r of e.registrations) registrations.set(r.registrationId, r);
  });
  await cdp.send('ServiceWorker.enable');
  const ours = () => [...registrations].findLast(([, r]) => r.scopeURL === `${origin}/` && !r.isDeleted)?.[0];
  await expect.poll(ours).toBeTruthy();
  // A push delivered to a registration whose worker is still installing or activating is dropped (seen in CI as a
  // notification that never came): deliver only once the worker is active.
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state)).toBe('activated');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: ours() as string, data });
}

/** The notifications the worker shows, as the phone would list them. */
export function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const shown = await (await navigator.serviceWorker.ready).getNotifications();
    return shown.map((n) => ({ title: n.title, body: n.body, link: (n.data as { link: string }).link }));
  });
}
