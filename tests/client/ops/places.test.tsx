import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ComponentProps } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlacesStage } from '../../../src/client/ops/PlacesStage';
import { PNG_FILE_SIZE, pngFile } from '../image-files';
import { server } from '../msw/server';
import { renderApp } from '../render-app';

// Konva needs a real canvas (the browser test drags real pins). In its place, a stage that lists the pins it was
// given and offers the three things an operator's finger does on it: a tap on the map, a tap on a pin, a drop.
vi.mock('../../../src/client/ops/PlacesStage', () => ({
  PlacesStage: ({ pins, onPick, onSelect, onDrop }: ComponentProps<typeof PlacesStage>) => (
    <div data-testid="places-stage">
      <ul aria-label="지도의 핀">
        {pins.map((p) => (
          <li key={p.id ?? 'new'} data-label={p.label ?? ''}>{`${p.name} ${p.x},${p.y}`}</li>
        ))}
      </ul>
      <button type="button" onClick={() => onPick({ x: 0.4, y: 0.6 })}>
        지도 탭
      </button>
      <button type="button" onClick={() => onSelect(2)}>
        학생회관 핀 탭
      </button>
      <button type="button" onClick={() => onDrop(2, { x: 0.5, y: 0.45 })}>
        학생회관 핀 놓기
      </button>
    </div>
  ),
}));

const place = (id: number, name: string, x: number, y: number, extra: object = {}) => ({ id, name, x_norm: x, y_norm: y, photo: null, upcoming_parties: 0, ...extra });
const PLACES = [place(1, '공학관', 0.74, 0.3, { upcoming_parties: 1 }), place(2, '학생회관', 0.37, 0.56, { upcoming_parties: 2, photo: '/art/places/union.webp' })];

beforeEach(() => {
  sessionStorage.setItem('partyon.ops.session', JSON.stringify({ token: 'ops_token', operator: { id: 1, username: 'ops_demo' } }));
  // A test's own handlers, added later, take precedence.
  server.use(http.get('/api/ops/places/', () => HttpResponse.json(PLACES)));
});

/** The places screen with its map up (the art's picture loaded, so the stage is mounted). */
async function openPlaces() {
  const ui = renderApp('/ops/places');
  await screen.findByRole('heading', { name: '장소', level: 1 });
  fireEvent.load(document.querySelector('.map-art img')!);
  await screen.findByTestId('places-stage');
  return ui;
}

const listItem = (name: RegExp) => within(screen.getByRole('region', { name: /장소 목록/ })).getByRole('button', { name });
const status = () => document.querySelector('.places-status')!;

