import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendNewCard, signUpWithCard } from '../../helpers/student-cards';
import { createStudent, createTestApp, type TestApp } from '../../helpers/test-app';
import { listenOnLoopback } from '../../helpers/listen';
import { scratchDir } from '../../helpers/scratch';

const run = promisify(execFile);

// Each command starts a Node process with tsx (seconds each on a busy machine): a test runs several. The cap catches a
// command that never ends, not a slow machine: on Node 20 beside the browser suite the campus test took 83 s.
describe('npm run ops (the operator CLI against a running server)', { timeout: 600_000 }, () => {
  let t: TestApp;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    t = await createTestApp();
    env = { ...process.env, OPS_URL: await listenOnLoopback(t.app), OPS_TOKEN: t.opsToken };
  });
  afterAll(() => t?.close());
  const ops = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'src/server/ops/cli.ts', ...args], { env });

  it('adds a place and a party, then cancels it', async () => {
    const place = JSON.parse((await ops('place:add', '--name', 'CLI관', '--x', '0.3', '--y', '0.6')).stdout);
    expect(place.id).toEqual(expect.any(Number));
    const party = JSON.parse(
      (await ops('party:add', '--title', 'CLI 파티', '--place', String(place.id), '--start', '2026-03-10T19:00:00+09:00', '--max', '6', '--deposit', '1000', '--tag', '친목', '--tag', '보드게임')).stdout,
    );
    const detail = (await t.app.inject({ method: 'GET', url: `/api/detailview/parties/${party.id}/` })).json();
    expect(detail).toMatchObject({ title: 'CLI 파티', place_name: 'CLI관', deposit: 1000 });
    expect(JSON.parse((await ops('party:cancel', String(party.id))).stdout)).toEqual({ cancelled: 0, refunded_points: 0 });
  });

  it('lists the cards waiting for an operator, refuses a rejection without a reason, and approves the card listed', async () => {
    const s = await createStudent(t, { verificationStatus: 'pending', studentCardPath: 'cards/cli.jpg', cardSubmittedAt: t.clock.now() });
    const queue = JSON.parse((await ops('verifications')).stdout) as { results: { id: number; card_submitted_at: string }[] };
    const listed = queue.results.find((v) => v.id === s.id)!;
    const seen = ['--card-submitted-at', listed.card_submitted_at];
    await expect(ops('verification:reject', String(s.id), ...seen)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('reason') });
    expect(JSON.parse((await ops('verification:approve', String(s.id), ...seen)).stdout)).toMatchObject({ id: s.id, status: 'approved' });
    expect(JSON.parse((await ops('verifications', '--status', 'approved')).stdout).results.map((v: { id: number }) => v.id)).toContain(s.id);
  });

  it('decides only on the card seen: none named is refused before asking the server; student-card says which card it saved; a card replaced since is refused (409)', async () => {
    const s = await signUpWithCard(t);
    await expect(ops('verification:approve', String(s.id))).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('--card-submitted-at이 필요합니다') });
    const out = join(scratchDir('cli-card'), 'card.jpg');
    const saved = JSON.parse((await ops('student-card', String(s.id), '--out', out)).stdout) as { card_submitted_at: string };
    expect(saved).toMatchObject({ saved: out, card_submitted_at: t.clock.now().toISOString() });
    rmSync(out);

    // The student sends another card after the operator saved this one.
    t.clock.advance(60_000);
    expect((await sendNewCard(t, s.auth)).statusCode).toBe(200);
    const stale = ops('verification:approve', String(s.id), '--card-submitted-at', saved.card_submitted_at);
    await expect(stale).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('409: {"detail":"학생이 학생증을 새로 보냈습니다.') });
    const rejectStale = ops('verification:reject', String(s.id), '--reason', '흐립니다', '--card-submitted-at', saved.card_submitted_at);
    await expect(rejectStale).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('409') });
    // Found by the phone as an operator reads it off the card, hyphens and all.
    const found = JSON.parse((await ops('verifications', '--q', s.phone.replace(/^(\d{3})(\d{4})(\d{4})$/, '$1-$2-$3'))).stdout);
    expect(found).toMatchObject({ total: 1, next_cursor: null, results: [{ id: s.id, status: 'pending', card_submitted_at: t.clock.now().toISOString() }] });
  });

  it('sets up the campus: names it, uploads its map from files, refuses wrong sizes, and goes back to the built-in art', async () => {
    const dir = scratchDir('cli-campus');
    try {
      const write = async (name: string, width: number, height: number) => {
        const file = join(dir, name);
        await sharp({ create: { width, height, channels: 3, background: '#a3c9a8' } }).png().toFile(file);
        return file;
      };
      const [overview, large, wrong] = await Promise.all([write('overview.png', 822, 460), write('large.png', 3704, 1824), write('wrong.png', 800, 400)]);
      expect(JSON.parse((await ops('campus:name', '--school', 'CLI대학교', '--campus', '제2캠퍼스')).stdout)).toEqual({ school: 'CLI대학교', campus_name: '제2캠퍼스', map: null });

      const refused = ops('campus:map', '--overview', wrong, '--large', large);
      await expect(refused).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('전체 지도는 822×460 픽셀이어야 합니다. (올린 그림: 800×400)') });
      await expect(ops('campus:map', '--overview', overview)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('--large 파일을 지정해 주세요.') });
      await expect(ops('campus:map', '--overview', join(dir, 'none.png'), '--large', large)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('파일을 읽을 수 없습니다 (ENOENT)') });

      const uploaded = JSON.parse((await ops('campus:map', '--overview', overview, '--large', large)).stdout);
      expect(uploaded.map.medium).toMatch(/^\/media\/campus\//);
      expect(JSON.parse((await ops('campus')).stdout)).toEqual(uploaded);
      expect((await t.app.inject({ method: 'GET', url: '/api/campus/' })).json()).toEqual(uploaded);
      expect(JSON.parse((await ops('campus:map:reset')).stdout)).toEqual({ school: 'CLI대학교', campus_name: '제2캠퍼스', map: null });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('user:suspend suspends a student with a reason and an end, refusing a missing reason; user:unsuspend lifts it', async () => {
    const s = await createStudent(t);
    await expect(ops('user:suspend', String(s.id))).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('정지 사유를 입력해 주세요.') });
    const suspended = JSON.parse((await ops('user:suspend', String(s.id), '--reason', '노쇼 반복', '--until', '2026-04-01T00:00:00+09:00', '--refund-in-full')).stdout);
    expect(suspended.suspension).toMatchObject({ reason: '노쇼 반복', ends_at: '2026-03-31T15:00:00.000Z', refund_in_full: true, actor: 'token' });
    expect(JSON.parse((await ops('user:unsuspend', String(s.id))).stdout)).toEqual({ lifted: true });
    await expect(ops('user:unsuspend', String(s.id))).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('이용이 정지된 계정이 아닙니다.') });
  });

  it('fails with the server message and exit code 1 on a wrong token or bad input', async () => {
    const refused = (await run(process.execPath, ['--import', 'tsx', 'src/server/ops/cli.ts', 'status'], { env: { ...env, OPS_TOKEN: 'nope' } }).catch(
      (err: unknown) => err,
    )) as { code: number; stderr: string };
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('운영자 토큰이 올바르지 않습니다.');
    // …and which server and token it used, so a wrong one is plain to see.
    expect(refused.stderr).toContain(`주소 ${env.OPS_URL} (OPS_URL), 토큰 OPS_TOKEN`);
    await expect(ops('place:add', '--name', '밖', '--x', '3', '--y', '0')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('x_norm') });
  });

  it('operator:add reads the password from stdin for scripts; the operator signs in; operator:disable ends that, operator:enable undoes it', async () => {
    const username = `cli_op_${process.pid % 1000}`;
    const adding = ops('operator:add', username, '--password-stdin');
    adding.child.stdin?.end('cli-operator-pass\n');
    expect(JSON.parse((await adding).stdout)).toEqual({ id: expect.any(Number), username, disabled_at: null, revoked_sessions: 0 });
    const login = (password: string) => t.app.inject({ method: 'POST', url: '/api/ops/auth/login/', payload: { username, password } });
    expect((await login('cli-operator-pass\n')).statusCode).toBe(400);
    expect((await login('cli-operator-pass')).statusCode).toBe(200);

    expect(JSON.parse((await ops('operator:disable', username)).stdout)).toMatchObject({ username, revoked_sessions: 1 });
    expect((await login('cli-operator-pass')).statusCode).toBe(400);
    expect(JSON.parse((await ops('operator:enable', username)).stdout)).toMatchObject({ username, disabled_at: null });
    expect((await login('cli-operator-pass')).statusCode).toBe(200);
  });

  it("operator:admin names an admin with the server's token, and --remove takes the role back", async () => {
    const username = `cli_admin_${process.pid % 1000}`;
    const adding = ops('operator:add', username, '--password-stdin');
    adding.child.stdin?.end('cli-operator-pass\n');
    await adding;
    expect(JSON.parse((await ops('operator:admin', username)).stdout)).toMatchObject({ username, is_admin: true });
    expect(JSON.parse((await ops('operator:admin', username, '--remove')).stdout)).toMatchObject({ username, is_admin: false });
    await expect(ops('operator:admin', 'nobody_here')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('운영자를 찾을 수 없습니다.') });
  });

  it('operator:add never takes a password from a pipe without --password-stdin, and says why a password is refused', async () => {
    const piped = ops('operator:add', 'cli_nopass');
    piped.child.stdin?.end('some-password\n');
    await expect(piped).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('--password-stdin') });
    const short = ops('operator:add', 'cli_short', '--password-stdin');
    short.child.stdin?.end('short\n');
    await expect(short).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('비밀번호는 8자 이상이어야 합니다.') });
  });
});

