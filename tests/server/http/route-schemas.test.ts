import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installErrorHandler } from '../../../src/server/http/errors';
import { installRouteSchemas } from '../../../src/server/http/route-schemas';
import { API_MESSAGES as M } from '../../../src/shared/api-messages';
import { idParam } from '../../../src/shared/id-schema';

// What a declared schema does to a request and an answer, on a route of its own (the real routes' answers are
// covered by their areas' tests and by the security suite).
describe('declared route schemas', () => {
  const app = Fastify();
  beforeAll(async () => {
    installErrorHandler(app);
    installRouteSchemas(app);
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const schema = {
      params: z.object({ id: idParam('그런 물건은 없어요.') }),
      body: z.object({ name: z.string({ error: '이름을 입력해 주세요.' }).min(1, { error: '이름을 입력해 주세요.' }) }),
      response: { 200: z.object({ id: z.number(), name: z.string() }) },
    };
    typed.post('/things/:id/', { schema }, async (req) => ({ id: req.params.id, name: req.body.name, secret: 'never sent' }));
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (url: string, payload?: string) =>
    app.inject({ method: 'POST', url, payload, headers: payload === undefined ? {} : { 'content-type': 'application/json' } });

  it('answers only the declared fields, the id already a number', async () => {
    const res = await post('/things/7/', JSON.stringify({ name: '의자' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 7, name: '의자' });
  });

  it('names each missing field in Korean whether the body is missing, null or empty', async () => {
    for (const payload of [undefined, 'null', '{}']) {
      const res = await post('/things/7/', payload);
      expect(res.statusCode, String(payload)).toBe(400);
      expect(res.json(), String(payload)).toEqual({ name: [M.required] });
    }
    expect((await post('/things/7/', JSON.stringify({ name: '' }))).json()).toEqual({ name: ['이름을 입력해 주세요.'] });
  });

  it("answers a path id that is not one with the route's own 404", async () => {
    for (const id of ['0', 'abc', '1e3', '99999999999']) {
      const res = await post(`/things/${id}/`, JSON.stringify({ name: '의자' }));
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ detail: '그런 물건은 없어요.' });
    }
  });
});
