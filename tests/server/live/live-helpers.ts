import { bearer, createParty, createStudent, createStudents, loginAs, type TestApp } from '../../helpers/test-app';

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

/** A student signed in on two devices (two sign-ins), with a paid seat at a party whose lobby is open. */
export async function paidOnTwoDevices(t: TestApp) {
  const student = await createStudent(t);
  const phone = await loginAs(t, student.username);
  const laptop = await loginAs(t, student.username);
  const partyId = await createParty(t, { hoursFromNow: 0.25, deposit: 1000 });
  const joined = await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: bearer(phone.access) });
  const paid = await t.app.inject({ method: 'POST', url: `/api/reserve/pay/${joined.json().id}/`, headers: bearer(phone.access), payload: { payment_method: 'POINT' } });
  if (paid.statusCode !== 200) throw new Error(`pay failed: ${paid.body}`);
  return { student, phone, laptop, partyId };
}
