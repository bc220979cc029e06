import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refusals } from '../../shared/error-contract';
import { API_MESSAGES as M } from '../../shared/api-messages';
import { passwordChange } from '../../shared/community';
import { myProfile, passwordChanged, profileSaved } from '../../shared/mypage-contract';
import { hashPassword } from '../auth/passwords';
import { changePassword } from '../auth/refresh-tokens';
import type { Ctx } from '../context';
import { users } from '../db/schema/users';
import { requireUser, userIdOf } from '../http/auth-guard';
import { detail, HttpError } from '../http/errors';
import { readMultipart } from '../http/multipart';
import { normalizeImage } from '../uploads/image-check';

const INTRO_MAX = 150;

export async function profileRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: requireUser(ctx) };

  app.get('/api/mypage/profile/', { ...auth, schema: { summary: 'My intro and profile photo', response: { 200: myProfile } } }, async (req) => {
    const [u] = await ctx.db.select().from(users).where(eq(users.id, userIdOf(req)));
    return { username: u.username, name: u.name, intro: u.intro, profile_image: u.profileImage };
  });

  // Changing the password signs out every other session at once (their refresh tokens are revoked and their
  // access tokens stop working on their next request: refresh-tokens.ts changePassword) and hands this one a
  // fresh pair, so the student stays logged in here.
  app.post('/api/mypage/profile/', { ...auth, schema: { summary: "Change my password: ends my other devices' sessions and returns a fresh token pair", body: passwordChange, response: { 200: passwordChanged } } }, async (req) => {
    const { body } = req;
    const userId = userIdOf(req);
    const { pair, version } = await changePassword(ctx, userId, await hashPassword(body.new_password));
    await ctx.hub.endSessions(userId, version);
    return { detail: '비밀번호가 변경되었습니다.', ...pair };
  });

  // Spec §7: multipart intro + optional profile_image. The photo is checked by its bytes and re-encoded small.
  // Files and rows must agree whatever runs at the same time (two uploads, an upload and a withdrawal): the new
  // file is written first, then one transaction locks the user row, reads the photo it replaces and writes the new
  // one. The replaced file is deleted after the commit; the new file is deleted when the transaction fails or
  // finds the account closed. So however many uploads race, the row names the last one to commit and every other
  // file is gone.
  // Multipart: the body is read by readMultipart below, so only the answer is declared.
  app.patch('/api/mypage/profile/', { ...auth, schema: { summary: 'Save my intro and, optionally, a new profile photo (multipart)', response: { 200: profileSaved, ...refusals(400) } } }, async (req) => {
    const userId = userIdOf(req);
    const { fields, files } = await readMultipart(req, ['profile_image']);
    const intro = (fields.intro ?? fields.bio ?? '').trim();
    if (intro.length > INTRO_MAX) throw new HttpError(400, { intro: [`한 줄 소개는 ${INTRO_MAX}자까지 쓸 수 있습니다.`] });
    const introSent = 'intro' in fields || 'bio' in fields;

    let saved: string | null = null;
    if (files.profile_image) {
      const image = await normalizeImage(files.profile_image, 'profile_image', { maxSide: 512, quality: 82 });
      saved = await ctx.storage.savePublic('avatars', image.ext, image.bytes);
    }
    let result: { intro: string; profileImage: string | null; replaced: string | null };
    try {
      result = await ctx.db.transaction(async (tx) => {
        // `no key update`: blocks the other writers of this row (a second upload, a withdrawal) until we commit,
        // without blocking inserts that only reference the user (ledger rows, participations).
        const [before] = await tx
          .select({ profileImage: users.profileImage, intro: users.intro, deletedAt: users.deletedAt })
          .from(users)
          .where(eq(users.id, userId))
          .for('no key update');
        if (!before || before.deletedAt) throw detail(401, M.tokenInvalid);
        const next = { intro: introSent ? intro : before.intro, profileImage: saved ?? before.profileImage };
        await tx.update(users).set(next).where(eq(users.id, userId));
        // Released even when it is the very name just saved (the same photo again, named by its bytes in the
        // database): the save counted one more row naming it, and this row names it once.
        return { ...next, replaced: saved ? before.profileImage : null };
      });
    } catch (err) {
      if (saved) await ctx.storage.removePublic(saved);
      throw err;
    }
    if (result.replaced) await ctx.storage.removePublic(result.replaced);
    return { intro: result.intro, profile_image: result.profileImage };
  });
}
