import { flushSync } from 'react-dom';

// Back closes what is open first (issue 30 §8): every open layer — a modal, a dialog, a sheet pulled up, a wizard's
// later step — owns one history entry above the page's, with the same address. The browser's back (Android's back
// gesture, page.goBack() in the tests) then lands on the entry below, and the top layer closes instead of the page
// leaving. A layer closed any other way (its ✕, a choice, Escape) takes its entry away again, so no back is ever
// spent on an entry with nothing behind it, and opening and closing twice leaves the history as it was.
//
// One module owns these entries for the whole app, because the browser's history is one: two layers open at once
// (an alert over a sheet) are two entries, and only one traversal may be under way at a time — history.back()
// answers later, with a popstate, and a layer opened meanwhile must wait for it before it adds its own entry.

/** Our mark in history.state: how many layer entries this entry stands on top of the page's own. */
const DEPTH_KEY = 'partyonLayer';
/** Set on the entries this module pushed; an entry of the screen's own (a filter written into the address while a
 * sheet was open) carries the depth without it. */
const OWN_KEY = 'partyonLayerEntry';

interface Layer {
  id: number;
  /** The back gesture reached this layer: its owner closes it (or keeps it, and its entry is added back). */
  onBack: () => void;
}

const open: Layer[] = [];
let nextId = 1;
/** A history.back() of ours has not landed yet: history.state is not to be trusted until its popstate. */
let traversing = false;
let syncQueued = false;
/** What waits for the history to match the open layers (a navigation away from them, a back after one closed). */
const waiting: (() => void)[] = [];
let listening = false;

function depthOf(state: unknown): number {
  const depth = state && typeof state === 'object' ? (state as Record<string, unknown>)[DEPTH_KEY] : undefined;
  return typeof depth === 'number' && depth > 0 ? depth : 0;
}

const currentDepth = () => depthOf(window.history.state);
const isOwn = (state: unknown) => Boolean(state && typeof state === 'object' && (state as Record<string, unknown>)[OWN_KEY]);

/** history.state with our marks set to `depth` (none at 0), the rest as it was. */
function withDepth(state: unknown, depth: number, own: boolean): Record<string, unknown> {
  const next: Record<string, unknown> = state && typeof state === 'object' ? { ...(state as Record<string, unknown>) } : {};
  delete next[DEPTH_KEY];
  delete next[OWN_KEY];
  if (depth > 0) next[DEPTH_KEY] = depth;
  if (depth > 0 && own) next[OWN_KEY] = true;
  return next;
}

/** Runs what waited, once no traversal of ours is under way or about to start. */
function runWaiting() {
  if (traversing || syncQueued) return;
  for (const then of waiting.splice(0)) then();
}

/** Makes the history's layer entries match the open layers: adds the missing ones, takes back the extra ones. */
function sync() {
  syncQueued = false;
  if (traversing) return; // resumed by the popstate
  const state: unknown = window.history.state;
  const depth = depthOf(state);
  if (depth > open.length && isOwn(state)) {
    traversing = true;
    window.history.go(open.length - depth);
    return;
  }
  if (depth > open.length) {
    // The screen's own entry (its address changed while a layer was open): it stays, as the step back to what it
    // showed before, and only forgets the layers that closed on it.
    window.history.replaceState(withDepth(state, open.length, false), '', window.location.href);
  }
  for (let d = depth + 1; d <= open.length; d += 1) {
    // The page's own state rides along (the payment's participation, a report's member): the screen under the
    // layer still finds it. Same address, so the router sees no navigation.
    window.history.pushState(withDepth(window.history.state, d, true), '', window.location.href);
  }
  runWaiting();
}

/**
 * After the layers changed: once React has finished with the change, so a layer that closes and another that opens
 * in one go (an alert after a confirmation, React's StrictMode remounting) cost no traversal at all.
 */
function queueSync() {
  if (syncQueued) return;
  syncQueued = true;
  queueMicrotask(sync);
}

function onPopState(event: PopStateEvent) {
  const depth = depthOf(event.state);
  if (traversing) {
    // Our own step back landed; anything opened meanwhile gets its entry now (sync then runs what waited, unless
    // it set out again to take more entries back).
    traversing = false;
    sync();
    return;
  }
  // The student went back: the layers above the entry they reached close, the top one first. Their owners close
  // them at once (flushSync), so what is still open afterwards is a layer that may not be dismissed now (a dialog
  // while it sends): its entry is added back. An entry left by a layer that closed through a navigation (the login
  // modal's 로그인 button) has no layer any more: sync passes it by.
  const closing = open.slice(depth).reverse();
  flushSync(() => {
    for (const layer of closing) layer.onBack();
  });
  sync();
}

function listen() {
  if (listening) return;
  listening = true;
  window.addEventListener('popstate', onPopState);
}

/**
 * At start (main.tsx): a page reloaded with a layer open comes back on that layer's entry (history.state outlives
 * the page) without the layer. Stepping off it now keeps the next back from landing on nothing.
 */
export function leaveStaleLayerEntries() {
  const state: unknown = window.history.state;
  const depth = depthOf(state);
  if (depth === 0 || !isOwn(state)) return;
  listen();
  traversing = true;
  window.history.go(-depth);
}

/** Opens a layer: it gets its history entry; `close` takes it away (no-op when back already did). */
export function openBackLayer(onBack: () => void): () => void {
  listen();
  const layer: Layer = { id: nextId, onBack };
  nextId += 1;
  open.push(layer);
  queueSync();
  return () => {
    const at = open.findIndex((l) => l.id === layer.id);
    if (at < 0) return;
    open.splice(at, 1);
    queueSync();
  };
}

/**
 * Runs `then` once the history matches the open layers: at once, or when a layer that just closed has taken its
 * entry back. A back of the app's own (the ‹ button, "go back" after an alert) waits for it, or the two steps back
 * would add up and leave the page under the layer too.
 */
export function whenLayersSettled(then: () => void) {
  if (traversing || syncQueued) waiting.push(then);
  else then();
}

type Navigate = (to: string, options?: { replace?: boolean; state?: unknown }) => void;

/**
 * The router's `aroundNav` (App.tsx): a navigation made while layers are open. To another screen, their entries go
 * first — the layers are leaving with the screen — so the new screen's entry takes the page's place (a replace
 * replaces the page, as it meant to) and back from it never lands on an entry with nothing behind it. Within the
 * same screen (the filters in the map's sheet write the address), the layers stay and the entry keeps its mark.
 */
export function navigateOverLayers(navigate: Navigate, to: string, options?: { replace?: boolean; state?: unknown }) {
  const depth = currentDepth();
  if (depth === 0) {
    navigate(to, options);
    return;
  }
  if (new URL(to, window.location.href).pathname === window.location.pathname) {
    navigate(to, { ...options, state: withDepth(options?.state, depth, false) });
    return;
  }
  // Forgotten, not closed: their owners unmount with the screen, and their own close then finds nothing to do.
  open.length = 0;
  const state: unknown = window.history.state;
  if (!traversing && !isOwn(state)) {
    // The screen's own entry (a filter chosen with the sheet up) is a step of its own: it stays, without the mark.
    window.history.replaceState(withDepth(state, 0, false), '', window.location.href);
    navigate(to, options);
    return;
  }
  waiting.push(() => navigate(to, options));
  if (!traversing) {
    traversing = true;
    window.history.go(-depth);
  }
}
