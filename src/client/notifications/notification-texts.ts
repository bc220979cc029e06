// The notification list's texts (spec §2 "Notifications", and issue 30 §5's threads and 모두 읽음).
export const NOTIFICATION_TEXTS = {
  empty: '새 알림이 없습니다.',
  loadFailed: '알림을 불러오지 못했습니다.',
  loadFailedHint: '연결을 확인하고 다시 시도해 주세요.',
  unread: '읽지 않음',
  readAll: '모두 읽음',
  readAllDone: '모든 알림을 읽음으로 표시했어요.',
  readAllFailed: '읽음으로 표시하지 못했습니다. 다시 시도해 주세요.',
  threadCount: (count: number) => `알림 ${count}개`,
  threadUnread: (count: number) => `안 읽음 ${count}`,
  showOlder: (count: number) => `이전 알림 ${count}개 보기`,
  hideOlder: '이전 알림 접기',
} as const;
