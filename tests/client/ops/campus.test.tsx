import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampusSettings } from '../../../src/shared/campus';
import { pngFile } from '../image-files';
import { server } from '../msw/server';
import { renderApp } from '../render-app';
import { signInOperator } from './ops-fixtures';

// The console's campus set-up (issue 29): the names, the two map drawings, the way back to the built-in art.

const BUILT_IN: CampusSettings = { school: '한빛대학교', campus_name: '', map: null };
const UPLOADED: CampusSettings = {
  school: '새솔대학교',
  campus_name: '서울캠퍼스',
  map: { overview: '/media/campus/o.webp', overview_png: '/media/campus/o.png', medium: '/media/campus/m.webp', large: '/media/campus/l.webp' },
};

let campus: CampusSettings;
beforeEach(() => {
  signInOperator();
  campus = BUILT_IN;
  server.use(http.get('/api/campus/', () => HttpResponse.json(campus)));
});
afterEach(() => vi.unstubAllGlobals());

async function openCampus() {
  const ui = renderApp('/ops/campus');
  await screen.findByRole('heading', { name: '캠퍼스 설정', level: 1 });
  await screen.findByRole('heading', { name: '학교와 캠퍼스 이름' });
  return ui;
}
const status = () => screen.getByRole('status');

describe('/ops/campus', () => {
  it('is in the console’s sections, shows the built-in campus, and saves new names with the operator’s session', async () => {
    const { user } = await openCampus();
    expect(screen.getByRole('link', { name: '캠퍼스' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByLabelText('학교 이름')).toHaveValue('한빛대학교');
    expect(screen.getByText(/기본 지도\(한빛대학교\)를 쓰고 있습니다/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '기본 지도로 되돌리기' })).not.toBeInTheDocument();

    let sent: { body: unknown; auth: string | null } | undefined;
    server.use(
      http.put('/api/ops/campus/', async ({ request }) => {
        sent = { body: await request.json(), auth: request.headers.get('Authorization') };
        campus = { ...BUILT_IN, school: '새솔대학교', campus_name: '서울캠퍼스' };
        return HttpResponse.json(campus);
      }),
    );
    await user.clear(screen.getByLabelText('학교 이름'));
    await user.type(screen.getByLabelText('학교 이름'), ' 새솔대학교 ');
    await user.type(screen.getByLabelText('캠퍼스 이름 (선택)'), '서울캠퍼스');
    await user.click(screen.getByRole('button', { name: '이름 저장' }));
    await waitFor(() => expect(status()).toHaveTextContent('캠퍼스 이름을 저장했습니다.'));
    expect(sent).toEqual({ body: { school: '새솔대학교', campus_name: '서울캠퍼스' }, auth: 'Bearer ops_token' });
    expect(screen.getByRole('img', { name: '새솔대학교 서울캠퍼스 캠퍼스 전체 지도' })).toBeInTheDocument();
  });

  it('says what is wrong with the names before and after sending', async () => {
    const { user } = await openCampus();
    await user.clear(screen.getByLabelText('학교 이름'));
    await user.click(screen.getByRole('button', { name: '이름 저장' }));
    expect(screen.getByLabelText('학교 이름')).toHaveAccessibleDescription(/학교 이름을 입력해 주세요\./);
    server.use(http.put('/api/ops/campus/', () => HttpResponse.json({ campus_name: ['캠퍼스 이름은 40자 이하로 입력해 주세요.'] }, { status: 400 })));
    await user.type(screen.getByLabelText('학교 이름'), '새솔대학교');
    await user.click(screen.getByRole('button', { name: '이름 저장' }));
    await waitFor(() => expect(screen.getByLabelText('캠퍼스 이름 (선택)')).toHaveAccessibleDescription(/40자 이하/));
  });

  it('uploads both drawings together, then shows the new map; a missing one is asked for without a request', async () => {
    const { user } = await openCampus();
    const posted = vi.fn();
    server.use(
      http.post('/api/ops/campus/map/', async ({ request }) => {
        const form = await request.formData();
        posted([...form.keys()].sort());
        campus = { ...UPLOADED, school: '한빛대학교', campus_name: '' };
        return HttpResponse.json(campus);
      }),
    );
    await user.upload(screen.getByLabelText('전체 지도 (822×460)'), pngFile('overview.png'));
    await screen.findByText(/고른 파일: overview\.png/);
    await user.click(screen.getByRole('button', { name: '지도 올리기' }));
    expect(screen.getByLabelText('상세 지도 (3704×1824)')).toHaveAccessibleDescription(/상세 지도 그림을 올려 주세요\./);
    expect(posted).not.toHaveBeenCalled();

    await user.upload(screen.getByLabelText('상세 지도 (3704×1824)'), pngFile('large.png'));
    await screen.findByText(/고른 파일: large\.png/);
    await user.click(screen.getByRole('button', { name: '지도 올리기' }));
    await waitFor(() => expect(status()).toHaveTextContent('캠퍼스 지도를 바꿨습니다.'));
    expect(posted).toHaveBeenCalledWith(['large', 'overview']);
    expect(screen.getByRole('img', { name: /캠퍼스 전체 지도/ })).toHaveAttribute('src', '/media/campus/o.webp');
    expect(screen.getByText(/올린 지도를 쓰고 있습니다/)).toBeInTheDocument();
  });

  it('shows the server’s refusal under the drawing it is about, and refuses a wrong size before uploading', async () => {
    const { user } = await openCampus();
    server.use(http.post('/api/ops/campus/map/', () => HttpResponse.json({ large: ['상세 지도는 3704×1824 픽셀이어야 합니다. (올린 그림: 10×10)'] }, { status: 400 })));
    await user.upload(screen.getByLabelText('전체 지도 (822×460)'), pngFile('overview.png'));
    await user.upload(screen.getByLabelText('상세 지도 (3704×1824)'), pngFile('large.png'));
    await screen.findByText(/고른 파일: large\.png/);
    await user.click(screen.getByRole('button', { name: '지도 올리기' }));
    await waitFor(() => expect(screen.getByLabelText('상세 지도 (3704×1824)')).toHaveAccessibleDescription(/올린 그림: 10×10/));

    // A browser that measures pictures says so at once (jsdom has no decoder: stood in for by the browser's API).
    vi.stubGlobal('createImageBitmap', () => Promise.resolve({ width: 800, height: 450, close: () => undefined }));
    await user.upload(screen.getByLabelText('전체 지도 (822×460)'), pngFile('small.png'));
    await waitFor(() => expect(screen.getByLabelText('전체 지도 (822×460)')).toHaveAccessibleDescription(/전체 지도는 822×460 픽셀이어야 합니다\. \(올린 그림: 800×450\)/));
  });

  it('goes back to the built-in art', async () => {
    campus = UPLOADED;
    const { user } = await openCampus();
    server.use(
      http.delete('/api/ops/campus/map/', () => {
        campus = { ...UPLOADED, map: null };
        return HttpResponse.json(campus);
      }),
    );
    await user.click(await screen.findByRole('button', { name: '기본 지도로 되돌리기' }));
    await waitFor(() => expect(status()).toHaveTextContent('기본 지도로 되돌렸습니다.'));
    expect(screen.getByText(/기본 지도\(한빛대학교\)를 쓰고 있습니다/)).toBeInTheDocument();
  });
});

describe('the students’ screens on a campus of its own', () => {
  it('home names the school and campus', async () => {
    campus = UPLOADED;
    sessionStorage.clear();
    renderApp('/');
    expect(await screen.findByText('새솔대학교 서울캠퍼스')).toBeInTheDocument();
  });

  it('the map shows the uploaded art, and the built-in art without one', async () => {
    server.use(http.get('/api/detailview/parties/', () => HttpResponse.json([])));
    campus = UPLOADED;
    const first = renderApp('/map');
    await waitFor(() => expect(document.querySelector('.map-art img')).toHaveAttribute('src', '/media/campus/m.webp'));
    first.unmount();
    campus = BUILT_IN;
    renderApp('/map');
    await waitFor(() => expect(document.querySelector('.map-art img')?.getAttribute('src')).toMatch(/campus-medium/));
  });
});
