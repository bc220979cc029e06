// Demo students whose passwords the README gives, and seeded "regulars" who fill seats but cannot log in.
export const DEMO_PASSWORD = 'partyon1234';

/** The demo campus's operator (console sign-in, same password). A real deployment disables it: README "Run it". */
export const DEMO_OPERATOR = 'ops_demo';

export const DEMO_STUDENTS = [
  { username: 'student1', name: '김하늘', intro: '보드게임이랑 야식 좋아해요!' },
  { username: 'student2', name: '이준호', intro: '운동 번개 언제든 환영' },
  { username: 'student3', name: '박서연', intro: '새로운 사람 만나는 걸 좋아해요.' },
  { username: 'student4', name: '최민준', intro: '코딩하다 지치면 불러 주세요.' },
];

export const REGULARS = [
  { username: 'hanbit_regular1', name: '정유진' },
  { username: 'hanbit_regular2', name: '강도윤' },
  { username: 'hanbit_regular3', name: '조하은' },
  { username: 'hanbit_regular4', name: '윤시우' },
  { username: 'hanbit_regular5', name: '장지민' },
];
