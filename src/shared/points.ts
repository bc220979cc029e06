// Why a point_ledger row moved a balance. Shared: the operators' ledger screen shows and filters by it.
export const LEDGER_KINDS = ['welcome', 'deposit_paid', 'deposit_returned', 'deposit_forfeited', 'refund', 'operator_grant'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
