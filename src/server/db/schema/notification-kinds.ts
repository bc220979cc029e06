// The events a notification reports (DESIGN.md §4 "Notifications"). The client never sees the kind, and the
// database has no CHECK for it: the list types the column only.
export const NOTIFICATION_KINDS = [
  'applied',
  'paid',
  'hold_expired',
  'cancelled',
  'party_cancelled',
  'party_changed',
  'reminder_24h',
  'reminder_1h',
  'deposit_returned',
  'deposit_forfeited',
  'warning',
  'verification_approved',
  'verification_rejected',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
