import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CARD_SUBMITTED_AT_HEADER } from '../../shared/ops';
import { campusMapForm } from './cli-campus';
import { importUploadsCommand } from './cli-import-uploads';
import { readNewPassword } from './cli-password';
import { type CliTarget, describeTarget, resolveCliTarget } from './cli-target';

// `npm run ops -- <command>` talks to the running server's /api/ops/ endpoints rather than to the database, so it
// works while the server holds the embedded PGlite database (one process at a time) and against a remote server.
// One command works on the database itself (uploads:import, cli-import-uploads.ts says why), and needs no server.
interface Command {
  summary: string;
  usage: string;
  run(call: Caller, args: string[]): Promise<unknown>;
}
// A FormData body goes as multipart (fetch writes its boundary); anything else as JSON. `binary` answers a Download.
type Caller = (method: string, path: string, body?: unknown, binary?: boolean) => Promise<unknown>;
interface Download {
  bytes: Buffer;
  headers: Headers;
}

const AUDIT_FILTER_FLAGS = { action: 'string', 'target-type': 'string', 'target-id': 'string', actor: 'string', from: 'string', to: 'string' } as const;

const COMMANDS: Record<string, Command> = {
  status: {
    summary: '서버 상태와 데이터 개수를 봅니다',
    usage: 'status',
    run: (call) => call('GET', '/api/ops/status/'),
  },
  'place:add': {
    summary: '장소를 추가합니다 (x, y는 지도 위 0~1 위치)',
    usage: 'place:add --name 이름 --x 0.5 --y 0.4 [--photo URL]',
    run: (call, args) => {
      const f = flags(args, { name: 'string', x: 'string', y: 'string', photo: 'string' });
      return call('POST', '/api/ops/places/', { name: f.name, x_norm: Number(f.x), y_norm: Number(f.y), photo: f.photo });
    },
  },
  'party:add': {
    summary: '파티를 만듭니다',
    usage: 'party:add --title 제목 --place ID --start ISO --max N --deposit P [--tag 태그]... [--description 설명]',
    run: (call, args) => {
      const f = flags(args, { title: 'string', place: 'string', start: 'string', max: 'string', deposit: 'string', tag: 'multiple', description: 'string' });
      return call('POST', '/api/ops/parties/', {
        title: f.title,
        description: f.description ?? '',
        place_id: Number(f.place),
        start_time: f.start,
        max_participants: Number(f.max),
        deposit: Number(f.deposit ?? 0),
        tags: f.tag ?? [],
      });
    },
  },
  'party:cancel': {
    summary: '파티를 취소하고 모든 참가자에게 보증금을 환불합니다',
    usage: 'party:cancel ID',
    run: (call, args) => call('POST', `/api/ops/parties/${encodeURIComponent(args[0] ?? '')}/cancel/`),
  },
  reports: {
    summary: '처리 대기 중인 신고 목록을 봅니다',
    usage: 'reports [--status pending|confirmed|dismissed]',
    run: async (call, args) => {
      // Every page, oldest first, as one list: what scripts read (and read before the list was paged).
      const status = encodeURIComponent(flags(args, { status: 'string' }).status ?? 'pending');
      const all: unknown[] = [];
      let after: number | null = null;
      do {
        const page = (await call('GET', `/api/ops/reports/?status=${status}&limit=100${after ? `&after_id=${after}` : ''}`)) as { results: unknown[]; next_after_id: number | null };
        all.push(...page.results);
        after = page.next_after_id;
      } while (after);
      return all;
    },
  },
  'report:resolve': {
    summary: '신고를 처리합니다: warn(경고 1회 + 알림) 또는 dismiss(기각)',
    usage: 'report:resolve ID warn|dismiss',
    run: (call, args) => call('POST', `/api/ops/reports/${encodeURIComponent(args[0] ?? '')}/resolve/`, { action: args[1] }),
  },
  verifications: {
    summary: '학생증 확인을 기다리는 학생 목록을 봅니다 (오래된 순, 한 페이지씩: 다음 페이지는 --cursor next_cursor)',
    usage: 'verifications [--status pending|rejected|approved|unsubmitted] [--q 이름|학교|전화번호] [--cursor C] [--limit 50]',
    run: (call, args) => call('GET', `/api/ops/verifications/?${queryOf(flags(args, { status: 'string', q: 'string', cursor: 'string', limit: 'string' }))}`),
  },
  'verification:approve': {
    summary: '확인한 학생증을 승인합니다 (학생에게 알림; 그 뒤 새로 보낸 학생증이면 거절됨)',
    usage: 'verification:approve USER_ID --card-submitted-at ISO',
    run: (call, args) => {
      const [userId, ...rest] = args;
      const f = flags(rest, { 'card-submitted-at': 'string' });
      return call('POST', `/api/ops/verifications/${encodeURIComponent(userId ?? '')}/approve/`, { card_submitted_at: cardSeen(f['card-submitted-at']) });
    },
  },
  'verification:reject': {
    summary: '확인한 학생증을 반려합니다 (사유와 함께 학생에게 알림; 그 뒤 새로 보낸 학생증이면 거절됨)',
    usage: 'verification:reject USER_ID --reason 사유 --card-submitted-at ISO',
    run: (call, args) => {
      const [userId, ...rest] = args;
      const f = flags(rest, { reason: 'string', 'card-submitted-at': 'string' });
      return call('POST', `/api/ops/verifications/${encodeURIComponent(userId ?? '')}/reject/`, { reason: f.reason ?? '', card_submitted_at: cardSeen(f['card-submitted-at']) });
    },
  },
  'points:grant': {
    summary: '포인트를 지급(음수면 차감)하고 원장에 기록합니다',
    usage: 'points:grant USER_ID AMOUNT --reason 사유',
    run: (call, args) => {
      const [userId, amount, ...rest] = args;
      return call('POST', `/api/ops/users/${encodeURIComponent(userId ?? '')}/points/`, { amount: Number(amount), reason: flags(rest, { reason: 'string' }).reason ?? '' });
    },
  },
  'user:suspend': {
    summary: '학생의 이용을 정지합니다: 모든 기기에서 로그아웃, 예정된 참가 취소(참가 취소 규정대로, --refund-in-full이면 전액 환불), 대기 신청 취소',
    usage: 'user:suspend USER_ID --reason 사유 [--until ISO] [--refund-in-full]',
    run: (call, args) => {
      const [userId, ...rest] = args;
      const f = flags(rest, { reason: 'string', until: 'string', 'refund-in-full': 'boolean' });
      return call('POST', `/api/ops/users/${encodeURIComponent(userId ?? '')}/suspension/`, { reason: f.reason ?? '', ends_at: f.until ?? null, refund_in_full: !!f['refund-in-full'] });
    },
  },
  'user:unsuspend': {
    summary: '학생의 이용 정지를 해제합니다',
    usage: 'user:unsuspend USER_ID',
    run: async (call, args) => {
      await call('DELETE', `/api/ops/users/${encodeURIComponent(args[0] ?? '')}/suspension/`);
      return { lifted: true };
    },
  },
  'student-card': {
    summary: '회원의 학생증 사진을 파일로 저장합니다 (운영자만 볼 수 있음)',
    usage: 'student-card USER_ID --out card.jpg',
    run: async (call, args) => {
      const [userId, ...rest] = args;
      const out = flags(rest, { out: 'string' }).out ?? `student-card-${userId}.jpg`;
      const card = (await call('GET', `/api/ops/users/${encodeURIComponent(userId ?? '')}/student-card/`, undefined, true)) as Download;
      writeFileSync(out, card.bytes, { mode: 0o600 });
      // Which card this is: what verification:approve and :reject must name to decide on it.
      return { saved: out, bytes: card.bytes.length, card_submitted_at: card.headers.get(CARD_SUBMITTED_AT_HEADER) };
    },
  },
  'operator:add': {
    summary: '운영자 계정을 만듭니다 (비밀번호는 화면에 보이지 않게 두 번 입력)',
    usage: 'operator:add USERNAME [--password-stdin]',
    run: async (call, args) => {
      const [username, ...rest] = args;
      const password = await readNewPassword(!!flags(rest, { 'password-stdin': 'boolean' })['password-stdin']);
      return call('POST', '/api/ops/operators/', { username, password });
    },
  },
  'operator:disable': {
    summary: '운영자 계정을 사용 중지하고 로그인 세션을 모두 끝냅니다',
    usage: 'operator:disable USERNAME',
    run: (call, args) => call('POST', `/api/ops/operators/${encodeURIComponent(args[0] ?? '')}/disable/`),
  },
  'operator:enable': {
    summary: '사용 중지한 운영자 계정을 다시 쓸 수 있게 합니다 (끝난 세션은 그대로)',
    usage: 'operator:enable USERNAME',
    run: (call, args) => call('POST', `/api/ops/operators/${encodeURIComponent(args[0] ?? '')}/enable/`),
  },
  'operator:admin': {
    summary: '운영자에게 관리 권한(콘솔에서 운영자 추가·중지·비밀번호 재설정)을 줍니다; --remove면 거둡니다',
    usage: 'operator:admin USERNAME [--remove]',
    run: (call, args) => {
      const [username, ...rest] = args;
      const admin = !flags(rest, { remove: 'boolean' }).remove;
      return call('POST', `/api/ops/operators/${encodeURIComponent(username ?? '')}/admin/`, { admin });
    },
  },
  audit: {
    summary: '감사 기록을 최신순으로 봅니다',
    usage: 'audit [--action party.cancel] [--target-type party] [--target-id ID] [--actor 아이디|token] [--from 2026-03-01] [--to 2026-03-31] [--limit 50]',
    run: (call, args) => call('GET', `/api/ops/audit/?${queryOf(flags(args, { ...AUDIT_FILTER_FLAGS, limit: 'string' }))}`),
  },
  'audit:export': {
    summary: '감사 기록을 CSV 파일로 저장합니다 (같은 거르기 조건, 최대 10,000건; 내보내기도 감사 기록에 남음)',
    usage: 'audit:export --out audit.csv [--action …] [--target-type …] [--target-id ID] [--actor …] [--from 2026-03-01] [--to 2026-03-31]',
    run: async (call, args) => {
      const { out = 'partyon-audit.csv', ...filters } = flags(args, { ...AUDIT_FILTER_FLAGS, out: 'string' });
      const file = (await call('GET', `/api/ops/audit/export.csv?${queryOf(filters)}`, undefined, true)) as Download;
      // Students' names and what was done to them: readable by this account only.
      writeFileSync(out, file.bytes, { mode: 0o600 });
      return { saved: out, bytes: file.bytes.length };
    },
  },
  demo: {
    summary: '몇 분 뒤 시작하는 데모 파티를 만들고 데모 학생 4명을 참가·결제시킵니다',
    usage: 'demo [--minutes 5]',
    run: (call, args) => {
      const f = flags(args, { minutes: 'string' });
      return call('POST', '/api/ops/demo/', { minutes: Number(f.minutes ?? 5) });
    },
  },
  campus: {
    summary: '캠퍼스 설정(학교 이름, 캠퍼스 이름, 지도 그림 주소)을 봅니다',
    usage: 'campus',
    run: (call) => call('GET', '/api/campus/'),
  },
  'campus:name': {
    summary: '학교 이름과 캠퍼스 이름을 정합니다 (캠퍼스 이름은 비워 둘 수 있음)',
    usage: 'campus:name --school 학교 [--campus 캠퍼스]',
    run: (call, args) => {
      const f = flags(args, { school: 'string', campus: 'string' });
      return call('PUT', '/api/ops/campus/', { school: f.school ?? '', campus_name: f.campus ?? '' });
    },
  },
  'campus:map': {
    summary: '캠퍼스 지도 그림을 바꿉니다 (전체 지도 822×460, 상세 지도 3704×1824)',
    usage: 'campus:map --overview 파일 --large 파일',
    run: (call, args) => call('POST', '/api/ops/campus/map/', campusMapForm(flags(args, { overview: 'string', large: 'string' }))),
  },
  'campus:map:reset': {
    summary: '캠퍼스 지도를 기본 그림(한빛대학교)으로 되돌립니다 (이름은 그대로)',
    usage: 'campus:map:reset',
    run: (call) => call('DELETE', '/api/ops/campus/map/'),
  },
  'uploads:import': {
    summary: '이 서버 디스크(DATA_DIR)의 사진과 학생증을 PostgreSQL(DATABASE_URL)로 옮깁니다 (다시 실행해도 같은 결과)',
    usage: 'uploads:import',
    run: () => importUploadsCommand(process.env),
  },
};

