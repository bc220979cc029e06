import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../msw/server';
import { renderApp } from '../render-app';

const entry = (id: number, extra: object = {}) => ({
  id,
  operator_id: 1,
  actor: 'ops_demo',
  action: 'party.update',
  action_label: '파티 수정',
  target_type: 'party',
  target_id: 7,
  target_detail: { name: '보드게임 번개', path: '/parties/7', gone: false },
  before: { max_participants: 8 },
  after: { max_participants: 10 },
  // 15:04 in Seoul.
  created_at: '2026-11-27T06:04:00Z',
  ...extra,
});

beforeEach(() => {
  sessionStorage.setItem('partyon.ops.session', JSON.stringify({ token: 'ops_token', operator: { id: 1, username: 'ops_demo' } }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/ops/audit', () => {
  it('lists what operators did in words: Seoul time, the target by name as a link, each field before → after; pages back', async () => {
    const asked: string[] = [];
    const grant = entry(4, {
      operator_id: null,
      actor: 'token',
      action: 'points.grant',
      action_label: '포인트 지급·회수',
      target_type: 'user',
      target_id: 10,
      target_detail: { name: '김하늘 (@student1)', path: '/users/10', gone: false },
      before: { points: 10_000 },
      after: { points: 10_500, reason: '행사 보상' },
    });
    server.use(
      http.get('/api/ops/audit/', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        if (url.searchParams.get('before_id') === '5') return HttpResponse.json({ results: [grant], next_before_id: null });
        return HttpResponse.json({ results: [entry(5)], next_before_id: 5 });
      }),
    );
    const ui = renderApp('/ops/audit');
    const row = await screen.findByRole('row', { name: /파티 수정/ });
    expect(within(row).getByText('2026. 11. 27. 오후 3:04')).toBeInTheDocument();
    expect(within(row).getByText('정원: 8명 → 10명')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '보드게임 번개' })).toHaveAttribute('href', '/ops/parties/7');
    for (const rawValue of within(row).getAllByText(/max_participants/)) expect(rawValue).not.toBeVisible();

    await ui.user.click(screen.getByRole('button', { name: '더 보기' }));
    const granted = await screen.findByRole('row', { name: /포인트 지급·회수/ });
    expect(within(granted).getByRole('link', { name: '김하늘 (@student1)' })).toHaveAttribute('href', '/ops/users/10');
    expect(within(granted).getByText('포인트: 10,000P → 10,500P')).toBeInTheDocument();
    expect(within(granted).getByText('사유: 행사 보상')).toBeInTheDocument();
    expect(within(granted).getByText('공용 토큰 (CLI)')).toBeInTheDocument();
    // The raw values only behind 자세히.
    await ui.user.click(within(granted).getByText('자세히'));
    expect(within(granted).getByText(/"reason": "행사 보상"/)).toBeVisible();
    expect(screen.queryByRole('button', { name: '더 보기' })).not.toBeInTheDocument();
    expect(asked).toEqual(['', '?before_id=5']);
  });

  it('says when the target was withdrawn or deleted, and names a target without a page unlinked', async () => {
    server.use(
      http.get('/api/ops/audit/', () =>
        HttpResponse.json({
          results: [
            entry(3, { action: 'user.suspend', action_label: '이용 정지', target_type: 'user', target_id: 9, target_detail: { name: '탈퇴한 회원 #9', path: '/users/9', gone: true }, before: { suspended: false }, after: { reason: '노쇼' } }),
            entry(2, { action: 'operator.create', action_label: '운영자 추가', target_type: 'operator', target_id: 2, target_detail: { name: 'night_ops', path: null, gone: false }, before: null, after: { username: 'night_ops' } }),
          ],
          next_before_id: null,
        }),
      ),
    );
    renderApp('/ops/audit');
    const suspended = await screen.findByRole('row', { name: /이용 정지/ });
    expect(within(suspended).getByText('(삭제·탈퇴됨)')).toBeInTheDocument();
    expect(within(suspended).getByText('이용 정지: 아니요 → –')).toBeInTheDocument();
    const added = screen.getByRole('row', { name: /운영자 추가/ });
    expect(within(added).getByText('night_ops', { selector: 'td' })).toBeInTheDocument();
    expect(within(added).queryByRole('link')).not.toBeInTheDocument();
    expect(within(added).getByText('아이디: night_ops')).toBeInTheDocument();
  });

  it('keeps every filter in the URL: action, target, who did it and a range of campus days', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/ops/audit/', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ results: [], next_before_id: null });
      }),
    );
    const ui = renderApp('/ops/audit');
    expect(await screen.findByText('기록이 없습니다.')).toBeInTheDocument();
    await ui.user.selectOptions(screen.getByLabelText('작업'), '학생 인증 반려');
    await ui.user.selectOptions(screen.getByLabelText('대상'), '학생');
    await ui.user.type(screen.getByLabelText('대상 번호'), '10');
    await ui.user.type(screen.getByLabelText('처리자'), 'token');
    await ui.user.type(screen.getByLabelText('기간 시작'), '2026-03-05');
    await ui.user.type(screen.getByLabelText('기간 끝'), '2026-03-01');
    await ui.user.click(screen.getByRole('button', { name: '적용' }));
    // An end before the start is said beside the field, and nothing typed is lost.
    expect(await screen.findByText('끝 날짜가 시작 날짜보다 앞입니다.')).toBeInTheDocument();
    expect(screen.getByLabelText('기간 끝')).toHaveValue('2026-03-01');
    expect(ui.currentPath()).toBe('/ops/audit');

    await ui.user.clear(screen.getByLabelText('기간 끝'));
    await ui.user.type(screen.getByLabelText('기간 끝'), '2026-03-07');
    await ui.user.click(screen.getByRole('button', { name: '적용' }));
    const query = '?action=verification.reject&target_type=user&target_id=10&actor=token&from=2026-03-05&to=2026-03-07';
    await expect.poll(() => ui.currentPath()).toBe(`/ops/audit${query}`);
    await expect.poll(() => asked.at(-1)).toBe(query);
  });

  it('reads the filters back from a shared link', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/ops/audit/', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ results: [], next_before_id: null });
      }),
    );
    renderApp('/ops/audit?target_type=user&target_id=10&from=2026-03-05&to=nonsense');
    expect(await screen.findByText('기록이 없습니다.')).toBeInTheDocument();
    expect(screen.getByLabelText('대상')).toHaveValue('user');
    expect(screen.getByLabelText('대상 번호')).toHaveValue('10');
    expect(screen.getByLabelText('기간 시작')).toHaveValue('2026-03-05');
    expect(screen.getByLabelText('기간 끝')).toHaveValue('');
    expect(asked).toEqual(['?target_type=user&target_id=10&from=2026-03-05']);
  });

  it('downloads the filtered log as CSV with the operator’s session, and says so', async () => {
    const exported: { search: string; auth: string | null }[] = [];
    server.use(
      http.get('/api/ops/audit/', () => HttpResponse.json({ results: [entry(5)], next_before_id: null })),
      http.get('/api/ops/audit/export.csv', ({ request }) => {
        exported.push({ search: new URL(request.url).search, auth: request.headers.get('authorization') });
        return new HttpResponse('\uFEFF시각 (서울),처리자\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
      }),
    );
    const made: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(globalThis.URL, { createObjectURL: (blob: Blob) => (made.push(blob), 'blob:audit'), revokeObjectURL: () => undefined }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.href}`);
    });
    const ui = renderApp('/ops/audit?action=party.update');
    await screen.findByRole('row', { name: /파티 수정/ });
    await ui.user.click(screen.getByRole('button', { name: 'CSV 다운로드' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/partyon-audit-\d{4}-\d{2}-\d{2}\.csv 파일을 내려받았습니다\./);
    expect(exported).toEqual([{ search: '?action=party.update', auth: 'Bearer ops_token' }]);
    expect(clicked).toEqual([expect.stringMatching(/^partyon-audit-.*\.csv blob:audit$/)]);
    expect(await made[0].text()).toContain('시각 (서울)');
    click.mockRestore();
  });
});
