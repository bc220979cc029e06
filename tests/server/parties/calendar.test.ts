import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParty, createTestApp, type TestApp } from '../../helpers/test-app';
import { CALENDAR_EVENT_HOURS, foldLine } from '../../../src/server/parties/calendar';

/**
 * A small reader of what a calendar app reads (RFC 5545 §3.1): unfold (CRLF followed by one space or tab joins the
 * lines), split each line at its first unquoted colon, unescape TEXT values.
 */
function parseIcs(text: string) {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  expect(lines.pop()).toBe(''); // the file ends with CRLF
  return lines.map((line) => {
    const colon = line.indexOf(':');
    const [name] = line.slice(0, colon).split(';');
    return { name, value: line.slice(colon + 1) };
  });
}
const unescapeText = (v: string) => v.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
const prop = (lines: ReturnType<typeof parseIcs>, name: string) => lines.find((l) => l.name === name)?.value;
const icsInstant = (v: string) => new Date(v.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'));

describe('a party as a calendar file (GET /api/detailview/parties/{id}/calendar.ics)', () => {
  let t: TestApp;
  let partyId: number;
  const title = '보드게임, 치킨; 그리고 \\ 백슬래시\n2부까지 함께하는 아주 긴 제목의 한빛대학교 캠퍼스 파티';
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://partyon.example.kr' } });
    partyId = await createParty(t, { title, hoursFromNow: 30 });
  });
  afterAll(() => t?.close());

  const ics = (id: number | string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/detailview/parties/${id}/calendar.ics`, headers });

  it('answers one event at the party’s instant, to guests too, as text/calendar with CRLF lines', async () => {
    const res = await ics(partyId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="party-${partyId}.ics"`);
    // Every line ends with CRLF: no bare LF or CR anywhere.
    expect(res.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = parseIcs(res.body);
    expect(lines.map((l) => l.name).filter((n) => n === 'BEGIN' || n === 'END')).toEqual(['BEGIN', 'BEGIN', 'END', 'END']);
    expect(prop(lines, 'VERSION')).toBe('2.0');
    expect(prop(lines, 'CALSCALE')).toBe('GREGORIAN');
    expect(prop(lines, 'PRODID')).toBeTruthy();

    const detail = (await t.app.inject({ method: 'GET', url: `/api/detailview/parties/${partyId}/` })).json();
    const start = icsInstant(prop(lines, 'DTSTART')!);
    expect(start.toISOString()).toBe(new Date(detail.start_time).toISOString());
    expect(icsInstant(prop(lines, 'DTEND')!).getTime() - start.getTime()).toBe(CALENDAR_EVENT_HOURS * 3_600_000);
    expect(prop(lines, 'DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);
    expect(prop(lines, 'UID')).toBe(`party-${partyId}@partyon.example.kr`);
    expect(unescapeText(prop(lines, 'LOCATION')!)).toBe(detail.place_name);
    expect(unescapeText(prop(lines, 'DESCRIPTION')!)).toBe(detail.description);
    expect(prop(lines, 'URL')).toBe(`https://partyon.example.kr/partyinfo/${partyId}`);
    expect(prop(lines, 'STATUS')).toBe('CONFIRMED');
  });

  it('escapes commas, semicolons, backslashes and newlines in the title, and reads back as the title', async () => {
    const res = await ics(partyId);
    const summary = prop(parseIcs(res.body), 'SUMMARY')!;
    expect(summary).toContain('보드게임\\, 치킨\\; 그리고 \\\\ 백슬래시\\n2부까지');
    expect(unescapeText(summary)).toBe(title);
  });

  it('folds every line at 75 octets without cutting a Korean character', async () => {
    const res = await ics(partyId);
    const physical = res.body.split('\r\n');
    expect(physical.some((l) => l.startsWith(' '))).toBe(true); // the long title was folded
    for (const line of physical) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      // A cut character would be written as U+FFFD once the bytes are decoded line by line.
      expect(Buffer.from(line).toString('utf8')).not.toContain('\uFFFD');
    }
    // Hangul (3 octets) and an emoji (4 octets, two UTF-16 units) at every offset across the 75-octet edge.
    for (let pad = 0; pad < 4; pad += 1) {
      const folded = foldLine(`SUMMARY:${'a'.repeat(pad)}${'가😀'.repeat(30)}`);
      for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
      expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${'a'.repeat(pad)}${'가😀'.repeat(30)}`);
      expect(folded).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/); // no lone high surrogate
    }
  });

  it('says a cancelled party is cancelled, so a calendar that imported it can mark it', async () => {
    const id = await createParty(t, { title: '취소될 파티' });
    await t.app.inject({ method: 'POST', url: `/api/ops/parties/${id}/cancel/`, headers: { 'x-ops-token': t.opsToken } });
    expect(prop(parseIcs((await ics(id)).body), 'STATUS')).toBe('CANCELLED');
  });

  it('answers 404 for an unknown party and for an id that is not one', async () => {
    for (const id of [999999, 'abc']) {
      const res = await ics(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: '파티를 찾을 수 없습니다.' });
    }
  });

  it('without PUBLIC_URL, links to the request’s own host, and leaves the link out for a Host that is no host name', async () => {
    const local = await createTestApp({ database: t.database });
    try {
      const lines = parseIcs((await local.app.inject({ method: 'GET', url: `/api/detailview/parties/${partyId}/calendar.ics`, headers: { host: 'campus.example:8080' } })).body);
      expect(prop(lines, 'URL')).toBe(`http://campus.example:8080/partyinfo/${partyId}`);
      expect(prop(lines, 'UID')).toBe(`party-${partyId}@campus.example`);
      const spoofed = parseIcs((await local.app.inject({ method: 'GET', url: `/api/detailview/parties/${partyId}/calendar.ics`, headers: { host: 'evil.example/"><x' } })).body);
      expect(prop(spoofed, 'URL')).toBeUndefined();
    } finally {
      await local.app.close();
      await local.bus.close();
    }
  });

  it('says the file varies by Host when its links come from the Host (no PUBLIC_URL), and not when PUBLIC_URL names them', async () => {
    const vary = (res: { headers: Record<string, unknown> }) => String(res.headers.vary ?? '').toLowerCase();
    expect(vary(await ics(partyId, { host: 'campus.example' }))).not.toContain('host');
    const local = await createTestApp({ database: t.database });
    try {
      const res = await local.app.inject({ method: 'GET', url: `/api/detailview/parties/${partyId}/calendar.ics`, headers: { host: 'campus.example' } });
      expect(vary(res).split(/\s*,\s*/)).toContain('host');
    } finally {
      await local.app.close();
      await local.bus.close();
    }
  });
});
