import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusals } from '../../shared/error-contract';
import { idParam } from '../../shared/id-schema';
import { type Notice, type NoticeReadAll, noticePatch } from '../../shared/parties';
import { notice, noticeReadAll, noticeUnreadCount } from '../../shared/parties-contract';
import type { Ctx } from '../context';
import { preparedPerDb } from '../db/prepared';
import { notifications } from '../db/schema/notifications';
import { requireUser, userIdOf } from '../http/auth-guard';
import { detail } from '../http/errors';
import { noticeLink, noticePartyTitle, noticeRoundId } from './link';
import { markAllRead } from './retire';

const NOT_FOUND = '알림을 찾을 수 없습니다.';
type Row = typeof notifications.$inferSelect & { roundId: number | null; partyTitle: string | null };

const ROW = { ...getTableColumns(notifications), roundId: noticeRoundId, partyTitle: noticePartyTitle };

// A warning stands alone in the list, never in its party's thread: a later notice of that party (a reminder the
// sweeper sends a minute after, say) would otherwise put it behind "이전 알림 N개 보기". Its link still leads to the party.
const threadOf = (n: Row) => (n.kind === 'warning' ? { party_id: null, party_title: null } : { party_id: n.partyId, party_title: n.partyTitle });

const toNotice = (n: Row): Notice => ({
  id: n.id,
  message: n.message,
  created_at: n.createdAt.toISOString(),
  is_read: n.isRead,
  link: noticeLink(n),
  ...threadOf(n),
});

// The list is the most asked of a student's reads; prepared (db/prepared.ts).
const noticesQuery = preparedPerDb('notices', (db) =>
  db
    .select(ROW)
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder('userId')))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(100),
);

export async function noticeRoutes(parent: FastifyInstance, ctx: Ctx) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const auth = { preValidation: requireUser(ctx) };

  app.get('/api/notice/', { ...auth, schema: { summary: 'My latest 100 notifications, newest first', response: { 200: z.array(notice) } } }, async (req): Promise<Notice[]> => {
    const rows = await noticesQuery(ctx.db).execute({ userId: userIdOf(req) });
    return rows.map(toNotice);
  });

  // The bell on every page asks this, so it is a count in the database, not the list.
  app.get('/api/notice/unread-count/', { ...auth, schema: { summary: 'How many of my notifications are unread (the bell)', response: { 200: noticeUnreadCount } } }, async (req) => {
    const [row] = await ctx.db
      .select({ count: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userIdOf(req)), eq(notifications.isRead, false)));
    return { count: row?.count ?? 0 };
  });

  const patchSchema = { summary: 'Mark one of my notifications read', params: z.object({ id: idParam(NOT_FOUND) }), body: noticePatch, response: { 200: notice, ...refusals(404) } };
  app.patch('/api/notice/:id/', { ...auth, schema: patchSchema }, async (req): Promise<Notice> => {
    const { id } = req.params;
    const [row] = await ctx.db
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userIdOf(req))))
      .returning(ROW);
    if (!row) throw detail(404, NOT_FOUND);
    return toNotice(row);
  });

  // 모두 읽음: one call for the whole list, so the bell and every client agree at once. Calling it again marks nothing.
  app.post(
    '/api/notice/read-all/',
    { ...auth, schema: { summary: 'Mark all my notifications read', response: { 200: noticeReadAll } } },
    async (req): Promise<NoticeReadAll> => {
      return { marked: await markAllRead(ctx.db, userIdOf(req)) };
    },
  );
}
