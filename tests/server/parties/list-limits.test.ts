import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parties } from '../../../src/server/db/schema/parties';
import { SEARCH_HORIZON } from '../../../src/server/parties/list-filters';
import { createParty, createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';
import { twoInstancesCountingInRedis } from '../../helpers/two-instances';

const HOME = '/api/homemap/home/';
const MAP = '/api/detailview/parties/';
const TOO_MANY = { detail: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.' };

/** An address no other test run uses: with REDIS_URL the counters outlive the app, and runs may overlap. */
const freshAddress = () => `10.${[...randomBytes(3)].join('.')}`;
const search = (text: string) => `?q=${encodeURIComponent(text)}`;

const ask = (t: TestApp, remoteAddress: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, remoteAddress, headers });

describeEachDb('the filtered lists: a budget per address for what the cache does not hold', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, limits: { filteredListsPerIpPerMinute: 5 } });
    await createParty(t, { title: '보드게임 모임', hoursFromNow: 3 });
  });
  afterAll(() => t?.close());

  it('answers 429 with Retry-After to one address’s uncached searches past its limit, while another address still searches', async () => {
    const a = freshAddress();
    const codes: number[] = [];
    // Distinct words, as a script sweeping the search would send: none is in the cache.
    for (let i = 0; i < 7; i++) codes.push((await ask(t, a, `${i % 2 ? MAP : HOME}${search(`없는말${i}`)}`)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const refused = await ask(t, a, `${HOME}${search('보드')}`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The unfiltered lists never count, so the refused address still sees them.
    expect((await ask(t, a, HOME)).statusCode).toBe(200);
    expect((await ask(t, a, MAP)).statusCode).toBe(200);
    const b = await ask(t, freshAddress(), `${HOME}${search('보드')}`);
    expect(b.statusCode).toBe(200);
    expect(b.json()).toHaveLength(1);
  });

  it('counts a burst of simultaneous searches one by one: as many pass as the limit allows, the rest are refused', async () => {
    const a = freshAddress();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => ask(t, a, `${MAP}${search(`한꺼번에${i}`)}`)));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(5);
    expect(codes.filter((code) => code === 429)).toHaveLength(7);
  });

  it('never counts the unfiltered lists, a filtered list the cache holds, or its 304; a repeat the cache no longer holds counts', async () => {
    const a = freshAddress();
    // Each second a new unfiltered list is computed: still free.
    for (let i = 0; i < 8; i++) {
      t.clock.advance(1000);
      expect((await ask(t, a, i % 2 ? MAP : HOME)).statusCode).toBe(200);
    }
    t.clock.advance(1000);
    const first = await ask(t, a, `${HOME}${search('보드')}`); // 1: computed
    expect(first.statusCode).toBe(200);
    // The same search while the cache holds it (a second), from the home list, the map list (one cache for both) and
    // as a revalidation; sent together, so a slow machine cannot let the second pass meanwhile.
    const held = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => ask(t, a, `${i % 2 ? MAP : HOME}${search('보드')}`)),
      ask(t, a, `${HOME}${search('보드')}`, { 'if-none-match': first.headers.etag as string }),
    ]);
    expect(held.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 304]);
    // The next second the answer is computed again, and a revalidation costs that query as much as a 200 would.
    t.clock.advance(1000);
    expect((await ask(t, a, `${HOME}${search('보드')}`, { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304); // 2
    for (const word of ['축구', '야식', '영화']) expect((await ask(t, a, `${HOME}${search(word)}`)).statusCode).toBe(200); // 3, 4, 5
    expect((await ask(t, a, `${HOME}?open=1`)).statusCode).toBe(429); // 6: every filter is a search of its own
  });
});

describe('the filtered lists at the default budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createParty(t, { title: '배드민턴 번개', hoursFromNow: 3, tags: ['운동'] });
  });
  afterAll(() => t?.close());

  it('lets a student type two searches letter by letter, on home and the map, and tap the chips', async () => {
    const a = freshAddress();
    // What the search field holds as the keyboard composes each syllable; the app asks 300 ms after the last change,
    // so a quick typist's every step may reach the server.
    const typed = ['ㅂ', '배', '뱯', '배드', '배듬', '배드미', '배드민', '배드민ㅌ', '배드민터', '배드민턴', 'ㅂ', '번', '번ㄱ', '번개'];
    const codes: number[] = [];
    for (const text of typed) {
      t.clock.advance(300);
      for (const path of [HOME, MAP]) codes.push((await ask(t, a, `${path}${search(text)}`)).statusCode);
    }
    for (const chips of ['?day=today', '?day=today&open=1', '?open=1', '?tag=운동', '?tag=운동&day=week', '']) {
      t.clock.advance(1000);
      codes.push((await ask(t, a, `${HOME}${encodeURI(chips)}`)).statusCode);
    }
    expect(codes.filter((code) => code !== 200)).toEqual([]);
    expect((await ask(t, a, `${HOME}${search('배드민턴')}`)).json()).toHaveLength(1);
  });
});

describeEachDb('the search horizon: a search reads a bounded number of parties', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
    await createParty(t, { title: '첫 모임', hoursFromNow: 1 });
    // SEARCH_HORIZON parties sooner than the one searched for, straight into the table (the API would take minutes).
    const start = t.clock.now().getTime() + 2 * 3_600_000;
    const rows = Array.from({ length: SEARCH_HORIZON }, (_, i) => ({
      title: `평범한 모임 ${i}`,
      placeId: t.placeId!,
      startTime: new Date(start + i * 60_000),
      maxParticipants: 10,
    }));
    await t.database.db.insert(parties).values(rows);
    await createParty(t, { title: '희귀한 모임', hoursFromNow: 24 * 5 }); // Sat 2026-03-07 10:00 in Seoul
  });
  afterAll(() => t?.close());

  it('searches the soonest upcoming parties up to the horizon (of the day asked for), not every one', async () => {
    const titles = async (query: string) => ((await t.app.inject({ method: 'GET', url: `${MAP}${query}` })).json() as { title: string }[]).map((p) => p.title);
    expect(await titles(search('첫 모임'))).toEqual(['첫 모임']);
    expect(await titles(search(`모임 ${SEARCH_HORIZON - 2}`))).toEqual([`평범한 모임 ${SEARCH_HORIZON - 2}`]);
    expect(await titles(search(`모임 ${SEARCH_HORIZON - 1}`))).toEqual([]);
    // Beyond the horizon of the whole list…
    expect(await titles(search('희귀'))).toEqual([]);
    // …but within that of its own day, which a search with the day reads.
    expect(await titles(`${search('희귀')}&day=2026-03-07`)).toEqual(['희귀한 모임']);
    // The unfiltered lists are as before: the soonest 500.
    expect(await titles('')).toHaveLength(500);
  });
});

const redisUrl = process.env.REDIS_URL;
(redisUrl ? describe : describe.skip)(`the filtered lists' budget on two instances through Redis${redisUrl ? '' : ' — skipped: REDIS_URL is not set'}`, () => {
  const pair = twoInstancesCountingInRedis('list-limits', { filteredListsPerIpPerMinute: 3 });

  it('counts one address’s uncached searches on both instances together', async () => {
    const address = freshAddress();
    const codes: number[] = [];
    const { a, b } = pair;
    for (const [i, app] of [a, b, a, b].entries()) codes.push((await ask(app, address, `${HOME}${search(`없는말${i}`)}`)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    expect((await ask(a, address, `${HOME}${search('보드')}`)).statusCode).toBe(429);
    expect((await ask(b, freshAddress(), `${HOME}${search('보드')}`)).statusCode).toBe(200);
  });
});
