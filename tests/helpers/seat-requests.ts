import type { TestApp } from './test-app';

export type Student = { id: number; auth: { authorization: string } };

/**
 * The calls the race tests fire at a test app, each as the student (or the operator) would send it. `app` is a getter
 * because the race files make their app in `beforeAll`, after these are named.
 */
export function seatRequests(app: () => TestApp) {
  const post = (url: string, headers: Record<string, string>, payload?: object) => app().app.inject({ method: 'POST', url, headers, payload });
  return {
    join: (partyId: number, s: Student) => post(`/api/reserve/join/${partyId}/`, s.auth),
    pay: (participationId: number, s: Student) => post(`/api/reserve/pay/${participationId}/`, s.auth, { payment_method: 'POINT' }),
    leave: (partyId: number, s: Student) => post(`/api/detailview/parties/${partyId}/leave/`, s.auth),
    withdraw: (s: Student) => post('/api/mypage/withdraw/', s.auth, {}),
    readAll: (s: Student) => post('/api/notice/read-all/', s.auth),
    cancel: (partyId: number) => post(`/api/ops/parties/${partyId}/cancel/`, { 'x-ops-token': app().opsToken }),
  };
}
