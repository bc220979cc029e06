// The map screen's own Korean texts (spec §2 names 상세보기; the rest are ours, see README "Product rules").
export const MAP_TEXTS = {
  title: '다가오는 파티',
  mapLabel: '캠퍼스 지도',
  mapHint: '한 손가락으로 움직이고, 두 손가락으로 확대해요. 마커를 길게 누르면 파티가 보여요. 모든 파티는 아래 파티 목록에서도 볼 수 있어요.',
  listLabel: '파티 목록',
  sheetHint: '지도의 마커를 길게 누르면 파티 정보를 볼 수 있어요.',
  expand: '목록 펼치기',
  collapse: '목록 접기',
  detail: '상세보기',
  tags: '태그',
  attendees: '참가 인원/정원',
  count: (n: number) => `${n}개`,
  empty: '예정된 파티가 없습니다.',
  error: '파티 목록을 불러오지 못했습니다.',
  retry: '다시 시도',
  loadingMap: '지도를 불러오는 중...',
  partiesHere: (n: number) => `파티 ${n}개`,
} as const;
