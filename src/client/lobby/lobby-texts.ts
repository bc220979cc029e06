
// Texts of the party lobby (spec §2 "Party lobby", §4 "Lobby connection" / "Standby toggle", §8 "Lobby").
export const LOBBY_TEXTS = {
  title: '파티 대기실',
  heroTitle: '밸런스 게임 준비 중',
  // Paid participants only, unlike every other count (server parties/seats.ts): only they can enter and play.
  participants: '참가 확정 인원',
  standby: '대기 중',
  people: (n: number) => `${n}명`,
  join: '대기하기',
  cancel: '대기 취소',
  busy: '처리 중...',
  hintOff: '준비가 되면 대기하기를 눌러 주세요. 절반 넘게 모이면 밸런스 게임이 시작돼요!',
  hintOn: '다른 참가자를 기다리는 중이에요. 곧 게임이 시작돼요!',
  participantsLink: '참여자 목록 보기',
  connectionError: (attempts: number) => `대기실 연결 오류 (재연결 시도 ${attempts}회)`,
  socketFailed: '웹소켓 연결에 실패했습니다.',
  forbidden: '파티 참가자만 대기할 수 있습니다.',
  notFound: '파티를 찾을 수 없습니다.',
  superseded: '다른 화면에서 대기실을 열어 이 화면의 연결을 닫았어요.',
  tooManyFromAddress: '같은 네트워크의 연결이 너무 많아 이 화면의 연결을 닫았어요.',
  toggleFailed: '대기 상태 변경에 실패했습니다. 다시 시도해주세요.',
  unauthorized: '로그인이 만료되었습니다. 다시 로그인해 주세요.',
  noPartyId: '파티 ID가 없습니다.',
  gameUnderWay: '밸런스 게임이 이미 진행 중이에요. 게임으로 이동할게요…',
  // Ours (issue 30): the faces of who is on standby, not only how many.
  readyTitle: '대기 중인 참가자',
  readyNone: '아직 대기 중인 참가자가 없어요.',
  me: (username: string) => `${username} (나)`,
} as const;

