import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { WELCOME_POINTS } from '../../../shared/constants';
import type { Ctx } from '../../context';
import { isUniqueViolation } from '../../db/pg-errors';
import { kakaoCodes } from '../../db/schema/kakao';
import { socialAccounts, users } from '../../db/schema/users';
import { applyPoints } from '../../points/ledger';
import { issueTokenPair } from '../refresh-tokens';
import { type KakaoClient, KakaoError, type KakaoProfile } from './kakao-client';

const PROVIDER = 'kakao';
const WAIT_FOR_TWIN_MS = 8_000;

export interface KakaoLoginResult {
  access: string;
  refresh: string;
  is_additional_info_provided: boolean;
}

/**
 * Signs a student in with a Kakao authorization code. The code is claimed first (kakao_codes), so it is exchanged
 * with Kakao exactly once even if the same code arrives twice at once, on one instance or two; the second request
 * waits for the first's outcome and gets its own token pair for the same account.
 */
export async function kakaoLogin(ctx: Ctx, kakao: KakaoClient, code: string, redirectUri: string): Promise<KakaoLoginResult> {
  const codeHash = createHash('sha256').update(code).digest('hex');
  const [claimed] = await ctx.db
    .insert(kakaoCodes)
    .values({ codeHash, createdAt: ctx.clock.now() })
    .onConflictDoNothing()
    .returning({ codeHash: kakaoCodes.codeHash });

  let userId: number;
  if (claimed) {
    try {
      const profile = await kakao.profile(await kakao.exchangeCode(code, redirectUri));
      userId = await findOrCreateUser(ctx, profile);
      await ctx.db.update(kakaoCodes).set({ userId, done: true }).where(eq(kakaoCodes.codeHash, codeHash));
    } catch (err) {
      const e = err instanceof KakaoError ? err : new KakaoError(502, 'kakao login failed');
      await ctx.db.update(kakaoCodes).set({ done: true, failedStatus: e.status, failedDetail: e.message }).where(eq(kakaoCodes.codeHash, codeHash));
      throw err;
    }
  } else {
    userId = await waitForTwin(ctx, codeHash);
  }

  const [user] = await ctx.db.select({ info: users.isAdditionalInfoProvided }).from(users).where(eq(users.id, userId));
  return { ...(await issueTokenPair(ctx, userId)), is_additional_info_provided: user.info };
}

async function waitForTwin(ctx: Ctx, codeHash: string): Promise<number> {
  const deadline = Date.now() + WAIT_FOR_TWIN_MS;
  while (Date.now() < deadline) {
    const [row] = await ctx.db.select().from(kakaoCodes).where(eq(kakaoCodes.codeHash, codeHash));
    if (row?.done) {
      if (row.userId) return row.userId;
      throw new KakaoError((row.failedStatus as 400 | 502) ?? 400, row.failedDetail ?? '');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new KakaoError(502, '카카오 로그인이 지연되고 있습니다. 잠시 후 다시 시도해 주세요.');
}

async function findOrCreateUser(ctx: Ctx, profile: KakaoProfile): Promise<number> {
  const existing = await linkedUser(ctx, profile.id);
  if (existing) return existing;
  const now = ctx.clock.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      // kakao_{id} is the natural name; if somebody already took it, a random suffix keeps it unique and valid.
      const base = `kakao_${profile.id}`.slice(0, 20);
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.username, base));
      const username = taken ? `kakao_${randomBytes(5).toString('hex')}` : base;
      const [user] = await tx
        .insert(users)
        .values({ username, name: (profile.nickname ?? '카카오 회원').slice(0, 30), isAdditionalInfoProvided: false, createdAt: now })
        .returning({ id: users.id });
      await tx.insert(socialAccounts).values({ userId: user.id, provider: PROVIDER, providerUserId: profile.id, createdAt: now });
      await applyPoints(tx, { userId: user.id, amount: WELCOME_POINTS, kind: 'welcome', reason: '가입 환영 포인트', at: now });
      return user.id;
    });
  } catch (err) {
    // Two first logins of one Kakao account at once: the other one created it.
    if (isUniqueViolation(err, 'social_accounts_provider_uid_key')) {
      const winner = await linkedUser(ctx, profile.id);
      if (winner) return winner;
    }
    throw err;
  }
}

async function linkedUser(ctx: Ctx, kakaoId: string): Promise<number | null> {
  const [row] = await ctx.db
    .select({ userId: socialAccounts.userId, deletedAt: users.deletedAt })
    .from(socialAccounts)
    .innerJoin(users, eq(users.id, socialAccounts.userId))
    .where(and(eq(socialAccounts.provider, PROVIDER), eq(socialAccounts.providerUserId, kakaoId)));
  return row && !row.deletedAt ? row.userId : null;
}