/**
 * A decision names the card it was made on (the server refuses one without, and one on a card replaced since: 409).
 * The CLI says where to find it before asking the server anything.
 */
function cardSeen(given: string | undefined): string {
  if (given) return given;
  throw new Error(
    '--card-submitted-at이 필요합니다: 확인한 학생증의 제출 시각입니다. `student-card USER_ID`가 사진과 함께, `verifications`가 목록에 알려 줍니다.',
  );
}

/** The flags given as the query of a list (`--target-type` → `target_type`); a flag left out is not sent. */
function queryOf(f: Record<string, unknown>): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(f)) if (typeof value === 'string') query.set(key.replaceAll('-', '_'), value);
  return query;
}

type FlagSpec = Record<string, 'string' | 'multiple' | 'boolean'>;
type FlagValue<T> = T extends 'multiple' ? string[] : T extends 'boolean' ? boolean : string;
/** --key value flags; a repeated 'multiple' flag collects every value; a 'boolean' one takes no value. */
function flags<S extends FlagSpec>(args: string[], spec: S) {
  const options = Object.fromEntries(
    Object.entries(spec).map(([k, v]) => [k, v === 'boolean' ? { type: 'boolean' as const } : { type: 'string' as const, multiple: v === 'multiple' }]),
  );
  const { values } = parseArgs({ args, options, strict: true, allowPositionals: false });
  return values as { [K in keyof S]?: FlagValue<S[K]> };
}

