// Web Push (issue 18 §2): the card after a first payment and the switch on my page.
export const PUSH_TEXTS = {
  askTitle: '알림을 받아볼까요?',
  askBody: '앱을 닫아도 파티 시작 전 알림, 보증금 소식, 파티 취소를 바로 알려 드려요.',
  enable: '알림 받기',
  later: '나중에',
  enabled: '알림을 켰어요. 마이페이지에서 언제든 끌 수 있어요.',
  blocked: '알림이 차단되어 있어요. 브라우저 설정에서 허용하면 받을 수 있어요.',
  failed: '알림을 켜지 못했어요. 잠시 후 마이페이지에서 다시 시도해 주세요.',
  toggle: '푸시 알림',
  toggleHint: '앱을 닫아도 파티 소식을 받아요.',
} as const;
