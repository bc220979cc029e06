// Korean error details of the lobby and the game. The client shows its own texts for 403/404 (spec §8) and the
// server detail for 400.
export const LIVE_MESSAGES = {
  partyNotFound: '파티를 찾을 수 없습니다.',
  onlyParticipantsStandby: '파티 참가자만 대기할 수 있습니다.',
  onlyParticipantsView: '파티 참가자만 볼 수 있습니다.',
  onlyParticipantsGame: '파티 참가자만 게임에 참여할 수 있습니다.',
  onlyParticipantsVote: '파티 참가자만 투표할 수 있습니다.',
  standbyNotOpen: '대기는 파티 시작 30분 전부터 할 수 있습니다.',
  standbyClosed: '파티가 끝나 대기할 수 없습니다.',
  roundNotFound: '게임을 찾을 수 없거나 이미 끝났습니다.',
  questionNotFound: '질문을 찾을 수 없습니다.',
  alreadyVoted: '이미 투표했습니다.',
} as const;
