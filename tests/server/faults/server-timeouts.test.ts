import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../../src/shared/constants';
import { createTestApp, type TestApp } from '../../helpers/test-app';

// The socket deadlines are set on the server, not left to Node's defaults (Fastify's default is no request deadline
// at all). That they spare open websockets is ws's doing: it turns the socket's idle timer off when it takes over.
describe('the HTTP server deadlines', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('are set, and leave room for a full-size photo from a slow phone', () => {
    const server = t.app.server;
    expect(server.timeout).toBe(60_000);
    expect(server.headersTimeout).toBe(20_000);
    expect(server.requestTimeout).toBe(180_000);
    // 5 MB at 250 kbit/s, multipart overhead aside.
    expect((UPLOAD_MAX_BYTES * 8) / 250_000).toBeLessThan(server.requestTimeout / 1000);
    // Longer than a load balancer's usual 60 s idle timeout, so the balancer closes an idle connection first.
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
  });
});
