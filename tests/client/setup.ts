import '@testing-library/jest-dom/vitest';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { server } from './msw/server';
import { CONDITION_TIMEOUT_MS } from './waits';

// findBy… and waitFor wait for their condition up to this long (Testing Library's default of 1 s assumes a fast
// machine; see waits.ts).
configure({ asyncUtilTimeout: CONDITION_TIMEOUT_MS });

// A request no test expected is a bug in the test or the app; fail loudly instead of hitting the network.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.spyOn(window, 'alert').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
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
