import { http, HttpResponse } from 'msw';
import { PROFILE } from './fixtures';

// Defaults every test starts from: a quiet backend that knows one student. Tests override what they examine.
export const handlers = [
  http.get('/api/homemap/home/', () => HttpResponse.json([])),
  http.get('/api/notice/', () => HttpResponse.json([])),
  http.get('/api/mypage/main/', ({ request }) =>
    request.headers.get('Authorization')
      ? HttpResponse.json(PROFILE)
      : HttpResponse.json({ detail: '로그인이 필요합니다.' }, { status: 401 }),
  ),
];
