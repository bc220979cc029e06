// Notification texts (Korean). One function per event of docs/rules.md "Notifications".
import { monthDayDateTime } from '../../shared/campus-date';
import type { NotificationKind } from '../db/schema/notification-kinds';

const p = (n: number) => `${n.toLocaleString('ko-KR')}P`;
/** "24시간 뒤", "1시간 30분 뒤", "30분 뒤", "곧": to the nearest minute. */
function timeLeft(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return '곧';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${[h && `${h}시간`, m && `${m}분`].filter(Boolean).join(' ')} 뒤`;
}

export const NOTICE = {
  applied: (title: string, deposit: number) =>
    deposit > 0
      ? `'${title}' 참가 신청이 접수되었습니다. 15분 안에 보증금 ${p(deposit)}를 결제해 주세요.`
      : `'${title}' 참가 신청이 접수되었습니다. 15분 안에 결제를 완료해 주세요.`,
  paid: (title: string, amount: number) =>
    amount > 0 ? `'${title}' 보증금 ${p(amount)} 결제가 완료되었습니다. 참가가 확정되었어요!` : `'${title}' 참가가 확정되었어요!`,
  waitlistOffer: (title: string, deposit: number) =>
    deposit > 0
      ? `'${title}'에 자리가 났어요! 대기 순서대로 자리를 잡아 두었습니다. 15분 안에 보증금 ${p(deposit)}를 결제해 주세요.`
      : `'${title}'에 자리가 났어요! 대기 순서대로 자리를 잡아 두었습니다. 15분 안에 결제를 완료해 주세요.`,
  holdExpiring: (title: string, leftMs: number) => `'${title}' 결제 시간이 ${timeLeft(leftMs)} 끝납니다. 그 전에 결제를 완료하지 않으면 참가 신청이 취소돼요.`,
  holdExpired: (title: string) => `'${title}' 결제 시간이 지나 참가 신청이 취소되었습니다.`,
  cancelledRefund: (title: string, amount: number) => `'${title}' 참가를 취소했습니다. 보증금 ${p(amount)}가 환불되었습니다.`,
  cancelledNoRefund: (title: string) => `'${title}' 참가를 취소했습니다. 시작 24시간 전이 지나 보증금은 환불되지 않습니다.`,
  cancelledFree: (title: string) => `'${title}' 참가 신청을 취소했습니다.`,
  partyCancelled: (title: string, refund: number) =>
    refund > 0 ? `'${title}' 파티가 취소되었습니다. 보증금 ${p(refund)}가 환불되었습니다.` : `'${title}' 파티가 취소되었습니다.`,
  partyChanged: (title: string, change: { start?: Date; place?: string }) =>
    `'${title}' 파티 일정이 바뀌었습니다. ${[change.start && `시간: ${monthDayDateTime(change.start)}`, change.place && `장소: ${change.place}`].filter(Boolean).join(' · ')}`,
  // The time left when the reminder is written, not the window's name: a party made 30 minutes before its start, or
  // a sweep that ran late, says what is true.
  reminder24h: (title: string, place: string, leftMs: number) => `'${title}' 파티가 ${timeLeft(leftMs)} 시작됩니다. 장소: ${place}`,
  reminder1h: (title: string, place: string, leftMs: number) => `${timeLeft(leftMs)} '${title}' 파티가 시작됩니다. 장소: ${place}`,
  standbyOpen: (title: string) => `'${title}' 대기실이 열렸어요. 입장해서 게임을 기다려 주세요.`,
  gameStarted: (title: string) => `'${title}' 밸런스 게임이 시작되었어요! 지금 참여해 보세요.`,
  depositReturned: (title: string, amount: number) => `'${title}' 출석이 확인되어 보증금 ${p(amount)}가 돌아왔습니다.`,
  depositForfeited: (title: string, amount: number) =>
    amount > 0 ? `'${title}'에 참석하지 않아 보증금 ${p(amount)}가 몰수되었습니다.` : `'${title}'에 참석하지 않았습니다.`,
  warning: (reason: string) => `경고를 받았습니다: ${reason}`,
  suspended: (reason: string, until: string) => `이용이 정지되었습니다. 사유: ${reason} (${until}) 정지 중에는 파티 참가와 대기 신청을 할 수 없습니다.`,
  suspendedSeatReleased: (title: string, refunded: number, depositKept: boolean) =>
    refunded > 0
      ? `이용 정지로 '${title}' 참가가 취소되었습니다. 보증금 ${p(refunded)}가 환불되었습니다.`
      : depositKept
        ? `이용 정지로 '${title}' 참가가 취소되었습니다. 시작 24시간 전이 지나 보증금은 환불되지 않습니다.`
        : `이용 정지로 '${title}' 참가가 취소되었습니다.`,
  suspensionLifted: () => '이용 정지가 해제되었습니다. 다시 파티에 참가할 수 있어요.',
  verificationApproved: () => '학생증 확인이 끝났습니다. 이제 파티에 참가할 수 있어요!',
  verificationRejected: (reason: string) => `학생증이 반려되었습니다 (사유: ${reason}). 마이페이지에서 새 학생증 사진을 보내 주시면 다시 확인해 드릴게요.`,
} as const;

/**
 * The notices that also reach the phone as a Web Push (queued by push/outbox-write.ts), with the push's title; the notice's message
 * is its body. A kind not listed stays in the app only. A new kind joins with one line.
 */
export const PUSH_TITLE: Partial<Record<NotificationKind, string>> = {
  reminder_24h: '파티 일정 알림',
  reminder_1h: '곧 파티가 시작돼요',
  deposit_returned: '보증금이 돌아왔어요',
  deposit_forfeited: '보증금이 몰수되었어요',
  party_cancelled: '파티가 취소되었어요',
  waitlist_offer: '기다리던 파티에 자리가 났어요',
  hold_expiring: '결제 시간이 얼마 남지 않았어요',
  standby_open: '대기실이 열렸어요',
  game_started: '게임이 시작되었어요',
};
