import { createHash, randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { withEuro } from './particle';

export const STAND_IN_PREFIX = '/oauth/kakao/stand-in';
export const STAND_IN_CLIENT_ID = 'partyon-local-stand-in';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const PRESETS = ['한빛새내기', '보드게임러버', '야식요정', '러닝크루장'] as const;

/**
 * A local stand-in for Kakao's authorize page, token endpoint and user/me, served when no KAKAO_REST_API_KEY is
 * set, so the whole redirect flow runs on a laptop and in CI through the very same client code as production.
 * The nickname decides the Kakao id, so the same nickname signs in to the same account. Never in production.
 */
export async function standInRoutes(
  app: FastifyInstance,
  isAllowedRedirect: (uri: string, host?: string) => boolean,
  consentLimit: onRequestAsyncHookHandler,
) {
  await app.register(formbody);
  const codes = new Map<string, { nickname: string; redirectUri: string }>();
  const tokens = new Map<string, string>();
  const kakaoId = (nickname: string) => String(parseInt(createHash('sha256').update(nickname).digest('hex').slice(0, 10), 16));

  const page = (reply: FastifyReply, status: number, body: string) =>
    reply
      .status(status)
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>카카오 로그인 (로컬 대체)</title><style>
body{font-family:system-ui,'Noto Sans CJK KR',sans-serif;margin:0;word-break:keep-all;background:#f6f6f6;color:#191919}
main{max-width:360px;margin:0 auto;padding:24px 20px}.badge{display:inline-block;background:#ffe812;border-radius:6px;padding:4px 8px;font-size:13px;font-weight:700}
p.note{font-size:13px;color:#666;line-height:1.5}label{display:block;margin:16px 0 6px;font-weight:600}
input[type=text]{box-sizing:border-box;width:100%;padding:12px;border:1px solid #ccc;border-radius:8px;font-size:16px}
.presets{display:flex;flex-wrap:wrap;gap:8px;margin-top:8px}.presets button{border:1px solid #ddd;background:#fff;border-radius:16px;padding:6px 10px;font-size:14px}
.actions{display:flex;gap:8px;margin-top:24px}.actions button{flex:1;padding:14px;border-radius:8px;border:0;font-size:16px;font-weight:700}
.ok{background:#fee500;color:#191919}.cancel{background:#e5e5e5;color:#333}</style></head><body><main>${body}</main></body></html>`);

  const authorizeQuery = z.object({ client_id: z.string(), redirect_uri: z.string(), response_type: z.literal('code'), state: z.string().optional() });
  app.get(`${STAND_IN_PREFIX}/oauth/authorize`, async (req, reply) => {
    const q = authorizeQuery.safeParse(req.query);
    if (!q.success || q.data.client_id !== STAND_IN_CLIENT_ID || !isAllowedRedirect(q.data.redirect_uri, req.headers.host)) {
      return page(reply, 400, '<span class="badge">로컬 대체 카카오</span><h1>잘못된 로그인 요청입니다.</h1>');
    }
    const hidden = `<input type="hidden" name="redirect_uri" value="${escape(q.data.redirect_uri)}"><input type="hidden" name="state" value="${escape(q.data.state ?? '')}">`;
    return page(
      reply,
      200,
      `<span class="badge">로컬 대체 카카오 (개발·테스트용)</span>
<h1>카카오 계정으로 로그인</h1>
<p class="note">KAKAO_REST_API_KEY가 설정되지 않아 실제 카카오 대신 파티온 서버의 대체 화면이 열렸습니다. 닉네임이 같으면 같은 계정으로 로그인됩니다.</p>
<form method="post" action="${STAND_IN_PREFIX}/oauth/authorize">${hidden}
<label for="nickname">닉네임</label><input id="nickname" type="text" name="nickname" required maxlength="20" value="${escape(PRESETS[0])}">
<div class="presets">${PRESETS.map((n) => `<button type="submit" name="preset" value="${escape(n)}" formnovalidate>${escape(withEuro(n))} 동의</button>`).join('')}</div>
<p class="note">파티온이 닉네임을 제공받는 데 동의합니다.</p>
<div class="actions"><button class="cancel" type="submit" name="action" value="cancel" formnovalidate>취소</button><button class="ok" type="submit" name="action" value="consent">동의하고 계속하기</button></div>
</form>`,
    );
  });

  // A quick pick sends its nickname as `preset` beside the typed field's `nickname` (the form has both, so one name
  // for the two would arrive as a list and be refused); the pick is what was tapped, so it wins.
  const consentBody = z.object({
    redirect_uri: z.string(),
    state: z.string().default(''),
    nickname: z.string().trim().max(20).default(''),
    preset: z.enum(PRESETS).optional(),
    action: z.string().default('consent'),
  });
  app.post(`${STAND_IN_PREFIX}/oauth/authorize`, { onRequest: consentLimit }, async (req, reply) => {
    const b = consentBody.safeParse(req.body);
    if (!b.success || !isAllowedRedirect(b.data.redirect_uri, req.headers.host)) return page(reply, 400, '<h1>잘못된 로그인 요청입니다.</h1>');
    const back = new URL(b.data.redirect_uri);
    if (b.data.state) back.searchParams.set('state', b.data.state);
    const nickname = b.data.preset ?? b.data.nickname;
    if (b.data.action === 'cancel' || !nickname) {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'User denied access');
      return reply.redirect(back.toString(), 302);
    }
    const code = randomBytes(24).toString('base64url');
    codes.set(code, { nickname, redirectUri: b.data.redirect_uri });
    back.searchParams.set('code', code);
    return reply.redirect(back.toString(), 302);
  });

  app.post(`${STAND_IN_PREFIX}/oauth/token`, async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, string>;
    const entry = codes.get(b.code ?? '');
    codes.delete(b.code ?? ''); // single use, like Kakao's
    if (b.grant_type !== 'authorization_code' || b.client_id !== STAND_IN_CLIENT_ID || !entry || entry.redirectUri !== b.redirect_uri) {
      return reply.status(400).send({ error: 'invalid_grant', error_description: 'authorization code not found' });
    }
    const token = randomBytes(24).toString('base64url');
    tokens.set(token, entry.nickname);
    return { token_type: 'bearer', access_token: token, expires_in: 21599 };
  });

  app.get(`${STAND_IN_PREFIX}/v2/user/me`, async (req, reply) => {
    const token = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    const nickname = tokens.get(token);
    if (!nickname) return reply.status(401).send({ msg: 'this access token does not exist', code: -401 });
    return { id: Number(kakaoId(nickname)), properties: { nickname }, kakao_account: { profile: { nickname } } };
  });
}
