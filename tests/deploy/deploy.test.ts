import { execFile, execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { API_MESSAGES as M } from '../../src/shared/api-messages';
import { adminQuery, scratchDir } from '../helpers/scratch';
import { groupAlive } from '../helpers/server-process';
import { openSocket, type TestSocket } from '../helpers/sockets';
import { freshPng, multipart } from '../helpers/test-app';
import { approveListedCard } from './card-decision';
import { ENV_EXAMPLE, ensureClientBuild, recipeSettings, root, startSite, UNAVAILABLE_PAGE, UNIT } from './cluster';
import { createDatabase, freePorts, makeCertificate, migrate, portFree, redisKeys, Teardown, writeEnvironmentFile } from './deployment';
import { type Client, client } from './http';
import { type Instance, killGroup, startInstance } from './instance';
import { missing, describeIfHas } from './needs';
import { NGINX, type Nginx } from './nginx';
import { readEnvironmentFile, readServiceUnit } from './unit-file';

// Issue 28, "Safe to deploy": the recipe in deploy/ as shipped — the systemd unit's own command line and environment,
// the example environment file filled in as an operator would, the nginx site with only its ports and paths changed —
// runs three instances behind nginx on one PostgreSQL and one Redis, and does what docs/operations.md promises.

const run = promisify(execFile);
const SYSTEMD_ANALYZE = 'systemd-analyze';
const execStart = readServiceUnit(UNIT, '3001').execStart[0];

/** What the suite prints at the end: the figures issue 28 asks for. */
const figures: string[] = [];
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** What git sees in the checkout, ignored folders included: an instance that wrote into it would show here. */
const checkoutState = () => execFileSync('git', ['status', '--porcelain', '--ignored'], { cwd: root, encoding: 'utf8' });

describeIfHas('the systemd unit', missing([], [SYSTEMD_ANALYZE]), () => {
  it('passes systemd-analyze verify with nothing to say, as the template and as an instance', async () => {
    const dir = scratchDir('deploy-unit');
    try {
      const instance = join(dir, 'partyon@3001.service');
      copyFileSync(UNIT, instance);
      for (const path of [UNIT, instance]) {
        // Exit 0 alone is not enough: systemd only warns about an unknown key or a bad value and carries on.
        const { stdout, stderr } = await run(SYSTEMD_ANALYZE, ['verify', path]);
        expect(`${stdout}${stderr}`, path).toBe('');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("gives each instance its own DATA_DIR in its StateDirectory, writable under ProtectSystem=strict, and the shared file cannot override what is per instance", () => {
    const unit = readServiceUnit(UNIT, '3001');
    expect(unit.environment).toMatchObject({ PORT: '3001', SKIP_CLIENT_BUILD: '1', DATA_DIR: '/var/lib/partyon/3001' });
    expect(unit.service.get('StateDirectory')).toEqual(['partyon/3001']);
    expect(unit.service.get('ProtectSystem')).toEqual(['strict']);
    const writable = (unit.service.get('ReadWritePaths') ?? []).flatMap((v) => v.split(/\s+/));
    expect(writable.some((path) => `${unit.environment.DATA_DIR}/`.startsWith(`${path}/`))).toBe(true);
    // systemd lets an EnvironmentFile win over Environment=: the shared file must not set what each instance sets.
    const shared = readEnvironmentFile(readFileSync(ENV_EXAMPLE, 'utf8'));
    expect(Object.keys(unit.environment).filter((key) => key in shared)).toEqual([]);
  });
});

describeIfHas(
  'the deploy recipe: three instances behind nginx',
  missing(['DATABASE_URL', 'REDIS_URL'], [NGINX, 'openssl', 'pg_dump', 'pg_restore', execStart]),
  () => {
    const teardown = new Teardown();
    const adminUrl = process.env.DATABASE_URL!;
    const redisUrl = process.env.REDIS_URL!;
    const tag = randomBytes(3).toString('hex');
    const instances: Instance[] = [];
    let scratch: string;
    let ports: { instances: number[]; restored: number; http: number; https: number };
    let checkoutBefore: string;
    let settings: Record<string, string>;
    let databaseUrl: string;
    let ca: string;
    let nginx: Nginx;
    /** nginx, from 127.0.0.1. */
    let balancer: Client;
    /** Each instance directly, as nginx reaches it. */
    let direct: Client[];
    const clients: Client[] = [];
    const sockets: TestSocket[] = [];
    const ops = () => ({ 'x-ops-token': settings.OPS_TOKEN });

    const open = (origin: string, opts: Parameters<typeof client>[1] = {}) => {
      const c = client(origin, opts);
      clients.push(c);
      return c;
    };
    const socket = async (url: string, headers: Record<string, string> = {}) => {
      const s = await openSocket(url, headers, { ca });
      sockets.push(s);
      return s;
    };
    const start = (port: number, environmentFile: string) => {
      const instance = startInstance(
        { unitPath: UNIT, root, environmentFile, stateRoot: join(scratch, 'var-lib-partyon'), tmpRoot: join(scratch, 'tmp') },
        port,
      );
      instances.push(instance);
      return instance;
    };
    /**
     * What an instance printed beside its own `[partyon] …` notes: with LOG_LEVEL=warn, only warnings and errors (and
     * anything Node itself complains about) would be there.
     */
    const troubles = (instance: Instance) => instance.output().split('\n').filter((line) => line.trim() !== '' && !line.startsWith('[partyon] '));
    const stop = async (instance: Instance) => {
      instance.child.kill('SIGTERM');
      return instance.exited;
    };

    beforeAll(async () => {
      scratch = scratchDir('deploy');
      teardown.defer('remove the scratch folder', () => rmSync(scratch, { recursive: true, force: true }));
      const [a, b, c, restored, http, https] = await freePorts(6, Number(process.env.DEPLOY_TEST_PORT ?? 4500));
      ports = { instances: [a, b, c], restored, http, https };

      // The unit starts instances with SKIP_CLIENT_BUILD=1: the release's client is built once beforehand.
      const built = Date.now();
      if (await ensureClientBuild()) figures.push(`client build (it was missing or stale): ${seconds(Date.now() - built)}`);

      databaseUrl = await createDatabase(adminUrl, 'deploy', teardown);
      const migrated = Date.now();
      await migrate(root, databaseUrl);
      figures.push(`npm run db:migrate on an empty database: ${seconds(Date.now() - migrated)}`);

      const certificate = makeCertificate(scratch);
      ca = certificate.pem;
      settings = recipeSettings({ https, databaseUrl, redisUrl, teardown });
      const environmentFile = join(scratch, 'partyon.env');
      writeEnvironmentFile(readFileSync(ENV_EXAMPLE, 'utf8'), settings, environmentFile);
      settings = readEnvironmentFile(readFileSync(environmentFile, 'utf8'));

      checkoutBefore = checkoutState();
      for (const port of ports.instances) start(port, environmentFile);
      const ready = await Promise.all(instances.map((instance) => instance.ready));
      figures.push(`three instances started at once, ready (GET /readyz 200) after: ${ready.map((ms, i) => `partyon@${ports.instances[i]} ${seconds(ms)}`).join(', ')}`);

      ({ nginx, balancer } = await startSite(join(scratch, 'nginx'), { upstreams: ports.instances, http, https }, certificate));
      clients.push(balancer);
      direct = ports.instances.map((port) => open(`http://127.0.0.1:${port}`));
    });

    afterAll(async () => {
      if (figures.length) console.log(`\n[deploy suite] figures\n${figures.map((f) => `  ${f}`).join('\n')}\n`);
      // Whatever a failed check left running goes first (by process group: nginx's workers, an instance's children),
      // then the databases, Redis keys and folders.
      for (const s of sockets) s.ws.terminate();
      for (const c of clients) await c.close();
      for (const instance of instances) killGroup(instance.child);
      if (nginx) killGroup(nginx.child);
      await teardown.run();
    });

    // --- students, a party and its round, made through the API as the app's users and operators make them ---

    let students = 0;
    /** A student who signed up (with a card) through `via`, approved by an operator, signed in through `via`. */
    const student = async (via: Client) => {
      students += 1;
      const username = `dp_${tag}_${students}`;
      const password = 'deploy-pass-1';
      const card = { student_card_image: { bytes: await freshPng(), name: 'card.png', type: 'image/png' } };
      const phone = `010${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
      // The 개인정보 처리방침 the signup form would show: the version the student agrees to.
      const policy = (await via.call('/api/privacy/')).json<{ version: number }>();
      const form = await multipart({ username, password, password2: password, name: '배포학생', email: `${username}@hanbit.ac.kr`, phone, school: '한빛대학교', privacy_policy_version: String(policy.version) }, card);
      const signup = await via.call('/api/signup/auth/signup/', { method: 'POST', body: form.payload, headers: form.headers });
      expect(signup.status, signup.text).toBe(201);
      const id = signup.json<{ id: number }>().id;
      const approved = await approveListedCard(balancer, id, ops());
      expect(approved.status, approved.text).toBe(200);
      return { id, username, password, ...(await login(via, username, password)) };
    };
    const login = async (via: Client, username: string, password: string) => {
      const res = await via.call('/api/signup/auth/login/', { method: 'POST', json: { username, password } });
      expect(res.status, res.text).toBe(200);
      return res.json<{ access: string; refresh: string }>();
    };
    const bearer = (access: string) => ({ authorization: `Bearer ${access}` });
    const once = <T>(make: () => Promise<T>) => {
      let made: Promise<T> | undefined;
      return () => (made ??= make());
    };

    /** Two students who joined and paid, through nginx, for a party starting in 20 minutes (standby is open). */
    const paidParty = once(async () => {
      const place = await balancer.call('/api/ops/places/', { method: 'POST', headers: ops(), json: { name: `배포 시험관 ${tag}`, x_norm: 0.4, y_norm: 0.6 } });
      expect(place.status, place.text).toBe(201);
      const party = await balancer.call('/api/ops/parties/', {
        method: 'POST',
        headers: ops(),
        json: { title: `배포 시험 파티 ${tag}`, place_id: place.json<{ id: number }>().id, start_time: new Date(Date.now() + 20 * 60_000).toISOString(), max_participants: 4, deposit: 1000 },
      });
      expect(party.status, party.text).toBe(201);
      const partyId = party.json<{ id: number }>().id;
      const paid = [await student(direct[0]), await student(balancer)];
      for (const s of paid) {
        const joined = await balancer.call(`/api/reserve/join/${partyId}/`, { method: 'POST', headers: bearer(s.access) });
        expect(joined.status, joined.text).toBe(201);
        const pay = await balancer.call(`/api/reserve/pay/${joined.json<{ id: number }>().id}/`, { method: 'POST', headers: bearer(s.access), json: { payment_method: 'POINT' } });
        expect(pay.status, pay.text).toBe(200);
      }
      return { partyId, students: paid };
    });

    /** The party's balance game: both students on standby through nginx; the lobby says which round it made. */
    const gameRound = once(async () => {
      const { partyId, students: [first, second] } = await paidParty();
      const lobby = await socket(`ws://127.0.0.1:${ports.instances[0]}/ws/party/${partyId}/?token=${first.access}`);
      for (const s of [first, second]) {
        const toggled = await balancer.call(`/api/partyassist/standby/${partyId}/toggle/`, { method: 'POST', headers: bearer(s.access) });
        expect(toggled.status, toggled.text).toBe(200);
      }
      const roundId = (await lobby.waitFor((m) => m.type === 'send_game_created')).data.round_id;
      lobby.ws.close(1000);
      const round = await balancer.call(`/api/v1/game/rounds/${roundId}/`, { headers: bearer(first.access) });
      expect(round.status, round.text).toBe(200);
      return { roundId, questions: round.json<{ questions: { id: number }[] }>().questions.map((q) => q.id), first, second };
    });

    /** A profile photo the first student uploaded through nginx: its /media/ path (named by its bytes' sha256). */
    const uploadedPhoto = once(async () => {
      const { students: [first] } = await paidParty();
      const form = await multipart({ intro: '배포 시험 중입니다' }, { profile_image: { bytes: await freshPng(), name: 'me.png', type: 'image/png' } });
      const res = await balancer.call('/api/mypage/profile/', { method: 'PATCH', body: form.payload, headers: { ...form.headers, ...bearer(first.access) } });
      expect(res.status, res.text).toBe(200);
      const path = new URL(res.json<{ profile_image: string }>().profile_image, balancer.origin).pathname;
      expect(path).toMatch(/^\/media\//);
      return { path, owner: first };
    });
    const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

    // --- what issue 28 asks of the recipe ---

    it('a token one instance issued works on the other two', async () => {
      const s = await student(direct[0]);
      for (const instance of direct) {
        const main = await instance.call('/api/mypage/main/', { headers: bearer(s.access) });
        expect(main.status, instance.origin).toBe(200);
        expect(main.json()).toMatchObject({ username: s.username });
      }
    });

    it('a photo uploaded through nginx is served through it every time, whichever instance answers', async () => {
      const { path } = await uploadedPhoto();
      const served = new Set<string>();
      const linesBefore = nginx.accessLog().length;
      for (let i = 0; i < 6; i++) {
        const res = await balancer.call(path);
        expect(res.status, `request ${i + 1}`).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/jpeg');
        served.add(sha256(res.bytes));
      }
      // The same bytes, named by their hash, from every instance: round robin sent two of the six to each.
      expect([...served]).toEqual([path.replace(/^.*\/([0-9a-f]{64})\.\w+$/, '$1')]);
      // nginx writes a request's line just after its answer has gone out, so the last one may still be on its way.
      const upstreams = await vi.waitFor(() => {
        const logged = nginx.accessLog().slice(linesBefore).filter((l) => l.request.includes(path));
        expect(logged).toHaveLength(6);
        return logged.map((l) => l.upstream);
      });
      expect(new Set(upstreams)).toEqual(new Set(ports.instances.map((p) => `127.0.0.1:${p}`)));
    });

    it("a forged X-Forwarded-For does not escape the login limit: it is counted on the address nginx saw", async () => {
      const limit = Number(settings.LOGIN_LIMIT_PER_MINUTE);
      expect(limit).toBeGreaterThan(0);
      // Another loopback address is another client to nginx, so the other checks' logins (from 127.0.0.1) stay apart.
      const attacker = open(balancer.origin, { ca, localAddress: '127.0.0.2' });
      const codes: number[] = [];
      for (let i = 0; i < limit + 10; i++) {
        const res = await attacker.call('/api/signup/auth/login/', {
          method: 'POST',
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
          json: { username: `nobody_${tag}_${i}`, password: 'wrong-password-1' },
        });
        codes.push(res.status);
        if (res.status === 429) expect(res.json()).toEqual({ detail: M.tooMany });
      }
      // Every attempt counted, on every instance alike (Redis), whatever address each one claimed.
      expect(codes.slice(0, limit)).toEqual(Array(limit).fill(400));
      expect(codes.slice(limit)).toEqual(Array(10).fill(429));
      const counters = (await redisKeys(redisUrl, settings.REDIS_PREFIX)).filter((key) => key.includes('login-ip:'));
      expect(counters.some((key) => key.endsWith('login-ip:127.0.0.2'))).toBe(true);
      expect(counters.filter((key) => key.includes('203.0.113.'))).toEqual([]);
      // Another client of nginx is not refused for it.
      const bystander = open(balancer.origin, { ca, localAddress: '127.0.0.3' });
      const other = await bystander.call('/api/signup/auth/login/', { method: 'POST', json: { username: `nobody_${tag}_x`, password: 'wrong-password-1' } });
      expect(other.status).toBe(400);
    });

    it('a logout through nginx ends that sign-in on every instance at once', async () => {
      const { partyId, students: [, s] } = await paidParty();
      const phone = await login(balancer, s.username, s.password);
      // Each instance has let the sign-in in, so it remembers it as live, and holds a lobby socket of it.
      const lobbies = [];
      for (const [i, instance] of direct.entries()) {
        expect((await instance.call('/api/mypage/main/', { headers: bearer(phone.access) })).status).toBe(200);
        const lobby = await socket(`ws://127.0.0.1:${ports.instances[i]}/ws/party/${partyId}/?token=${phone.access}`);
        await lobby.waitFor((m) => m.type === 'send_standby_update');
        lobbies.push(lobby);
      }

      const out = await balancer.call('/api/signup/auth/logout/', { method: 'POST', json: { refresh: phone.refresh } });
      expect(out.status).toBe(204);
      // Each instance heard it (through Redis): the sign-in's socket there closes, and that instance forgot it.
      expect(await Promise.all(lobbies.map((l) => l.closed))).toEqual([4401, 4401, 4401]);
      for (const instance of direct) {
        const refused = await instance.call('/api/mypage/main/', { headers: bearer(phone.access) });
        expect(refused.status, instance.origin).toBe(401);
        expect(refused.json()).toEqual({ detail: M.tokenInvalid });
      }
      expect((await balancer.call('/api/signup/auth/refresh/', { method: 'POST', json: { refresh: phone.refresh } })).status).toBe(401);
      // The student's other sign-in goes on.
      for (const instance of direct) expect((await instance.call('/api/mypage/main/', { headers: bearer(s.access) })).status).toBe(200);
    });

    it('a vote cast through nginx reaches a game socket on every instance', async () => {
      const { roundId, questions, first, second } = await gameRound();
      const games = [];
      for (const port of ports.instances) {
        const game = await socket(`ws://127.0.0.1:${port}/ws/game/round/${roundId}/?token=${second.access}`);
        await game.waitFor((m) => m.type === 'vote_update' && m.data.question_id === questions[0]);
        games.push(game);
      }
      const vote = await balancer.call(`/api/v1/game/questions/${questions[0]}/vote/`, { method: 'POST', headers: bearer(first.access), json: { choice: 'A' } });
      expect(vote.status, vote.text).toBe(201);
      for (const game of games) {
        await game.waitFor((m) => m.type === 'vote_update' && m.data.question_id === questions[0] && m.data.vote_a_count === 1);
        game.ws.close(1000);
      }
    });

    it('a websocket opened through nginx (wss) is upgraded and hears a vote cast on an instance', async () => {
      const { roundId, questions, first, second } = await gameRound();
      // As the app's page opens it: the page's own origin, which nginx passes on as the Host the instance checks.
      const game = await socket(`wss://127.0.0.1:${ports.https}/ws/game/round/${roundId}/?token=${first.access}`, { origin: balancer.origin });
      await game.waitFor((m) => m.type === 'vote_update' && m.data.question_id === questions[1]);
      const vote = await direct[2].call(`/api/v1/game/questions/${questions[1]}/vote/`, { method: 'POST', headers: bearer(second.access), json: { choice: 'B' } });
      expect(vote.status, vote.text).toBe(201);
      await game.waitFor((m) => m.type === 'vote_update' && m.data.question_id === questions[1] && m.data.vote_b_count === 1);
      game.ws.close(1000);
    });

    it("keeps a socket's ?token= and a reset link's ?token= out of nginx's access log, which names only the path", async () => {
      const { roundId, first } = await gameRound();
      // The round is shared with the checks above, whose sockets nginx has logged already: look only at lines written from here on.
      const linesBefore = nginx.accessLog().length;
      const game = await socket(`wss://127.0.0.1:${ports.https}/ws/game/round/${roundId}/?token=${first.access}`, { origin: balancer.origin });
      await game.waitFor((m) => m.type === 'vote_update');
      const resetToken = randomBytes(16).toString('hex');
      await balancer.call(`/password-reset?token=${resetToken}`);
      // nginx writes a socket's line once it ends, and any line just after its answer has gone out.
      game.ws.close(1000);
      await vi.waitFor(
        () => {
          const requests = nginx.accessLog().slice(linesBefore).map((l) => l.request);
          expect(requests.some((r) => r.includes(`/ws/game/round/${roundId}/`))).toBe(true);
          expect(requests.some((r) => r.startsWith('GET /password-reset'))).toBe(true);
        },
        { timeout: 10_000 },
      );
      const written = nginx.accessLogText();
      expect(written).toContain(`"GET /password-reset HTTP/`);
      expect(written).not.toContain(first.access);
      expect(written).not.toContain(resetToken);
      expect(written).not.toMatch(/token=/);
    });

    it('plain HTTP answers only a redirect to HTTPS', async () => {
      const plain = open(`http://127.0.0.1:${ports.http}`);
      const res = await plain.call('/home?tab=1', { headers: { host: 'partyon.example.kr' } });
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe('https://partyon.example.kr/home?tab=1');
    });

    it('a pg_dump restored into a new database serves the photos and keeps the ledger', async () => {
      const { path, owner } = await uploadedPhoto();
      await gameRound();
      const dump = join(scratch, 'partyon.dump');
      const dumped = Date.now();
      await run('pg_dump', ['--format=custom', `--file=${dump}`, databaseUrl]);
      const dumpMs = Date.now() - dumped;
      const restoredUrl = await createDatabase(adminUrl, 'deploy_restored', teardown);
      const restoring = Date.now();
      await run('pg_restore', ['--exit-on-error', `--dbname=${restoredUrl}`, dump]);
      figures.push(`pg_dump: ${(statSync(dump).size / 1024).toFixed(0)} KB in ${seconds(dumpMs)}; pg_restore into a new database: ${seconds(Date.now() - restoring)}`);

      // The ledger of both databases, per student: the same rows and sums, and each balance its ledger's sum.
      const ledger = async (url: string) =>
        (
          await adminQuery(
            url,
            `select u.id, u.points, count(l.id)::int as rows, coalesce(sum(l.amount), 0)::int as total
               from users u left join point_ledger l on l.user_id = u.id group by u.id order by u.id`,
          )
        ).rows as { id: number; points: number; rows: number; total: number }[];
      const before = await ledger(databaseUrl);
      const after = await ledger(restoredUrl);
      expect(after).toEqual(before);
      expect(before.length).toBeGreaterThan(0);
      for (const row of after) expect(row.points, `student ${row.id}`).toBe(row.total);
      const kinds = (await adminQuery(restoredUrl, 'select distinct kind from point_ledger order by kind')).rows.map((r: { kind: string }) => r.kind);
      expect(kinds).toEqual(expect.arrayContaining(['welcome', 'deposit_paid']));

      // An instance started on the restored database (a deployment of its own: its own Redis prefix).
      const restoredFile = join(scratch, 'partyon-restored.env');
      writeEnvironmentFile(readFileSync(ENV_EXAMPLE, 'utf8'), { ...settings, DATABASE_URL: restoredUrl, REDIS_PREFIX: `${settings.REDIS_PREFIX}restored:` }, restoredFile);
      const restored = start(ports.restored, restoredFile);
      figures.push(`an instance on the restored database ready after ${seconds(await restored.ready)}`);
      const there = open(`http://127.0.0.1:${ports.restored}`);
      const photo = await there.call(path);
      expect(photo.status).toBe(200);
      expect(path).toContain(sha256(photo.bytes));
      const mine = async (via: Client) => (await via.call('/api/mypage/main/', { headers: bearer(owner.access) })).json<{ points: number }>().points;
      expect(await mine(there)).toBe(await mine(balancer));
      expect(await stop(restored)).toBe(0);
      expect(troubles(restored)).toEqual([]);
    });

    it('SIGTERM stops each instance with exit code 0, leaving nothing running and the checkout untouched; meanwhile nginx sends every request to one still running', async () => {
      // nginx had nothing to complain about while every instance ran.
      expect(nginx.errors().split('\n').filter((line) => /\[(error|crit|alert|emerg)\]/.test(line))).toEqual([]);
      const sent = nginx.requestsPerUpstream();
      figures.push(`requests nginx sent to each instance: ${ports.instances.map((p) => `partyon@${p} ${sent.get(p) ?? 0}`).join(', ')}`);
      const running = instances.filter((i) => ports.instances.includes(i.port));
      for (const [n, instance] of running.entries()) {
        const stopping = Date.now();
        expect(await stop(instance), `partyon@${instance.port}:\n${instance.output()}`).toBe(0);
        figures.push(`partyon@${instance.port}: SIGTERM to exit ${seconds(Date.now() - stopping)}`);
        await expect.poll(() => groupAlive(instance), { timeout: 10_000 }).toBe(false);
        expect(troubles(instance), `partyon@${instance.port}`).toEqual([]);
        if (n === running.length - 1) break;
        for (let i = 0; i < 6; i++) expect((await balancer.call('/readyz')).status, `request ${i + 1} after partyon@${instance.port} stopped`).toBe(200);
      }
      // The unit makes the checkout read-only to the instances (ProtectSystem=strict): none of them wrote to it.
      expect(checkoutState()).toBe(checkoutBefore);
    });

    it('with every instance stopped, nginx answers our Korean 503: JSON for the API, the page for people', async () => {
      const api = await balancer.call('/api/homemap/home/');
      expect(api.status).toBe(503);
      expect(api.headers.get('content-type')).toBe('application/json');
      expect(api.json()).toEqual({ detail: M.unavailable });
      expect(api.headers.get('retry-after')).toBe('5');
      expect(api.headers.get('cache-control')).toBe('no-store');

      const page = await balancer.call('/', { headers: { accept: 'text/html' } });
      expect(page.status).toBe(503);
      expect(page.headers.get('content-type')).toBe('text/html');
      expect(page.text).toBe(readFileSync(UNAVAILABLE_PAGE, 'utf8'));
      expect(page.headers.get('retry-after')).toBe('5');
    });

    it('nginx stops, and every port the suite used is free again', async () => {
      for (const c of clients.splice(0)) await c.close();
      expect(await nginx.stop()).toBe(0);
      for (const port of [...ports.instances, ports.restored, ports.http, ports.https]) expect(await portFree(port), `port ${port}`).toBe(true);
    });
  },
);
