import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Notice, noticePatch } from '../../shared/parties';
import type { Ctx } from '../context';
import { notifications } from '../db/schema/notifications';
import { requireUser, userIdOf } from '../http/auth-guard';
import { detail } from '../http/errors';
import { idParam } from '../http/params';

const NOT_FOUND = '알림을 찾을 수 없습니다.';
const toNotice = (n: typeof notifications.$inferSelect): Notice => ({
  id: n.id,
  message: n.message,
  created_at: n.createdAt.toISOString(),
  is_read: n.isRead,
});

export async function noticeRoutes(app: FastifyInstance, ctx: Ctx) {
  const auth = { preHandler: requireUser(ctx) };

  app.get('/api/notice/', auth, async (req): Promise<Notice[]> => {
    const rows = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userIdOf(req)))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(100);
    return rows.map(toNotice);
  });

  app.patch('/api/notice/:id/', auth, async (req): Promise<Notice> => {
    noticePatch.parse(req.body ?? {});
    const id = idParam(req.params, 'id', NOT_FOUND);
    const [row] = await ctx.db
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userIdOf(req))))
      .returning();
    if (!row) throw detail(404, NOT_FOUND);
    return toNotice(row);
  });
}
