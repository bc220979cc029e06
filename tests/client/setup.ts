import '@testing-library/jest-dom/vitest';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { reportReach } from '../../src/client/api/server-reach';
import { preloadSeatWatch } from '../../src/client/state/SeatSync';
import { preloadDialogs } from '../../src/client/ui/lazy-dialogs';
import { unmountAndSettleHistory } from './history-back';
import { server } from './msw/server';
import { CONDITION_TIMEOUT_MS } from './waits';

// findBy… and waitFor wait for their condition up to this long (Testing Library's default of 1 s assumes a fast
// machine; see waits.ts).
configure({ asyncUtilTimeout: CONDITION_TIMEOUT_MS });

// A request no test expected is a bug in the test or the app; fail loudly instead of hitting the network.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// The dialogs' code and the seat watcher's are chunks of their own that the app fetches when idle or at sign-in; here
// they are in before any test, as they are by the time a student taps anything.
beforeAll(() => Promise.all([preloadDialogs(), preloadSeatWatch()]));
afterAll(() => server.close());

const NATIVE_DIALOGS = ['alert', 'confirm', 'prompt'] as const;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  // The app never uses the browser's own dialogs (issue 17): it has its own alert dialog (tests/client/alerts.ts).
  // A call is recorded here (jsdom's would only print "not implemented") and fails the test afterwards.
  for (const name of NATIVE_DIALOGS) vi.spyOn(window, name).mockImplementation(() => undefined as never);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(async () => {
  // The app's word on whether the server answers outlives a render (it is the page's): each test starts with one
  // that does.
  reportReach(200);
  const nativeCalls = NATIVE_DIALOGS.flatMap((name) => vi.mocked(window[name]).mock.calls.map((args) => `window.${name}(${args.join(', ')})`));
  // A dialog or sheet the unmount closed takes its history entry back (lib/back-layers.ts). A test file that fakes
  // timers ends with backToRealTimers, which does this while its fake clock still runs.
  await unmountAndSettleHistory();
  server.resetHandlers();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  expect(nativeCalls, 'the browser\'s own dialogs were used').toEqual([]);
});

// jsdom has no pointer capture; gesture code (sheet, slider) calls it on every drag.
if (!Element.prototype.setPointerCapture) {
  Element.prototype.setPointerCapture = function setPointerCapture() {};
  Element.prototype.releasePointerCapture = function releasePointerCapture() {};
  Element.prototype.hasPointerCapture = function hasPointerCapture() {
    return false;
  };
}

// jsdom has no object URLs (and Node's only accept Node blobs); photo previews only need a stable string.
let nextObjectUrl = 0;
URL.createObjectURL = () => `blob:preview-${++nextObjectUrl}`;
URL.revokeObjectURL = () => {};

// Node's fetch (which MSW intercepts) does not understand jsdom's FormData and File, so a multipart body would
// arrive mangled. Use Node's own classes, as a browser's fetch uses the browser's.
const NodeFormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;
Object.assign(globalThis, { FormData: NodeFormData, File: NodeFile, Blob: NodeBlob });

// jsdom has <dialog> but not its modal behaviour. A stand-in for what the app relies on and tests see: showModal()
// opens it (the `open` attribute, so it is visible and in the accessibility tree) on top of a stack; close() shuts
// it and fires `close` a task later; Escape, unless a handler took it, is a close request (`cancel`, then close
// unless cancelled); and Tab, which the browser keeps out of the inert page, moves only among the top dialog's
// controls. (A browser passes through its own toolbar between the last control and the first; there is none here.)
const modalStack: HTMLDialogElement[] = [];
const topModal = () => modalStack.filter((dialog) => dialog.isConnected && dialog.open).at(-1);

HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  if (this.open) throw new DOMException('The dialog is already open.', 'InvalidStateError');
  if (!this.isConnected) throw new DOMException('The dialog is not in a document.', 'InvalidStateError');
  this.setAttribute('open', '');
  modalStack.push(this);
};

HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement, returnValue?: string) {
  if (!this.open) return;
  if (returnValue !== undefined) this.returnValue = returnValue;
  this.removeAttribute('open');
  modalStack.splice(modalStack.indexOf(this), 1);
  setTimeout(() => this.dispatchEvent(new Event('close')));
};

const TABBABLE = 'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

document.addEventListener('keydown', (event) => {
  const dialog = topModal();
  if (!dialog || event.defaultPrevented) return;
  if (event.key === 'Escape') {
    if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
    return;
  }
  if (event.key !== 'Tab') return;
  event.preventDefault();
  const controls = Array.from(dialog.querySelectorAll<HTMLElement>(TABBABLE));
  if (controls.length === 0) return;
  const at = controls.indexOf(document.activeElement as HTMLElement);
  // From the dialog itself (where focus starts), Tab goes to the first control and Shift+Tab to the last.
  const next = at === -1 ? (event.shiftKey ? controls.length - 1 : 0) : (at + (event.shiftKey ? -1 : 1) + controls.length) % controls.length;
  controls[next].focus();
});
