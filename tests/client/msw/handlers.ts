import { http, HttpResponse } from 'msw';
import { PARTY_DETAIL, PRIVACY_POLICY, PROFILE } from './fixtures';

// Defaults every test starts from: a quiet backend that knows one student. Tests override what they examine.
export const handlers = [
  // The app asks whether the server is ready again while it finds it out of reach (state/ServerRecovery.tsx).
  http.get('/readyz', () => HttpResponse.json({ status: 'ready' })),
  http.get('/api/homemap/home/', () => HttpResponse.json([])),
  http.get('/api/homemap/tags/', () => HttpResponse.json([])),
  http.get('/api/campus/', () => HttpResponse.json({ school: '한빛대학교', campus_name: '', map: null })),
  http.get('/api/privacy/', () => HttpResponse.json(PRIVACY_POLICY)),
  http.get('/api/notice/', () => HttpResponse.json([])),
  http.get('/api/partyassist/myparties/', () => HttpResponse.json([])),
  http.get('/api/reserve/waitlist/', () => HttpResponse.json([])),
  http.get('/api/reserve/waitlist/:partyId/', () => HttpResponse.json({ position: null })),
  http.get('/api/notice/unread-count/', () => HttpResponse.json({ count: 0 })),
  http.get('/api/detailview/parties/:id/', ({ params }) => HttpResponse.json({ ...PARTY_DETAIL, id: Number(params.id) })),
  // A test that ends on /payment unmounts it unpaid, which (rightly) gives the seat back.
  http.post('/api/detailview/parties/:id/leave/', () => HttpResponse.json({ status: 'cancelled', refunded: 0 })),
  // The console asks who is signed in (its 운영자 entry is for admins only): the demo operator, not an admin.
  http.get('/api/ops/auth/me/', () => HttpResponse.json({ operator: { id: 1, username: 'ops_demo' }, is_admin: false, expires_at: '2030-01-01T00:00:00Z' })),
  // Every logout tells the server (use-session-actions.ts).
  http.post('/api/signup/auth/logout/', () => new HttpResponse(null, { status: 204 })),
  http.get('/api/mypage/main/', ({ request }) =>
    request.headers.get('Authorization')
      ? HttpResponse.json(PROFILE)
      : HttpResponse.json({ detail: '로그인이 필요합니다.' }, { status: 401 }),
  ),
];
