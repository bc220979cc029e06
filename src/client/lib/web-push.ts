import type { PushSubscriptionIn } from '../../shared/push';
import { STORAGE } from '../../shared/storage-keys';
import { deletePushSubscription, fetchPushKey, savePushSubscription } from '../api/push';
import { getAccessToken } from '../api/token-store';

// Web Push in the browser (issue 18 §2): the worker (public/sw-push.js) shows what the server pushes. The server
// pushes only to a subscription it was given, so asking the browser's permission, subscribing with the server's key
// and posting the subscription happen together, on a tap.

/** The browser can receive pushes: a worker, the Push API and notifications (iOS Safari: only as an installed app). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The browser's answer so far: 'default' (never asked), 'granted' or 'denied' (only the browser's settings undo it). */
export const pushPermission = (): NotificationPermission => Notification.permission;

const registration = () => navigator.serviceWorker.ready;

/** This browser's subscription, when notifications are allowed and it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported() || pushPermission() !== 'granted') return null;
  return (await registration()).pushManager.getSubscription();
}

const base64urlToBytes = (text: string) => {
  const raw = atob(text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '='));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

/** Asks the permission (from a tap), subscribes with the server's key and hands the subscription to the server. */
export async function enablePush(): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  const { pushManager } = await registration();
  const { public_key } = await fetchPushKey();
  const subscription = (await pushManager.getSubscription()) ?? (await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64urlToBytes(public_key) }));
  await savePushSubscription(subscription.toJSON() as PushSubscriptionIn);
  return permission;
}

/**
 * Stops pushes to this browser: the server forgets the subscription and the browser drops it. On logout the token
 * is read before it is cleared, so the student's own subscription can still be named.
 */
export async function disablePush(token: string | null = getAccessToken()): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await deletePushSubscription(subscription.endpoint, token);
  await subscription.unsubscribe();
}

/** Whether the "알림을 받아볼까요?" card may be shown: asked at most once, and never when the browser already decided. */
export function mayAskForPush(): boolean {
  return pushSupported() && pushPermission() === 'default' && localStorage.getItem(STORAGE.pushAsked) === null;
}

export const rememberPushAsked = (answer: string) => localStorage.setItem(STORAGE.pushAsked, answer);
