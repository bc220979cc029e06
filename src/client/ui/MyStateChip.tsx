import type { LiveParticipationStatus } from '../../shared/parties';
import { MY_STATE_TEXTS } from './texts';

/** A seat awaiting payment reads as waiting (brand tint); a paid one as done (green). */
export function MyStateChip({ status, className = '' }: { status: LiveParticipationStatus; className?: string }) {
  const tone = status === 'confirmed' ? 'chip--ok' : 'chip--soft';
  return <span className={`chip chip--md ${tone} ${className}`.trim()}>{MY_STATE_TEXTS[status]}</span>;
}