describe('/ops/places', () => {
  it('lists every place with its position and upcoming parties, and puts each on the map', async () => {
    await openPlaces();
    expect(screen.getByRole('link', { name: '장소' })).toHaveAttribute('aria-current', 'page');
    await screen.findByRole('region', { name: /장소 목록/ });
    expect(listItem(/학생회관/)).toHaveTextContent('가로 37.0% · 세로 56.0% · 다가오는 파티 2개');
    expect(listItem(/공학관/)).toHaveTextContent('가로 74.0% · 세로 30.0% · 다가오는 파티 1개');
    const pins = within(screen.getByRole('list', { name: '지도의 핀' }));
    expect(pins.getByText('학생회관 0.37,0.56')).toBeInTheDocument();
    expect(pins.getByText('공학관 0.74,0.3')).toBeInTheDocument();
  });

  it('names on the map only the place chosen, never repeating what the campus art prints', async () => {
    const ui = await openPlaces();
    await screen.findByRole('region', { name: /장소 목록/ });
    const pins = within(screen.getByRole('list', { name: '지도의 핀' }));
    expect(pins.getAllByRole('listitem').map((li) => li.dataset.label)).toEqual(PLACES.map(() => ''));
    await ui.user.click(listItem(/학생회관/));
    expect(pins.getByText('학생회관 0.37,0.56')).toHaveAttribute('data-label', '학생회관');
    expect(pins.getByText('공학관 0.74,0.3')).toHaveAttribute('data-label', '');
  });

  it('saves a dropped pin, and says so', async () => {
    let sent: unknown = null;
    server.use(
      http.patch('/api/ops/places/2/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...PLACES[1], x_norm: 0.5, y_norm: 0.45 });
      }),
    );
    const ui = await openPlaces();
    await ui.user.click(screen.getByRole('button', { name: '학생회관 핀 놓기' }));
    await waitFor(() => expect(status()).toHaveTextContent('‘학생회관’ 위치를 옮겼습니다.'));
    expect(status()).toHaveAttribute('role', 'status');
    expect(sent).toEqual({ x_norm: 0.5, y_norm: 0.45 });
    expect(listItem(/학생회관/)).toHaveTextContent('가로 50.0% · 세로 45.0%');
    expect(screen.getByText('학생회관 0.5,0.45')).toBeInTheDocument();
  });

  it('puts a pin back when its move is refused, and says why', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.patch('/api/ops/places/2/', async () => {
        await answered;
        return HttpResponse.json({ detail: '장소를 찾을 수 없습니다.' }, { status: 404 });
      }),
    );
    const ui = await openPlaces();
    await ui.user.click(screen.getByRole('button', { name: '학생회관 핀 놓기' }));
    // While the save is under way the pin stays where it was dropped.
    expect(await screen.findByText('학생회관 0.5,0.45')).toBeInTheDocument();
    answer();
    await waitFor(() => expect(status()).toHaveTextContent('‘학생회관’ 위치를 옮기지 못해 핀을 되돌렸습니다. 장소를 찾을 수 없습니다.'));
    expect(status()).toHaveClass('places-status--failed');
    expect(screen.getByText('학생회관 0.37,0.56')).toBeInTheDocument();
    expect(listItem(/학생회관/)).toHaveTextContent('가로 37.0% · 세로 56.0%');
  });

  it('shows a place chosen from the list; a rename is saved, a taken name stays in the field with the reason beside it', async () => {
    const sent: unknown[] = [];
    server.use(
      http.patch('/api/ops/places/2/', async ({ request }) => {
        const body = (await request.json()) as { name: string };
        sent.push(body);
        if (body.name === '공학관') return HttpResponse.json({ name: ['이미 있는 장소 이름입니다.'] }, { status: 400 });
        return HttpResponse.json({ ...PLACES[1], name: body.name });
      }),
    );
    const ui = await openPlaces();
    await ui.user.click(listItem(/학생회관/));
    const heading = screen.getByRole('heading', { name: '학생회관', level: 2 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(listItem(/학생회관/)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: '학생회관 사진' })).toHaveAttribute('src', '/art/places/union.webp');

    const name = screen.getByLabelText('장소 이름');
    await ui.user.clear(name);
    await ui.user.type(name, '공학관');
    await ui.user.click(screen.getByRole('button', { name: '이름 저장' }));
    expect(await screen.findByText('이미 있는 장소 이름입니다.')).toBeInTheDocument();
    expect(name).toHaveValue('공학관');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(/이미 있는 장소 이름입니다./);

    await ui.user.clear(name);
    await ui.user.type(name, '학생회관 본관');
    await ui.user.click(screen.getByRole('button', { name: '이름 저장' }));
    await waitFor(() => expect(status()).toHaveTextContent('이름을 ‘학생회관 본관’(으)로 바꿨습니다.'));
    expect(sent).toEqual([{ name: '공학관' }, { name: '학생회관 본관' }]);
    expect(listItem(/학생회관 본관/)).toBeInTheDocument();
    expect(screen.queryByText('이미 있는 장소 이름입니다.')).not.toBeInTheDocument();
  });

  it('moves a place by typing its position, without dragging', async () => {
    let sent: unknown = null;
    server.use(
      http.patch('/api/ops/places/2/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...PLACES[1], x_norm: 0.4125, y_norm: 0.6 });
      }),
    );
    const ui = await openPlaces();
    // A tap on the pin chooses the place too.
    await ui.user.click(screen.getByRole('button', { name: '학생회관 핀 탭' }));
    const x = screen.getByLabelText('가로 위치 (%)');
    expect(x).toHaveValue(37);
    await ui.user.clear(x);
    await ui.user.type(x, '141');
    await ui.user.click(screen.getByRole('button', { name: '위치 저장' }));
    expect(await screen.findByText('0에서 100 사이의 숫자를 입력해 주세요.')).toBeInTheDocument();
    expect(sent).toBeNull();

    await ui.user.clear(x);
    await ui.user.type(x, '41.25');
    await ui.user.clear(screen.getByLabelText('세로 위치 (%)'));
    await ui.user.type(screen.getByLabelText('세로 위치 (%)'), '60');
    await ui.user.click(screen.getByRole('button', { name: '위치 저장' }));
    await waitFor(() => expect(status()).toHaveTextContent('‘학생회관’ 위치를 옮겼습니다.'));
    expect(sent).toEqual({ x_norm: 0.4125, y_norm: 0.6 });
    expect(screen.getByText('학생회관 0.4125,0.6')).toBeInTheDocument();
  });

  it('uploads a new photo as multipart; a file the server refuses gets its message beside the button', async () => {
    const received: { name: string; type: string; size: number }[] = [];
    server.use(
      http.post('/api/ops/places/2/photo/', async ({ request }) => {
        const photo = (await request.formData()).get('photo') as File;
        received.push({ name: photo.name, type: photo.type, size: photo.size });
        if (photo.name === 'broken.png') return HttpResponse.json({ photo: ['사진 파일을 읽을 수 없습니다. 다른 사진을 올려 주세요.'] }, { status: 400 });
        return HttpResponse.json({ ...PLACES[1], photo: '/media/places/new.jpg' });
      }),
    );
    const ui = await openPlaces();
    await ui.user.click(listItem(/학생회관/));
    const input = screen.getByLabelText('새 사진 올리기');
    await ui.user.upload(input, pngFile('broken.png'));
    expect(await screen.findByText('사진 파일을 읽을 수 없습니다. 다른 사진을 올려 주세요.')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(/사진 파일을 읽을 수 없습니다/);
    expect(screen.getByRole('img', { name: '학생회관 사진' })).toHaveAttribute('src', '/art/places/union.webp');

    await ui.user.upload(input, pngFile('union.png'));
    await waitFor(() => expect(status()).toHaveTextContent('‘학생회관’ 사진을 바꿨습니다.'));
    expect(screen.getByRole('img', { name: '학생회관 사진' })).toHaveAttribute('src', '/media/places/new.jpg');
    expect(received).toEqual([
      { name: 'broken.png', type: 'image/png', size: PNG_FILE_SIZE },
      { name: 'union.png', type: 'image/png', size: PNG_FILE_SIZE },
    ]);
  });

  it('adds a place where the map was tapped, with the server’s field errors beside the fields', async () => {
    const sent: unknown[] = [];
    let places = PLACES;
    server.use(
      http.get('/api/ops/places/', () => HttpResponse.json(places)),
      http.post('/api/ops/places/', async ({ request }) => {
        const body = (await request.json()) as { name: string; x_norm: number; y_norm: number };
        sent.push(body);
        if (body.name === '공학관') return HttpResponse.json({ name: ['이미 있는 장소 이름입니다.'] }, { status: 400 });
        places = [...PLACES, place(9, body.name, body.x_norm, body.y_norm)];
        return HttpResponse.json({ id: 9 }, { status: 201 });
      }),
    );
    const ui = await openPlaces();
    const add = screen.getByRole('button', { name: '장소 추가' });
    await ui.user.click(add);
    expect(add).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('region', { name: '새 장소' })).toBeInTheDocument();

    // Nothing picked, nothing named: each field says what it needs.
    await ui.user.click(screen.getByRole('button', { name: '추가하기' }));
    expect(await screen.findByText('장소 이름을 입력해 주세요.')).toBeInTheDocument();
    expect(screen.getAllByText('지도에서 위치를 누르거나 0에서 100 사이의 숫자를 입력해 주세요.')).toHaveLength(2);
    expect(screen.getByLabelText('장소 이름')).toHaveFocus();

    await ui.user.click(screen.getByRole('button', { name: '지도 탭' }));
    expect(screen.getByLabelText('가로 위치 (%)')).toHaveValue(40);
    expect(screen.getByLabelText('세로 위치 (%)')).toHaveValue(60);
    expect(screen.getByText('새 장소 0.4,0.6')).toBeInTheDocument();

    await ui.user.type(screen.getByLabelText('장소 이름'), '공학관');
    expect(screen.getByText('공학관 0.4,0.6')).toBeInTheDocument();
    await ui.user.click(screen.getByRole('button', { name: '추가하기' }));
    expect(await screen.findByText('이미 있는 장소 이름입니다.')).toBeInTheDocument();
    expect(screen.getByLabelText('장소 이름')).toHaveValue('공학관');
    expect(screen.getByLabelText('장소 이름')).toHaveAccessibleDescription(/이미 있는 장소 이름입니다./);

    await ui.user.clear(screen.getByLabelText('장소 이름'));
    await ui.user.type(screen.getByLabelText('장소 이름'), '창업센터');
    await ui.user.click(screen.getByRole('button', { name: '추가하기' }));
    await waitFor(() => expect(status()).toHaveTextContent('‘창업센터’ 장소를 추가했습니다.'));
    expect(sent).toEqual([
      { name: '공학관', x_norm: 0.4, y_norm: 0.6 },
      { name: '창업센터', x_norm: 0.4, y_norm: 0.6 },
    ]);
    await waitFor(() => expect(screen.getByRole('heading', { name: '창업센터', level: 2 })).toHaveFocus());
    expect(listItem(/창업센터/)).toHaveAttribute('aria-pressed', 'true');
    expect(add).toHaveAttribute('aria-pressed', 'false');
  });
});
