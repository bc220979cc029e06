import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { passwordChange } from '../../shared/community';
import { hashPassword } from '../auth/passwords';
import { issueRefreshToken, revokeAllForUser } from '../auth/refresh-tokens';
import type { Ctx } from '../context';
import { users } from '../db/schema/users';
import { requireUser, userIdOf } from '../http/auth-guard';
import { HttpError } from '../http/errors';
import { readMultipart } from '../http/multipart';
import { normalizeImage } from '../uploads/image-check';

const INTRO_MAX = 150;

export async function profileRoutes(app: FastifyInstance, ctx: Ctx) {
  const auth = { preHandler: requireUser(ctx) };

  app.get('/api/mypage/profile/', auth, async (req) => {
    const [u] = await ctx.db.select().from(users).where(eq(users.id, userIdOf(req)));
    return { username: u.username, name: u.name, intro: u.intro, profile_image: u.profileImage };
  });

  // Changing the password signs out every other session (their refresh tokens are revoked) and hands this one a
  // fresh pair, so the student stays logged in here.
  app.post('/api/mypage/profile/', auth, async (req) => {
    const body = passwordChange.parse(req.body ?? {});
    const userId = userIdOf(req);
    await ctx.db.update(users).set({ passwordHash: await hashPassword(body.new_password) }).where(eq(users.id, userId));
    await revokeAllForUser(ctx.db, ctx.clock, userId);
    return {
      detail: '비밀번호가 변경되었습니다.',
      access: await ctx.tokens.sign(userId),
      refresh: await issueRefreshToken(ctx.db, ctx.clock, userId),
    };
  });

  // Spec §7: multipart intro + optional profile_image. The photo is checked by its bytes and re-encoded small; the
  // previous photo file is removed once the new one is saved.
  app.patch('/api/mypage/profile/', auth, async (req) => {
    const userId = userIdOf(req);
    const { fields, files } = await readMultipart(req, ['profile_image']);
    const intro = (fields.intro ?? fields.bio ?? '').trim();
    if (intro.length > INTRO_MAX) throw new HttpError(400, { intro: [`한 줄 소개는 ${INTRO_MAX}자까지 쓸 수 있습니다.`] });
    const [before] = await ctx.db.select({ profileImage: users.profileImage, intro: users.intro }).from(users).where(eq(users.id, userId));

    let profileImage = before.profileImage;
    if (files.profile_image) {
      const image = await normalizeImage(files.profile_image, 'profile_image', { maxSide: 512, quality: 82 });
      profileImage = await ctx.storage.savePublic('avatars', image.ext, image.bytes);
    }
    const nextIntro = 'intro' in fields || 'bio' in fields ? intro : before.intro;
    try {
      await ctx.db.update(users).set({ intro: nextIntro, profileImage }).where(eq(users.id, userId));
    } catch (err) {
      if (profileImage && profileImage !== before.profileImage) await ctx.storage.removePublic(profileImage);
      throw err;
    }
    if (before.profileImage && before.profileImage !== profileImage) await ctx.storage.removePublic(before.profileImage);
    return { intro: nextIntro, profile_image: profileImage };
  });
}
