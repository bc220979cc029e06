import type { SocketStatus } from '../lib/reconnecting-socket';
import './live-status-chip.css';

// Spec §4 "Lobby connection": the four states a live screen's socket is in, as the lobby has always named them.
const LABELS: Record<SocketStatus, string> = {
  disconnected: '연결 끊김',
  connecting: '연결 중...',
  connected: '연결됨',
  reconnecting: '재연결 중...',
};

interface Props {
  status: SocketStatus;
  /** What is connected ("실시간 연결 상태"): read before the state, so a screen reader hears what the chip is about. */
  label?: string;
  className?: string;
}

/** A live screen's connection (the lobby's and the game's) as a chip with a coloured dot. */
export function LiveStatusChip({ status, label, className }: Props) {
  return (
    <p
      className={`chip chip--muted live-status live-status--${status}${className ? ` ${className}` : ''}`}
      role="status"
      aria-label={label ? `${label}: ${LABELS[status]}` : undefined}
    >
      <span className="live-status__dot" aria-hidden="true" />
      {LABELS[status]}
    </p>
  );
}
