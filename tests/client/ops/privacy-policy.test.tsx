import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { renderApp } from '../render-app';

interface Version {
  version: number;
  effective_date: string;
  body: string;
  published_by: string;
  created_at: string;
  in_effect: boolean;
}

const V1: Version = { version: 1, effective_date: '2026-03-02', body: '# 처리방침\n\n첫 버전', published_by: 'system', created_at: '2026-03-02T01:00:00.000Z', in_effect: true };

/** The console's privacy endpoints over a list that a publish adds to, recording what was sent. */
function policyServer(refuse?: (body: Record<string, unknown>) => Response | undefined) {
  let versions: Version[] = [V1];
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.get('/api/ops/privacy/', () => HttpResponse.json({ current_version: versions.find((v) => v.in_effect)?.version ?? null, versions })),
    http.post('/api/ops/privacy/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      const refused = refuse?.(body);
      if (refused) return refused;
      const next: Version = { version: versions.length + 1, effective_date: String(body.effective_date), body: String(body.body), published_by: 'ops_demo', created_at: '2026-03-03T01:00:00.000Z', in_effect: true };
      versions = [next, ...versions.map((v) => ({ ...v, in_effect: false }))];
      return HttpResponse.json(next, { status: 201 });
    }),
  );
  return sent;
}

beforeEach(() => {
  sessionStorage.setItem('partyon.ops.session', JSON.stringify({ token: 'ops_token', operator: { id: 1, username: 'ops_demo' } }));
});

describe('/ops/privacy', () => {
  it('starts from the newest text, previews the Markdown, publishes a new version and lists it above the old one', async () => {
    const sent = policyServer();
    const ui = renderApp('/ops/privacy');
    expect(await screen.findByRole('link', { name: '개인정보 처리방침' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('지금 시행 중: 버전 1 (시행일 2026-03-02)')).toBeInTheDocument();
    const body = screen.getByLabelText('내용 (Markdown)');
    expect(body).toHaveValue('# 처리방침\n\n첫 버전');
    await ui.user.clear(body);
    await ui.user.type(body, '# 새 처리방침{enter}{enter}- 학생증은 30일 뒤 삭제');
    const preview = screen.getByRole('region', { name: '미리 보기' });
    expect(within(preview).getByRole('heading', { name: '새 처리방침' })).toBeInTheDocument();
    expect(within(preview).getByRole('listitem')).toHaveTextContent('학생증은 30일 뒤 삭제');
    const date = screen.getByLabelText('시행일') as HTMLInputElement;
    expect(date.value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await ui.user.click(screen.getByRole('button', { name: '게시' }));

    expect(await screen.findByText(`버전 2을 게시했습니다. 시행일: ${date.value}`)).toBeInTheDocument();
    expect(sent).toEqual([{ body: '# 새 처리방침\n\n- 학생증은 30일 뒤 삭제', effective_date: date.value }]);
    expect(await screen.findByText(`지금 시행 중: 버전 2 (시행일 ${date.value})`)).toBeInTheDocument();
    const history = screen.getByRole('region', { name: '지난 버전' });
    // One entry per version (a version's own text may hold lists too).
    const items = [...history.querySelectorAll('.ops-privacy-history__item')];
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/버전 2.*시행 중.*ops_demo/);
    expect(items[1]).toHaveTextContent(/버전 1.*지난 버전.*기본 문서/);
  });

  it('says nothing was published when the text and date are the newest version’s (the server answers that version, 200)', async () => {
    // The server compares the text and the date with the newest version; this stand-in only the text.
    const sent = policyServer((body) => (body.body === V1.body ? HttpResponse.json(V1, { status: 200 }) : undefined));
    const ui = renderApp('/ops/privacy');
    expect(await screen.findByLabelText('내용 (Markdown)')).toHaveValue(V1.body);
    await ui.user.click(screen.getByRole('button', { name: '게시' }));
    expect(await screen.findByText('내용과 시행일이 최신 버전(버전 1)과 같아 새 버전을 게시하지 않았습니다.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(screen.getByText('지금 시행 중: 버전 1 (시행일 2026-03-02)')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '지난 버전' }).querySelectorAll('.ops-privacy-history__item')).toHaveLength(1);
  });

  it("puts the server's refusal beside its field and keeps what was typed", async () => {
    policyServer((body) => (body.effective_date === '2020-01-01' ? HttpResponse.json({ effective_date: ['시행일은 오늘이거나 그 뒤여야 합니다.'] }, { status: 400 }) : undefined));
    const ui = renderApp('/ops/privacy');
    const date = await screen.findByLabelText('시행일');
    await ui.user.clear(date);
    await ui.user.type(date, '2020-01-01');
    await ui.user.click(screen.getByRole('button', { name: '게시' }));
    await waitFor(() => expect(date).toHaveAccessibleDescription(/시행일은 오늘이거나 그 뒤여야 합니다\./));
    expect(date).toHaveFocus();
    expect(screen.getByLabelText('내용 (Markdown)')).toHaveValue('# 처리방침\n\n첫 버전');

    await ui.user.clear(screen.getByLabelText('내용 (Markdown)'));
    await ui.user.click(screen.getByRole('button', { name: '게시' }));
    expect(screen.getByLabelText('내용 (Markdown)')).toHaveAccessibleDescription(/처리방침 내용을 입력해 주세요\./);
  });
});
