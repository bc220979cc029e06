import { CAMPUS_MAP_FILES } from '../../shared/campus-upload';

// The console's campus set-up screen (issue 29).
export const CAMPUS_TEXTS = {
  nav: '캠퍼스',
  title: '캠퍼스 설정',
  intro: '학생과 게스트가 보는 학교 이름과 캠퍼스 지도입니다. 바꾸면 홈, 지도, 파티 페이지와 공유 미리보기에 바로 반영됩니다.',
  loading: '캠퍼스 정보를 불러오는 중...',
  namesTitle: '학교와 캠퍼스 이름',
  school: '학교 이름',
  schoolHelp: '예: 한빛대학교. 홈 화면 위와 공유 미리보기에 나옵니다.',
  campusName: '캠퍼스 이름 (선택)',
  campusNameHelp: '예: 서울캠퍼스. 캠퍼스가 하나면 비워 두세요.',
  saveNames: '이름 저장',
  saving: '저장 중...',
  namesSaved: '캠퍼스 이름을 저장했습니다.',
  unchanged: '바뀐 내용이 없습니다.',
  schoolRequired: '학교 이름을 입력해 주세요.',
  namesFailed: '캠퍼스 이름을 저장하지 못했습니다. 다시 시도해 주세요.',
  mapTitle: '캠퍼스 지도',
  current: '지금 쓰는 지도',
  builtIn: '기본 지도(한빛대학교)를 쓰고 있습니다.',
  uploaded: '올린 지도를 쓰고 있습니다.',
  mapAlt: (name: string) => `${name} 캠퍼스 전체 지도`,
  mapHelp:
    '두 크기의 그림을 함께 올립니다. 장소 핀은 지도 위 가로·세로 비율로 놓이므로, 두 그림에서 같은 건물이 같은 비율 위치에 있어야 합니다. ' +
    'PNG, JPEG, WebP, 각 5MB 이하.',
  fileLabel: (file: keyof typeof CAMPUS_MAP_FILES) => `${CAMPUS_MAP_FILES[file].label} (${CAMPUS_MAP_FILES[file].width}×${CAMPUS_MAP_FILES[file].height})`,
  fileHelp: {
    overview: '파티 페이지와 공유 미리보기에 나오는 작은 지도입니다.',
    large: '지도 화면에서 움직이고 확대하는 큰 지도입니다.',
  },
  chosen: (name: string) => `고른 파일: ${name}`,
  upload: '지도 올리기',
  uploading: '올리는 중...',
  uploaded_notice: '캠퍼스 지도를 바꿨습니다.',
  uploadFailed: '지도를 올리지 못했습니다. 다시 시도해 주세요.',
  reset: '기본 지도로 되돌리기',
  resetting: '되돌리는 중...',
  resetDone: '기본 지도로 되돌렸습니다.',
  resetFailed: '기본 지도로 되돌리지 못했습니다. 다시 시도해 주세요.',
} as const;
