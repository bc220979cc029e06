import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';
import { paidParty, toggle } from './live-helpers';

// The assistant's answers are written from their declared schemas, which send only the declared fields: each answer
// here is compared whole, so a field the screens read can never silently vanish (nor an extra column appear).
describeEachDb("the assistant's answers, field by field", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  it('lists a participant with their extra settings, and my party with every field', async () => {
    const { partyId, students } = await paidParty(t, 2, { max: 4 });
    const [me, mate] = students;
    const extra = { grade: '3학년', college: '공과대학', personality: '활발한', mbti: { i_e: 'E', n_s: 'N', f_t: 'F', p_j: 'P' } };
    const saved = await t.app.inject({ method: 'POST', url: '/api/mypage/extra-settings/me/', headers: mate.auth, payload: { extra } });
    expect(saved.statusCode).toBe(201);

    const list = await t.app.inject({ method: 'GET', url: `/api/partyassist/standby/${partyId}/participants/`, headers: me.auth });
    expect(list.statusCode).toBe(200);
    expect(list.json()[1]).toEqual({
      id: expect.any(Number),
      is_standby: false,
      user: { id: mate.id, username: mate.username, profile_image: null, intro: '', extra_setting: { extra } },
    });

    const mine = await t.app.inject({ method: 'GET', url: '/api/partyassist/myparties/', headers: me.auth });
    expect(mine.json()).toEqual([
      {
        id: partyId,
        title: expect.any(String),
        start_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        place_name: expect.any(String),
        place_photo: '/art/places/library.webp',
        participation_count: 2,
        max_participants: 4,
        participants: [me, mate].map((s) => ({ id: s.id, username: s.username, profile_image: null })),
        my_status: 'confirmed',
        hold_expires_at: null,
      },
    ]);
    expect((await toggle(t, partyId, me.auth)).json()).toEqual({ standby_count: 1, participation_count: 2, is_standby: true });
  });
});
