// The list filters' Korean texts (home and the map's sheet; README "Product rules" → list filters).
export const FILTER_TEXTS = {
  label: '파티 필터',
  search: '제목, 장소, 태그 검색',
  clearSearch: '검색어 지우기',
  days: { today: '오늘', tomorrow: '내일', week: '이번 주' },
  date: '날짜 선택',
  open: '자리 있음',
  tag: '태그',
  anyTag: '모든 태그',
  noMatch: '조건에 맞는 파티가 없어요',
  clear: '필터 지우기',
} as const;
