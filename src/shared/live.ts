import { z } from 'zod';
import type { LiveParticipationStatus } from './parties';

// Spec §3 "Party (my parties)".
export interface MyParty {
  id: number;
  title: string;
  start_time: string;
  place_name: string;
  place_photo: string | null;
  participation_count: number;
  max_participants: number;
  participants: { id: number; username: string; profile_image: string | null }[];
  /** Addition: the caller's own state, so the assistant can say "결제 대기" for an unpaid seat. */
  my_status: LiveParticipationStatus;
  /** Addition (issue 30): when my unpaid seat stops being held (null once paid), for the cards' 결제 대기 mm:ss. */
  hold_expires_at: string | null;
}

export interface ExtraSetting {
  extra: {
    grade: string | null;
    college: string | null;
    personality: string | null;
    mbti: { i_e: string | null; n_s: string | null; f_t: string | null; p_j: string | null };
  };
}

// Spec §3 "Participant entry".
export interface ParticipantEntry {
  id: number;
  is_standby: boolean;
  user: { id: number; username: string; profile_image: string | null; intro: string; extra_setting: ExtraSetting | null };
}

// Spec §3 "Standby state".
export interface StandbyState {
  standby_count: number;
  participation_count: number;
  is_standby: boolean;
}

// Spec §3 "Question" / "Game round".
export interface Question {
  id: number;
  a_text: string;
  b_text: string;
  vote_a_count: number;
  vote_b_count: number;
  has_voted: boolean;
  /**
   * Our addition to spec §3 (optional, so a client written to the spec keeps working): the side this student chose,
   * null before they vote. It lets the game keep their choice marked after a reload and recap it at the end.
   */
  my_choice?: VoteChoice | null;
}

export interface GameRound {
  id: number;
  party_id: number;
  questions: Question[];
}

export const VOTE_CHOICES = ['A', 'B'] as const;
export type VoteChoice = (typeof VOTE_CHOICES)[number];

export const voteRequest = z.object({
  choice: z.enum(VOTE_CHOICES, { error: 'A 또는 B를 선택해 주세요.' }),
});

export interface VoteResponse {
  question_id: number;
  vote_a_count: number;
  vote_b_count: number;
  has_voted: true;
}

/** One student on standby, as the lobby shows them: their face and name. */
export interface StandbyMember {
  id: number;
  username: string;
  profile_image: string | null;
}

// docs/api.md "Socket messages": server → client. Fields are only ever added (spec §7's clients read the rest):
// `standby_users` is ours, who is on standby (in the order they took their seats), so the lobby shows faces.
export type PartySocketMessage =
  | { type: 'send_standby_update'; data: { party_id: number; standby_count: number; participation_count: number; standby_users: StandbyMember[] } }
  | { type: 'send_game_created'; data: { round_id: number } };

export type RoundSocketMessage = { type: 'vote_update'; data: { question_id: number; vote_a_count: number; vote_b_count: number } };
