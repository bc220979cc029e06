import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import type { NotificationKind } from '../db/schema/notification-kinds';
import { notifications } from '../db/schema/notifications';

/*
 * A notice that asks the student to do something (pay within 15 minutes, come to the lobby, join the game) stops
 * ringing the bell once that is done or can no longer be done: it "retires" — it stays in the list, read. Decided
 * here, on the rows, so every client, the bell's count and a third-party client agree (docs/rules.md
 * "Notifications").
 */

/** The asks of an unpaid seat (one notice under the join's key: applied, or the offer, or the reminder it became). */
const PAY_ASKS = ['applied', 'waitlist_offer', 'hold_expiring'] as const satisfies NotificationKind[];
/** The calls to come to a paid seat's party, each later one standing for the earlier. */
const COME_ASKS = ['reminder_24h', 'reminder_1h', 'standby_open', 'game_started'] as const satisfies NotificationKind[];
/** Everything a seat's end makes moot, a schedule change included. */
const SEAT_NOTICES = [...PAY_ASKS, ...COME_ASKS, 'party_changed'] as const satisfies NotificationKind[];

/**
 * A notice of the kind on the left retires the student's earlier unread notices of the kinds on the right, of the
 * same party (or, for a notice about no party, the student's notices about no party): it answers them or makes them
 * moot.
 */
const RETIRES: Partial<Record<NotificationKind, readonly NotificationKind[]>> = {
  paid: PAY_ASKS,
  reminder_1h: ['reminder_24h'],
  standby_open: ['reminder_24h', 'reminder_1h'],
  game_started: ['reminder_24h', 'reminder_1h', 'standby_open'],
  deposit_forfeited: COME_ASKS,
  cancelled: SEAT_NOTICES,
  party_cancelled: SEAT_NOTICES,
  verification_approved: ['verification_rejected'],
  suspension_lifted: ['suspended'],
};

/**
 * Notices of what the student has just done on screen and seen confirmed there (the payment's finish screen): written
 * read, so the bell does not ring for it — as backing out of payment already is (reserve/leave.ts).
 */
const SEEN_ON_SCREEN: ReadonlySet<NotificationKind> = new Set(['paid']);

export const writtenRead = (kind: NotificationKind) => SEEN_ON_SCREEN.has(kind);

type Written = { userId: number; kind: NotificationKind; partyId: number | null };

/** Marks read the earlier notices that the notices just written retire (RETIRES); in the writer's transaction. */
export async function retireAnswered(tx: Tx | Db, written: Written[]): Promise<void> {
  const byKind = new Map<NotificationKind, Written[]>();
  for (const n of written) if (RETIRES[n.kind]) byKind.set(n.kind, [...(byKind.get(n.kind) ?? []), n]);
  for (const [kind, rows] of byKind) {
    const withParty = rows.filter((r) => r.partyId !== null);
    const without = rows.filter((r) => r.partyId === null);
    const scopes: SQL[] = [];
    if (withParty.length) {
      const pairs = sql.join(
        withParty.map((r) => sql`(${r.userId}::int, ${r.partyId}::int)`),
        sql`, `,
      );
      scopes.push(sql`(${notifications.userId}, ${notifications.partyId}) in (${pairs})`);
    }
    if (without.length) scopes.push(and(inArray(notifications.userId, without.map((r) => r.userId)), isNull(notifications.partyId)) as SQL);
    await markRead(tx, and(inArray(notifications.kind, [...(RETIRES[kind] ?? [])]), or(...scopes)));
  }
}

/**
 * The student came to the party (on standby, or into the lobby or the game while it is open — partyassist/check-in.ts):
 * the calls to come are answered.
 */
export async function retireOnArrival(tx: Tx | Db, userId: number, partyId: number): Promise<void> {
  await markRead(tx, and(eq(notifications.userId, userId), eq(notifications.partyId, partyId), inArray(notifications.kind, COME_ASKS)));
}

/** A new student card was sent: the rejection's request for one is answered. */
export async function retireCardRequest(tx: Tx | Db, userId: number): Promise<void> {
  await markRead(tx, and(eq(notifications.userId, userId), eq(notifications.kind, 'verification_rejected')));
}

/** 모두 읽음 (notice/routes.ts): every unread notice of the student; answers how many that was. */
export const markAllRead = (db: Db, userId: number) => markRead(db, eq(notifications.userId, userId));

// The rows are locked in id order before they change, so two transactions marking notices of the same students
// never wait on each other in a circle (db/lock-order.ts: notifications come last, and among themselves by id).
async function markRead(tx: Tx | Db, where: SQL | undefined): Promise<number> {
  const due = tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.isRead, false), where))
    .orderBy(asc(notifications.id))
    .for('update');
  const marked = await tx.update(notifications).set({ isRead: true }).where(inArray(notifications.id, due)).returning({ id: notifications.id });
  return marked.length;
}
