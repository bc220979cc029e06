// What the console's tests share: a signed-in operator, and parties and attendees as /api/ops/ answers them.

/** The console signed in as the demo operator (its session lives in sessionStorage, as the app keeps it). */
export function signInOperator() {
  sessionStorage.setItem('partyon.ops.session', JSON.stringify({ token: 'ops_token', operator: { id: 1, username: 'ops_demo' } }));
}

/** A paid attendee holding a deposit, unless `extra` says otherwise. */
export const opsAttendee = (id: number, name: string, extra: object = {}) => ({
  participation_id: 100 + id,
  user: { id, username: `user${id}`, name },
  status: 'confirmed',
  paid_amount: 1500,
  deposit_state: 'held',
  is_standby: false,
  checked_in_at: null,
  joined_at: '2026-03-01T10:00:00Z',
  ...extra,
});

/** Party 7 as GET /api/ops/parties/7/ answers it: upcoming (19:00 in Seoul, far ahead), 5 of 8 seats taken, 4 paid. */
export const opsPartyDetail = (extra: object = {}) => ({
  id: 7,
  title: '보드게임 번개',
  start_time: '2027-03-10T10:00:00Z',
  status: 'open',
  phase: 'upcoming',
  place: { id: 1, name: '학생회관' },
  tags: ['보드게임', '친목'],
  deposit: 1500,
  max_participants: 8,
  applied_count: 5,
  paid_count: 4,
  checked_in_count: 0,
  no_show_count: 0,
  description: '보드게임 하실 분',
  attendees: [],
  ...extra,
});
