import type { NotificationKind } from '../db/schema/notification-kinds';

/** Where tapping a notice goes (in the app and from a push): a card decision is about my page; anything tied to a party, that party. */
export function noticeLink(n: { kind: NotificationKind; partyId: number | null }): string | null {
  if (n.kind === 'verification_approved' || n.kind === 'verification_rejected') return '/mypage';
  return n.partyId === null ? null : `/partyinfo/${n.partyId}`;
}
