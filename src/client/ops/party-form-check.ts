import type { z } from 'zod';
import { ko } from 'zod/locales';
import { firstErrorMessage } from '../../shared/errors';
import { opsPartyCreate } from '../../shared/ops';
import { ApiError } from '../api/api-error';
import { type FieldErrors, PARTY_FIELDS, type PartyBody, type PartyField, type PartyFormValues, parseTags } from './party-form-values';
import { PARTY_FORM_TEXTS as T } from './party-form-texts';
import { seoulWallTimeToIso } from './seoul-time';

// The limits are read from the schema the server validates with, so the form can never promise what it refuses.
const shape = opsPartyCreate.shape;
const tagList = shape.tags.unwrap();
// zod gives an array no getter for its .max(); its check says it.
const tagCount = tagList._zod.def.checks?.map((check) => check._zod.def as { check: string; maximum?: number }).find((def) => def.check === 'max_length')?.maximum;
export const PARTY_LIMITS = {
  title: shape.title.maxLength ?? undefined,
  description: shape.description.unwrap().maxLength ?? undefined,
  seatsMin: shape.max_participants.minValue ?? 0,
  seatsMax: shape.max_participants.maxValue ?? 0,
  depositMin: shape.deposit.minValue ?? 0,
  depositMax: shape.deposit.maxValue ?? 0,
  tagLength: tagList.element.maxLength ?? 0,
  tagCount: tagCount ?? 0,
};

const koreanIssue = ko().localeError;

/** The schema's issues that carry no message of their own, said the way the form says everything else. */
const issueMessage: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'too_big' && issue.origin === 'string') {
    return issue.path?.[0] === 'tags' ? T.tagTooLong(Number(issue.maximum)) : T.tooLong(Number(issue.maximum));
  }
  if (issue.code === 'too_big' && issue.origin === 'array') return T.tooManyTags(Number(issue.maximum));
  if (issue.code === 'invalid_type' && issue.expected === 'int') return T.wholeNumber;
  return koreanIssue(issue);
};

const numberOf = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * The form as the API's body, or the first problem of each field, judged as the server judges (its schema, plus a
 * start in the future). `keptStart` is the party's current start: an edit that leaves the time alone is not
 * refused because the time has meanwhile come close.
 */
export function readPartyForm(values: PartyFormValues, now: number, keptStart?: string): { body: PartyBody } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const start = seoulWallTimeToIso(values.date, values.time);
  if (!values.date || !values.time) errors.start_time = T.required.start_time;
  else if (!start) errors.start_time = T.startInvalid;
  else if (Date.parse(start) <= now && (keptStart === undefined || Date.parse(start) !== Date.parse(keptStart))) errors.start_time = T.startInPast;
  if (!values.placeId) errors.place_id = T.required.place_id;
  const seats = numberOf(values.seats);
  if (seats === null) errors.max_participants = T.required.max_participants;
  const deposit = numberOf(values.deposit);
  if (deposit === null) errors.deposit = T.required.deposit;

  const parsed = opsPartyCreate.safeParse(
    {
      title: values.title,
      description: values.description,
      place_id: Number(values.placeId),
      start_time: start ?? '',
      max_participants: seats ?? 0,
      deposit: deposit ?? 0,
      tags: parseTags(values.tags),
    },
    { error: issueMessage },
  );
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as PartyField;
    errors[field] ??= issue.message;
  }
  return parsed.success && Object.keys(errors).length === 0 ? { body: parsed.data } : { errors };
}

/** What a refused request says: the fields it names go beside those fields, anything else above the button. */
export interface FormProblem {
  fields: FieldErrors;
  message?: string;
}

export function problemOf(failure: unknown, fallback: string): FormProblem {
  const body = failure instanceof ApiError && failure.body && typeof failure.body === 'object' ? (failure.body as Record<string, unknown>) : {};
  const fields: FieldErrors = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const message = Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;
    if (message && (PARTY_FIELDS as readonly string[]).includes(key)) fields[key as PartyField] = message;
    else rest[key] = value;
  }
  const message = firstErrorMessage(rest) ?? (Object.keys(fields).length ? undefined : fallback);
  return message ? { fields, message } : { fields };
}
