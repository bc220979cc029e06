import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';

describe('a URL the router cannot read', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers a broken percent-encoding with 400 in our format and in Korean', async () => {
    for (const url of ['/api/detailview/parties/%E0%A4%A/', '/api/reserve/join/%/', '/partyinfo/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ detail: '요청 형식이 올바르지 않습니다.' });
    }
  });
});
