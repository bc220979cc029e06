import { z } from 'zod';
import { type ExtraSetting, type GameRound, type MyParty, type ParticipantEntry, type Question, type StandbyState, VOTE_CHOICES, type VoteResponse } from './live';
import { LIVE_PARTICIPATION_STATUSES } from './parties';

// The zod side of the party assistant's and the balance game's answers (spec §3), for the server's route schemas and
// the OpenAPI document. The client keeps the interfaces of live.ts (no zod in its first load); `satisfies` keeps both
// in step. Every field a route returns must be here: the serializer writes only the declared ones.

const person = { id: z.number().int(), username: z.string(), profile_image: z.string().nullable() };

export const myParty = z
  .object({
    id: z.number().int(),
    title: z.string(),
    start_time: z.string().meta({ format: 'date-time' }),
    place_name: z.string(),
    place_photo: z.string().nullable(),
    participation_count: z.number().int(),
    max_participants: z.number().int(),
    participants: z.array(z.object(person)),
    my_status: z.enum(LIVE_PARTICIPATION_STATUSES),
    hold_expires_at: z.string().meta({ format: 'date-time' }).nullable(),
  })
  .meta({ id: 'MyParty' }) satisfies z.ZodType<MyParty>;

const extraSetting = z
  .object({
    extra: z.object({
      grade: z.string().nullable(),
      college: z.string().nullable(),
      personality: z.string().nullable(),
      mbti: z.object({ i_e: z.string().nullable(), n_s: z.string().nullable(), f_t: z.string().nullable(), p_j: z.string().nullable() }),
    }),
  })
  .meta({ id: 'ExtraSetting' }) satisfies z.ZodType<ExtraSetting>;

export const participantEntry = z
  .object({
    id: z.number().int(),
    is_standby: z.boolean(),
    user: z.object({ ...person, intro: z.string(), extra_setting: extraSetting.nullable() }),
  })
  .meta({ id: 'ParticipantEntry' }) satisfies z.ZodType<ParticipantEntry>;

export const standbyState = z
  .object({ standby_count: z.number().int(), participation_count: z.number().int(), is_standby: z.boolean() })
  .meta({ id: 'StandbyState' }) satisfies z.ZodType<StandbyState>;

const question = z
  .object({
    id: z.number().int(),
    a_text: z.string(),
    b_text: z.string(),
    vote_a_count: z.number().int(),
    vote_b_count: z.number().int(),
    has_voted: z.boolean(),
    my_choice: z.enum(VOTE_CHOICES).nullable().optional(),
  })
  .meta({ id: 'Question' }) satisfies z.ZodType<Question>;

export const gameRound = z
  .object({ id: z.number().int(), party_id: z.number().int(), questions: z.array(question) })
  .meta({ id: 'GameRound' }) satisfies z.ZodType<GameRound>;

export const voteResponse = z
  .object({ question_id: z.number().int(), vote_a_count: z.number().int(), vote_b_count: z.number().int(), has_voted: z.literal(true) })
  .meta({ id: 'VoteResponse' }) satisfies z.ZodType<VoteResponse>;
