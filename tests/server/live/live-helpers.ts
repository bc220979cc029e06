import { createParty, createStudents, type TestApp } from '../../helpers/test-app';

/** A party starting in 15 minutes (standby open) with `n` students who joined and paid. */
export async function paidParty(t: TestApp, n: number, opts: { deposit?: number; max?: number; minutesFromNow?: number } = {}) {
  const partyId = await createParty(t, { hoursFromNow: (opts.minutesFromNow ?? 15) / 60, deposit: opts.deposit ?? 1000, max: opts.max ?? Math.max(n, 2) });
  const students = await createStudents(t, n);
  for (const s of students) {
    const j = await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: s.auth });
    const p = await t.app.inject({ method: 'POST', url: `/api/reserve/pay/${j.json().id}/`, headers: s.auth, payload: { payment_method: 'POINT' } });
    if (p.statusCode !== 200) throw new Error(`pay failed: ${p.body}`);
  }
  return { partyId, students };
}

export const toggle = (t: TestApp, partyId: number, auth: { authorization: string }) =>
  t.app.inject({ method: 'POST', url: `/api/partyassist/standby/${partyId}/toggle/`, headers: auth });
