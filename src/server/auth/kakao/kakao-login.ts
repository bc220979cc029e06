import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { WELCOME_POINTS } from '../../../shared/constants';
import type { Ctx } from '../../context';
import { isUniqueViolation } from '../../db/pg-errors';
import { kakaoCodes } from '../../db/schema/kakao';
import { socialAccounts, users } from '../../db/schema/users';
import { applyPoints } from '../../points/ledger';
import { issueTokenPair } from '../refresh-tokens';
import { KAKAO_MESSAGES, type KakaoClient, KakaoError, type KakaoProfile } from './kakao-client';

const PROVIDER = 'kakao';

export interface KakaoLoginResult {
  access: string;
  refresh: string;
  is_additional_info_provided: boolean;
}

/**
 * Signs a student in with a Kakao authorization code. A code signs in once: the first request claims it
 * (kakao_codes, a unique key, so of requests at the same moment on any instances exactly one wins) and only that one
 * is exchanged with Kakao. Any other request with the code — a twin, a replay minutes later, from anywhere — is the
 * 400 of a used code, without asking Kakao. A claimed code stays spent whatever its exchange gave: the client never
 * sends one twice (auth/kakao-callback.ts), and Kakao would refuse it anyway.
 */
export async function kakaoLogin(ctx: Ctx, kakao: KakaoClient, code: string, redirectUri: string): Promise<KakaoLoginResult> {
  const codeHash = createHash('sha256').update(code).digest('hex');
  const [claimed] = await ctx.db
    .insert(kakaoCodes)
    .values({ codeHash, createdAt: ctx.clock.now() })
    .onConflictDoNothing()
    .returning({ codeHash: kakaoCodes.codeHash });
  if (!claimed) throw new KakaoError(400, KAKAO_MESSAGES.badCode);

  const profile = await kakao.profile(await kakao.exchangeCode(code, redirectUri));
  const userId = await findOrCreateUser(ctx, profile);
  const [user] = await ctx.db.select({ info: users.isAdditionalInfoProvided }).from(users).where(eq(users.id, userId));
  return { ...(await issueTokenPair(ctx, userId)), is_additional_info_provided: user.info };
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
