/** Navigation state /payment reads (docs/architecture.md): set by the join flows, carried in history.state. */
export interface PaymentNavState {
  participationId: number;
  partyId: number;
}

export const PAYMENT_PATH = '/payment';

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/** History state survives reloads and can be anything another page left there, so it is checked, not trusted. */
function parsePaymentNavState(value: unknown): PaymentNavState | null {
  if (!value || typeof value !== 'object') return null;
  const { participationId, partyId } = value as Record<string, unknown>;
  return isId(participationId) && isId(partyId) ? { participationId, partyId } : null;
}

/**
 * Read once when /payment opens. Later history changes (the replace to /paymentfinish clears the state) must not
 * make a screen that is already leaving think its reservation vanished.
 */
export function readPaymentNavState(): PaymentNavState | null {
  return parsePaymentNavState(window.history.state);
}
