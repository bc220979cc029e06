// Why a point_ledger row moved a balance. Shared: the operators' ledger screen shows and filters by it.
export const LEDGER_KINDS = ['welcome', 'deposit_paid', 'deposit_returned', 'deposit_forfeited', 'refund', 'operator_grant'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** How the operators' ledger screen names each kind. */
export const LEDGER_KIND_LABELS = {
  welcome: '가입 환영',
  deposit_paid: '보증금 결제',
  deposit_returned: '보증금 반환',
  // Written with amount 0 when the no-show is settled: the deposit had already left the balance when it was paid.
  deposit_forfeited: '보증금 몰수 (노쇼)',
  refund: '환불',
  operator_grant: '운영자 지급·회수',
} as const satisfies Record<LedgerKind, string>;

/** The longest reason an operator may give for granting or taking back points (the ledger keeps it as written). */
export const POINTS_REASON_MAX = 200;