// A newcomer runs `npm start` in one terminal and `npm run ops -- status` in another, with no variables set: the CLI
// finds the server through the address it recorded in DATA_DIR, and when it cannot, says what it tried.
// A server started from source on Node 20 beside the browser suite took 110 s to record its address: the caps are ample.
describe('npm run ops finds a local server on its own', { timeout: 600_000 }, () => {
  const dataDir = scratchDir('ops-cli');
  // Nothing of the test run's own environment may point the CLI anywhere.
  const bare = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !['PORT', 'OPS_URL', 'OPS_TOKEN', 'DATABASE_URL', 'REDIS_URL', 'NODE_ENV'].includes(k)),
  );
  const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'src/server/ops/cli.ts', ...args], { env: { ...bare, DATA_DIR: dataDir } });
  let server: ChildProcess | undefined;
  afterAll(() => {
    server?.kill('SIGKILL');
  });

  it('through the address the server records beside the token, removed again when the server stops', async () => {
    // PORT=0: whatever port is free, which the CLI cannot guess.
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...bare, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SKIP_CLIENT_BUILD: '1', LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    const exited = once(server, 'exit');
    const addressFile = join(dataDir, 'server-address.json');
    await expect.poll(() => existsSync(addressFile), { timeout: 480_000 }).toBe(true);
    const recorded = JSON.parse(readFileSync(addressFile, 'utf8')) as { url: string };
    expect(recorded.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(recorded.url).not.toBe('http://127.0.0.1:3000');

    expect(JSON.parse((await cli('status')).stdout)).toMatchObject({ database: 'pglite', places: 14 });

    server.kill('SIGTERM');
    await exited;
    expect(existsSync(addressFile)).toBe(false);
    // With no record the CLI tries the default port, and says so. (Whether anything listens on 3000 on this machine
    // is not the test's to know: the message names the address and its source either way.)
    await expect(cli('status')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/주소 http:\/\/127\.0\.0\.1:3000 \(기본값, .*server-address\.json 없음\), 토큰 .*ops-token/),
    });
    // The stopped server's port: nothing answers there, and the CLI says so in those words.
    const port = new URL(recorded.url).port;
    await expect(run(process.execPath, ['--import', 'tsx', 'src/server/ops/cli.ts', 'status'], { env: { ...bare, DATA_DIR: dataDir, PORT: port } })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`서버에 연결할 수 없습니다 (ECONNREFUSED). 주소 http://127.0.0.1:${port} (PORT), 토큰 ${join(dataDir, 'ops-token')}`),
    });
  });

  it('says where it looked for a token when there is none', async () => {
    const empty = scratchDir('ops-cli-empty');
    await expect(run(process.execPath, ['--import', 'tsx', 'src/server/ops/cli.ts', 'status'], { env: { ...bare, DATA_DIR: empty } })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`OPS_TOKEN이 비어 있고 ${join(empty, 'ops-token')} 파일도 없습니다`),
    });
  });
});
