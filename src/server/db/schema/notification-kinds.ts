// The events a notification reports (docs/rules.md "Notifications"). The client never sees the kind, and the
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
  // A seat of a full party freed up and is held for the first student in line (reserve/waitlist-offer.ts).
  'waitlist_offer',
  // An unpaid seat's hold ends in a few minutes: its application notice, rewritten (reserve/hold-reminder.ts).
  'hold_expiring',
  // A paid seat's lobby opened for standby (parties/standby-open.ts).
  'standby_open',
  // The party's balance game round was created (game/round-create.ts).
  'game_started',
  // An operator suspended the account, or lifted the suspension (suspension/suspend-student.ts).
  'suspended',
  'suspension_lifted',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
