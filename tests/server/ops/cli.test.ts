import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { listenOnLoopback } from '../../helpers/listen';

const run = promisify(execFile);

describe('npm run ops (the operator CLI against a running server)', () => {
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

  it('fails with the server message and exit code 1 on a wrong token or bad input', async () => {
    await expect(run(process.execPath, ['--import', 'tsx', 'src/server/ops/cli.ts', 'status'], { env: { ...env, OPS_TOKEN: 'nope' } })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('운영자 토큰이 올바르지 않습니다.'),
    });
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

  it('operator:add never takes a password from a pipe without --password-stdin, and says why a password is refused', async () => {
    const piped = ops('operator:add', 'cli_nopass');
    piped.child.stdin?.end('some-password\n');
    await expect(piped).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('--password-stdin') });
    const short = ops('operator:add', 'cli_short', '--password-stdin');
    short.child.stdin?.end('short\n');
    await expect(short).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('비밀번호는 8자 이상이어야 합니다.') });
  });
});
