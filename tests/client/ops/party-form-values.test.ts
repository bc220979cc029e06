import { describe, expect, it } from 'vitest';
import { PARTY_LIMITS, readPartyForm } from '../../../src/client/ops/party-form-check';
import { EMPTY_PARTY_FORM, parseTags, partyPatch, type PartyBody } from '../../../src/client/ops/party-form-values';
import { isoToSeoulWallTime, seoulWallTimeToIso } from '../../../src/client/ops/seoul-time';

describe('campus wall time', () => {
  it('reads what the operator typed as Seoul time, whatever the zone of the browser', () => {
    expect(seoulWallTimeToIso('2026-03-05', '19:00')).toBe('2026-03-05T19:00:00+09:00');
    expect(new Date(seoulWallTimeToIso('2026-03-05', '19:00')!).toISOString()).toBe('2026-03-05T10:00:00.000Z');
    // Just after midnight in Seoul is still the day before in UTC.
    expect(new Date(seoulWallTimeToIso('2026-03-06', '00:30')!).toISOString()).toBe('2026-03-05T15:30:00.000Z');
    expect(seoulWallTimeToIso('2026-03-05', '19:00:30')).toBe('2026-03-05T19:00:30+09:00');
  });

  it('gives the same instant in a browser far from Seoul', () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'America/Los_Angeles';
      expect(new Date(2026, 2, 5, 19).getTimezoneOffset()).toBe(480); // the zone really changed
      expect(Date.parse(seoulWallTimeToIso('2026-03-05', '19:00')!)).toBe(Date.parse('2026-03-05T10:00:00Z'));
      expect(isoToSeoulWallTime('2026-03-05T10:00:00Z')).toEqual({ date: '2026-03-05', time: '19:00' });
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('refuses a date or time that does not exist', () => {
    expect(seoulWallTimeToIso('2026-02-30', '19:00')).toBeNull();
    expect(seoulWallTimeToIso('2026-13-01', '19:00')).toBeNull();
    expect(seoulWallTimeToIso('2026-03-05', '24:10')).toBeNull();
    expect(seoulWallTimeToIso('2026-03-05', '')).toBeNull();
    expect(seoulWallTimeToIso('', '19:00')).toBeNull();
    expect(seoulWallTimeToIso('2028-02-29', '09:00')).toBe('2028-02-29T09:00:00+09:00');
  });

  it('shows an instant as the Seoul date and time, and back again', () => {
    expect(isoToSeoulWallTime('2026-03-05T15:30:00Z')).toEqual({ date: '2026-03-06', time: '00:30' });
    expect(isoToSeoulWallTime('2026-03-05T19:00:00+09:00')).toEqual({ date: '2026-03-05', time: '19:00' });
    const { date, time } = isoToSeoulWallTime('2026-12-31T23:59:00Z');
    expect(Date.parse(seoulWallTimeToIso(date, time)!)).toBe(Date.parse('2026-12-31T23:59:00Z'));
  });
});

const PARTY: PartyBody = {
  title: '보드게임 번개',
  description: '보드게임 하실 분',
  place_id: 1,
  start_time: '2026-03-10T10:00:00.000Z',
  max_participants: 8,
  deposit: 1500,
  tags: ['보드게임', '친목'],
};

describe('the edit sent', () => {
  it('names only the fields that changed', () => {
    expect(partyPatch(PARTY, { ...PARTY, max_participants: 10 })).toEqual({ max_participants: 10 });
    expect(partyPatch(PARTY, { ...PARTY, title: '새 제목', tags: ['친목'] })).toEqual({ title: '새 제목', tags: ['친목'] });
    expect(partyPatch(PARTY, { ...PARTY, start_time: '2026-03-11T19:00:00+09:00' })).toEqual({ start_time: '2026-03-11T19:00:00+09:00' });
  });

  it('sends nothing for the same instant written another way or the same tags in another order', () => {
    expect(partyPatch(PARTY, { ...PARTY, start_time: '2026-03-10T19:00:00+09:00', tags: ['친목', '보드게임'] })).toEqual({});
  });
});

describe('the form checked as the server checks it', () => {
  const NOW = Date.parse('2026-03-03T00:00:00Z');
  const filled = { ...EMPTY_PARTY_FORM, title: ' 보드게임 번개 ', placeId: '3', date: '2026-03-10', time: '19:00', seats: '8', deposit: '1500', tags: '#보드게임, 친목,, 보드게임' };

  it('takes its limits from the schema the server validates with', () => {
    expect(PARTY_LIMITS).toEqual({ title: 80, description: 2000, seatsMin: 2, seatsMax: 50, depositMin: 0, depositMax: 100_000, tagLength: 20, tagCount: 10 });
  });

  it('turns a good form into the body the API takes', () => {
    expect(readPartyForm(filled, NOW)).toEqual({
      body: { title: '보드게임 번개', description: '', place_id: 3, start_time: '2026-03-10T19:00:00+09:00', max_participants: 8, deposit: 1500, tags: ['보드게임', '친목'] },
    });
  });

  it('names every wrong field with its own message, with the limits of the shared schema', () => {
    const result = readPartyForm({ ...EMPTY_PARTY_FORM, title: 'x'.repeat(81), seats: '1', deposit: '100001', tags: 'a'.repeat(21) }, NOW);
    expect(result).toEqual({
      errors: {
        title: '80자까지 쓸 수 있습니다.',
        place_id: '장소를 골라 주세요.',
        start_time: '시작 날짜와 시간을 입력해 주세요.',
        max_participants: '정원은 2~50명이어야 합니다.',
        deposit: '보증금은 0~100,000P여야 합니다.',
        tags: '태그 하나는 20자까지 쓸 수 있습니다.',
      },
    });
    expect(readPartyForm({ ...filled, seats: '', deposit: '2.5', tags: Array.from({ length: 11 }, (_, i) => `t${i}`).join(',') }, NOW)).toEqual({
      errors: { max_participants: '정원을 입력해 주세요.', deposit: '소수점 없는 숫자로 입력해 주세요.', tags: '태그는 10개까지 붙일 수 있습니다.' },
    });
  });

  it('wants a start in the future, unless an edit keeps the time it had', () => {
    const past = { ...filled, date: '2026-03-02' };
    expect(readPartyForm(past, NOW)).toEqual({ errors: { start_time: '시작 시간은 지금 이후여야 합니다.' } });
    expect(readPartyForm(past, NOW, '2026-03-02T10:00:00.000Z')).toHaveProperty('body');
    expect(readPartyForm({ ...filled, date: '2026-02-30' }, NOW)).toEqual({ errors: { start_time: '없는 날짜나 시간입니다.' } });
  });

  it('reads tags split by commas, without the # students see and without repeats', () => {
    expect(parseTags(' 보드게임 ,#친목,，신입생,보드게임, ,')).toEqual(['보드게임', '친목', '신입생']);
  });
});
