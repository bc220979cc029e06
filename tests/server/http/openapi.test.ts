import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';

type Operation = {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: unknown }> }>;
};
type Document = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };
};

// The published description of the API: a third-party client is written against it, so it must list every route
// we serve, be a valid OpenAPI 3.1 document, and say which token each call needs.
describe('the API description', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t?.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every API route the server registered, with its method', () => {
    expect(t.app.documentedRoutes.length).toBeGreaterThan(40);
    const missing = t.app.documentedRoutes.filter(({ method, url }) => !doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()]);
    expect(missing).toEqual([]);
    // Pages, files and sockets are not API calls.
    expect(Object.keys(doc.paths).filter((p) => !/^\/(api\/|healthz$|readyz$)/.test(p))).toEqual([]);
  });

  it('names the token each call needs: Bearer for a student, X-Ops-Token or a console session for an operator, none for public lists', () => {
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearerAuth', 'opsSession', 'opsToken']);
    expect(doc.components.securitySchemes.opsSession).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/reserve/join/{partyId}/'].post.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/reserve/waitlist/{partyId}/'].delete.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/v1/game/questions/{questionId}/vote/'].post.security).toEqual([{ bearerAuth: [] }]);
    // Either one: OpenAPI lists alternatives.
    expect(doc.paths['/api/ops/status/'].get.security).toEqual([{ opsToken: [] }, { opsSession: [] }]);
    expect(doc.paths['/api/ops/audit/'].get.security).toEqual([{ opsToken: [] }, { opsSession: [] }]);
    // Operator accounts with the server's token or an admin's session; "who am I" and logout with a session only;
    // sign-in is open.
    expect(doc.paths['/api/ops/operators/'].post.security).toEqual([{ opsToken: [] }, { opsSession: [] }]);
    expect(doc.paths['/api/ops/auth/me/'].get.security).toEqual([{ opsSession: [] }]);
    expect(doc.paths['/api/ops/auth/logout/'].post.security).toEqual([{ opsSession: [] }]);
    // A public call says so (`[]`), rather than leave a reader to wonder whether its guard was forgotten.
    expect(doc.paths['/api/ops/auth/login/'].post.security).toEqual([]);
    expect(doc.paths['/api/homemap/home/'].get.security).toEqual([]);
  });

  it('declares what every route answers when it succeeds', () => {
    const silent = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations as Record<string, { responses?: Record<string, { content?: unknown }> }>)
        // A route without a response schema still gets a bare "Default Response" (no content) from the generator.
        .filter(([, op]) => !Object.entries(op.responses ?? {}).some(([code, answer]) => code === '204' || (code.startsWith('2') && answer.content)))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(silent).toEqual([]);
    // The student card is a JPEG, not JSON.
    expect(Object.keys(doc.paths['/api/ops/users/{id}/student-card/'].get.responses!['200'].content ?? {})).toEqual(['image/jpeg']);
    expect(Object.keys(doc.paths['/api/ops/verifications/{userId}/card'].get.responses!['200'].content ?? {})).toEqual(['image/jpeg']);
    // A party's calendar file is iCalendar, and public like the party's page.
    expect(Object.keys(doc.paths['/api/detailview/parties/{partyId}/calendar.ics'].get.responses!['200'].content ?? {})).toEqual(['text/calendar']);
    expect(doc.paths['/api/detailview/parties/{partyId}/calendar.ics'].get.security).toEqual([]);
    // The console shows the card beside the student (an operator's session), the CLI saves it (the token).
    expect(doc.paths['/api/ops/verifications/{userId}/card'].get.security).toEqual([{ opsToken: [] }, { opsSession: [] }]);
    expect(doc.paths['/api/mypage/student-card/'].post.security).toEqual([{ bearerAuth: [] }]);
    expect(JSON.stringify(doc.paths['/api/mypage/main/'].get.responses!['200'])).toContain('MyPageMain');
  });

  it('names and sums up every call, with an id a generated client can use', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
    expect(operations.filter(({ op }) => !op.summary)).toEqual([]);
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    expect(doc.paths['/api/reserve/join/{partyId}/'].post.operationId).toBe('postReserveJoinByPartyId');
    expect(doc.paths['/healthz'].get.operationId).toBe('getHealthz');
  });

  it("documents each call's errors by exact status, with the one shared error body", () => {
    const codes = Object.values(doc.paths).flatMap((ops) => Object.values(ops).flatMap((op) => Object.keys(op.responses ?? {})));
    // No `4XX` or `default` standing in for the statuses a client must handle.
    expect(codes.filter((code) => !/^[1-5]\d\d$/.test(code))).toEqual([]);
    const join = doc.paths['/api/reserve/join/{partyId}/'].post.responses!;
    expect(Object.keys(join).sort()).toEqual(['201', '400', '401', '403', '404', '409', '413', '415', '422', '503']);
    expect(join['409']).toEqual({ $ref: '#/components/responses/Conflict' });
    expect(doc.components.responses.Conflict.content).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } });
    // A guest's read: only what any request may meet; the list adds its filters' 400 and the searches' budget.
    expect(Object.keys(doc.paths['/api/homemap/tags/'].get.responses!).sort()).toEqual(['200', '304', '503']);
    expect(Object.keys(doc.paths['/api/homemap/home/'].get.responses!).sort()).toEqual(['200', '304', '400', '429', '503']);
    // Only the server's token manages operators: a console session is refused with 403.
    expect(doc.paths['/api/ops/operators/'].post.responses!['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
  });

  it('documents the Idempotency-Key header, and its 409 and 422, on each student action that takes it', () => {
    const actions = [
      ['post', '/api/reserve/join/{partyId}/'],
      ['post', '/api/reserve/pay/{id}/'],
      ['post', '/api/detailview/parties/{partyId}/leave/'],
      ['post', '/api/reserve/waitlist/{partyId}/'],
      ['delete', '/api/reserve/waitlist/{partyId}/'],
      ['post', '/api/v1/game/questions/{questionId}/vote/'],
    ] as const;
    for (const [method, path] of actions) {
      const op = doc.paths[path][method] as { parameters?: { in: string; name: string; required?: boolean }[]; responses?: Record<string, unknown> };
      expect(op.parameters?.find((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'), `${method} ${path}`).toMatchObject({ required: false });
      expect(op.responses?.['409'], `${method} ${path}`).toEqual({ $ref: '#/components/responses/Conflict' });
      expect(op.responses?.['422'], `${method} ${path}`).toEqual({ $ref: '#/components/responses/UnprocessableEntity' });
    }
  });

  it("documents the device cookie a password login sets (students' and operators')", () => {
    for (const path of ['/api/signup/auth/login/', '/api/ops/auth/login/']) {
      const ok = doc.paths[path].post.responses?.['200'] as { headers?: Record<string, { description?: string }> } | undefined;
      expect(ok?.headers?.['Set-Cookie']?.description, path).toMatch(/device cookie.*HttpOnly/s);
    }
  });

  it('says where the calls go: PUBLIC_URL, or wherever the document was read from', async () => {
    expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    const deployed = await createTestApp({ env: { PUBLIC_URL: 'https://partyon.hanbit.ac.kr/' } });
    try {
      const published = (await deployed.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Document;
      expect(published.servers.map((s) => s.url)).toEqual(['https://partyon.hanbit.ac.kr']);
    } finally {
      await deployed.close();
    }
  });

  it('describes answers from the same schemas the routes serialise with', () => {
    const ok = doc.paths['/api/detailview/parties/{partyId}/'].get.responses!['200'];
    expect(JSON.stringify(ok)).toContain('PartyDetail');
  });

  it('has a readable page at /api/docs, served from our own files inside our CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toMatch(/(src|href)="https?:\/\//);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    // Every script it loads is ours, and none is inline.
    const scripts = [...page.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, inline] of scripts) {
      expect(inline.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attrs)![1];
      const file = await t.app.inject({ method: 'GET', url: new URL(src, 'http://x/api/docs/').pathname });
      expect(file.statusCode, src).toBe(200);
    }
  });
});