function help() {
  console.log('사용법: npm run ops -- <command> [options]\n');
  for (const c of Object.values(COMMANDS)) console.log(`  ${c.usage.padEnd(40)} ${c.summary}`);
  console.log(
    '\n서버 주소: OPS_URL, 없으면 http://127.0.0.1:$PORT, 없으면 $DATA_DIR/server-address.json (실행 중인 서버가 기록), 없으면 http://127.0.0.1:3000' +
      '\n운영자 토큰: OPS_TOKEN, 없으면 $DATA_DIR/ops-token (DATA_DIR 기본값 ./data)',
  );
}

async function main() {
  const [name, ...rest] = process.argv.slice(2);
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    help();
    process.exit(name && name !== 'help' ? 2 : 0);
  }
  // Found on the first call, so a command that calls no server (uploads:import) needs no server's token.
  let found: CliTarget | undefined;
  const call: Caller = async (method, path, body, binary) => {
    const target = (found ??= resolveCliTarget(process.env));
    let res: Response;
    try {
      const form = body instanceof FormData;
      res = await fetch(target.url + path, {
        method,
        headers: { 'x-ops-token': target.token, ...(body === undefined || form ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      });
    } catch (err) {
      // fetch says only "fetch failed"; the reason (ECONNREFUSED, a bad host name) is its cause.
      const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
      throw new Error(`서버에 연결할 수 없습니다 (${cause?.code ?? cause?.message ?? (err as Error).message}). ${describeTarget(target)}`);
    }
    if (binary && res.ok) return { bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers } satisfies Download;
    const text = await res.text();
    if (!res.ok) throw new Error(`${res.status}: ${text}\n${describeTarget(target)}`);
    return text ? (JSON.parse(text) as unknown) : null;
  };
  const result = await command.run(call, rest);
  console.log(JSON.stringify(result, null, 2));
}

main().catch((err: Error) => {
  console.error(`ops: ${err.message}`);
  process.exit(1);
});
