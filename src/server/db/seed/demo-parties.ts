// The demo campus's upcoming parties. Days count from the day of seeding, so the demo is always fresh.
export interface SeedParty {
  title: string;
  place: string; // SeedPlace.key
  /** Days from today (Korean time) and the hour it starts, so demo parties start at sensible evening hours. */
  day: number;
  hour: number;
  max: number;
  deposit: number;
  tags: string[];
  description: string;
  /** How many of the seeded regulars have already joined and paid. */
  regulars: number;
}

export const SEED_PARTIES: SeedParty[] = [
  { title: '새내기 환영 보드게임 파티', place: 'student-union', day: 1, hour: 19, max: 8, deposit: 2000, tags: ['보드게임', '새내기', '친목'], description: '학생회관 2층 라운지에서 할리갈리, 뱅, 다빈치코드까지! 처음 만나도 금방 친해질 수 있어요.', regulars: 3 },
  { title: '중간고사 끝! 도서관 옥상 치킨 파티', place: 'library', day: 2, hour: 20, max: 10, deposit: 3000, tags: ['치킨', '시험끝', '야식'], description: '시험 끝난 기념으로 치킨 한 마리씩 나눠 먹어요. 음료는 준비되어 있어요.', regulars: 5 },
  { title: '공대생 코딩 모각코 & 피자', place: 'engineering', day: 1, hour: 18, max: 6, deposit: 1000, tags: ['모각코', '개발', '피자'], description: '각자 공부하다가 8시에 피자 타임! 노트북 챙겨 오세요.', regulars: 2 },
  { title: '인문관 북토크: 올해의 소설', place: 'humanities', day: 3, hour: 19, max: 8, deposit: 0, tags: ['독서', '토론'], description: '한 권씩 추천하고 이야기 나눠요. 안 읽었어도 환영!', regulars: 1 },
  { title: '경영학과 창업 아이디어 네트워킹', place: 'business', day: 4, hour: 21, max: 10, deposit: 5000, tags: ['창업', '네트워킹'], description: '아이디어 1분 피칭 후 팀별 자유 대화. 명함 있으면 좋아요.', regulars: 4 },
  { title: '디자인관 드로잉 나이트', place: 'design', day: 5, hour: 14, max: 6, deposit: 1500, tags: ['드로잉', '예술', '힐링'], description: '크로키부터 자유 드로잉까지. 재료는 준비해 둘게요.', regulars: 2 },
  { title: '체육관 배드민턴 번개', place: 'gym', day: 1, hour: 20, max: 4, deposit: 1000, tags: ['운동', '배드민턴'], description: '라켓 대여 가능! 복식 두 판 하고 음료 한잔해요.', regulars: 4 },
  { title: '대운동장 야간 러닝 크루', place: 'field', day: 2, hour: 21, max: 10, deposit: 0, tags: ['러닝', '운동', '야간'], description: '트랙 5바퀴 천천히 뛰고 스트레칭. 초보 환영.', regulars: 3 },
  { title: '예술관 어쿠스틱 잼 세션', place: 'arts', day: 6, hour: 19, max: 8, deposit: 2000, tags: ['음악', '잼', '공연'], description: '기타, 카혼, 보컬 누구나. 악기 없으면 박수 담당!', regulars: 2 },
  { title: '소프트웨어관 해커톤 팀 빌딩', place: 'software', day: 7, hour: 13, max: 10, deposit: 3000, tags: ['해커톤', '개발', '팀빌딩'], description: '다음 달 교내 해커톤 팀을 미리 꾸려요. 기획자, 디자이너도 환영.', regulars: 3 },
  { title: '법학관 모의재판 뒤풀이', place: 'law', day: 8, hour: 20, max: 8, deposit: 2500, tags: ['법학', '뒤풀이'], description: '모의재판 준비하느라 고생한 사람들 모여라! 간단한 다과 준비.', regulars: 1 },
  { title: '노천극장 별 보기 피크닉', place: 'amphitheater', day: 9, hour: 21, max: 10, deposit: 1000, tags: ['피크닉', '별', '힐링'], description: '돗자리 깔고 별자리 앱 켜고 이야기 나눠요. 담요 챙기기!', regulars: 2 },
  { title: '기숙사 라면 파티', place: 'dormitory', day: 10, hour: 22, max: 6, deposit: 500, tags: ['야식', '기숙사', '친목'], description: '공용 주방에서 라면 끓여 먹어요. 토핑 하나씩 가져오기.', regulars: 2 },
  { title: '호숫가 잔디광장 버스킹', place: 'lake', day: 11, hour: 18, max: 10, deposit: 0, tags: ['음악', '버스킹', '야외'], description: '호숫가 노을 보며 버스킹! 신청곡 받아요.', regulars: 4 },
  { title: '외국어 교환 카페', place: 'student-union', day: 12, hour: 16, max: 8, deposit: 1500, tags: ['언어교환', '글로벌'], description: '영어, 일본어, 중국어 테이블로 나눠서 대화해요.', regulars: 3 },
  { title: '보드게임 고수 토너먼트', place: 'library', day: 13, hour: 14, max: 8, deposit: 4000, tags: ['보드게임', '토너먼트'], description: '스플렌더 토너먼트! 우승자에게 상품이 있어요.', regulars: 2 },
  { title: '주말 아침 요가 클래스', place: 'gym', day: 13, hour: 10, max: 10, deposit: 2000, tags: ['요가', '운동', '아침'], description: '매트 대여 가능. 가벼운 스트레칭 위주로 진행해요.', regulars: 1 },
];
