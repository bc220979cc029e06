import type { z } from 'zod';
import type { opsPartyCreate } from '../../shared/ops';
import type { opsPartyDetail } from '../../shared/ops-contract';
import { isoToSeoulWallTime } from './seoul-time';

/** A party as the API takes it (POST /api/ops/parties/; a PATCH sends some of these fields). */
export type PartyBody = z.output<typeof opsPartyCreate>;
export type PartyField = keyof PartyBody;
export type FieldErrors = Partial<Record<PartyField, string>>;

/** The fields in the form's order: the first wrong one takes the focus. */
export const PARTY_FIELDS = ['title', 'description', 'place_id', 'start_time', 'max_participants', 'deposit', 'tags'] as const satisfies readonly PartyField[];

/** What the operator typed, as typed: a failed check or a refused request never loses a character of it. */
export interface PartyFormValues {
  title: string;
  description: string;
  placeId: string;
  date: string;
  time: string;
  seats: string;
  deposit: string;
  tags: string;
}

export const EMPTY_PARTY_FORM: PartyFormValues = { title: '', description: '', placeId: '', date: '', time: '', seats: '', deposit: '', tags: '' };

type PartyDetail = z.infer<typeof opsPartyDetail>;

/** A party's current values in the API's terms, what an edit is compared with. */
export function partyBodyOf(party: PartyDetail): PartyBody {
  const { title, description, start_time, max_participants, deposit, tags } = party;
  return { title, description, place_id: party.place.id, start_time, max_participants, deposit, tags };
}

/** The edit form, filled in with the party as it is. */
export function partyFormOf(party: PartyDetail): PartyFormValues {
  const { date, time } = isoToSeoulWallTime(party.start_time);
  return {
    title: party.title,
    description: party.description,
    placeId: String(party.place.id),
    date,
    time,
    seats: String(party.max_participants),
    deposit: String(party.deposit),
    tags: party.tags.join(', '),
  };
}

/** "보드게임, #신입생,, 보드게임" → ["보드게임", "신입생"]: a leading # is how students see tags, not part of one. */
export function parseTags(text: string): string[] {
  const tags = text
    .split(/[,，]/)
    .map((tag) => tag.trim().replace(/^#+/, '').trim())
    .filter(Boolean);
  return [...new Set(tags)];
}

const sameTags = (a: string[], b: string[]) => JSON.stringify([...new Set(a)].sort()) === JSON.stringify([...new Set(b)].sort());

/**
 * The fields `edited` changes, and only those: an edit of the title never sends the deposit, so a rule about the
 * deposit (fixed once someone holds a seat) cannot refuse it. The same instant written another way, or the same tags
 * in another order, is no change (the server stores a time in UTC and tags sorted).
 */
export function partyPatch(original: PartyBody, edited: PartyBody): Partial<PartyBody> {
  const patch: Partial<PartyBody> = {};
  if (edited.title !== original.title) patch.title = edited.title;
  if (edited.description !== original.description) patch.description = edited.description;
  if (edited.place_id !== original.place_id) patch.place_id = edited.place_id;
  if (Date.parse(edited.start_time) !== Date.parse(original.start_time)) patch.start_time = edited.start_time;
  if (edited.max_participants !== original.max_participants) patch.max_participants = edited.max_participants;
  if (edited.deposit !== original.deposit) patch.deposit = edited.deposit;
  if (!sameTags(edited.tags, original.tags)) patch.tags = edited.tags;
  return patch;
}
