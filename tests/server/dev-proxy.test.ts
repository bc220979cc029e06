import { afterEach, describe, expect, it, vi } from 'vitest';

// `npm run dev` runs the API server on PORT and Vite's dev server in front of it: Vite must proxy to that same
// port (it proxied to 3000 whatever PORT said, so /api answered 502), or to API_ORIGIN when one is given.
async function proxyTarget(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  const { default: config } = await import('../../vite.config');
  const resolved = typeof config === 'function' ? config({ command: 'serve', mode: 'development', isSsrBuild: false }) : config;
  return resolved.server?.proxy?.['/api'];
}

describe('the dev server’s proxy', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('follows PORT, as the API server does', async () => {
    expect(await proxyTarget({ PORT: '3100', API_ORIGIN: undefined })).toBe('http://127.0.0.1:3100');
    expect(await proxyTarget({ PORT: undefined, API_ORIGIN: undefined })).toBe('http://127.0.0.1:3000');
  });

  it('goes to API_ORIGIN when it is set', async () => {
    expect(await proxyTarget({ PORT: '3100', API_ORIGIN: 'http://10.0.0.5:3000' })).toBe('http://10.0.0.5:3000');
  });
});
