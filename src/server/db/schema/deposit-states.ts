// participations.deposit_state; the schema says what each state means.
export const DEPOSIT_STATES = ['none', 'held', 'returned', 'refunded', 'forfeited'] as const;
