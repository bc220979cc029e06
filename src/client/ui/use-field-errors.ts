import { useState } from 'react';
import { flushSync } from 'react-dom';
import { ApiError } from '../api/api-error';

/** One thing wrong with a form, as the form's own rules (one function per form) find it. */
export interface FieldProblem<F extends string> {
  field: F;
  /** Shown beside the field. */
  text: string;
  /** The form's message when this is the first problem (the spec's words, e.g. for a group of fields); else `text`. */
  summary?: string;
}

type FieldErrors<F extends string> = Partial<Record<F, string>>;

interface ServerError<F extends string> {
  field: F;
  text: string;
  /** The value the server refused: the error stays beside the field until the student changes it. */
  value: unknown;
}

const CONTROLS = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

/** The first wrong field in the form's order; a group (stars) passes focus to its first control. */
function focusFirstInvalid(form: HTMLFormElement | null) {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  const target = first?.matches(CONTROLS) ? first : first?.querySelector<HTMLElement>(CONTROLS);
  target?.focus();
}

/** The form's own line (FormError): where focus goes when what went wrong belongs to no field. */
const FORM_MESSAGE = '[data-form-message]';

/**
 * A form's field errors. Nothing shows until the first submit; from then on the errors are worked out again on every
 * render from `problems` (the form's rules applied to its current values), so one clears as soon as its field is
 * valid. The server's field errors (e.g. 이미 사용 중인 아이디입니다.) show beside their field until it is changed.
 * `values` holds every field by name (the server's names, so its errors find their field).
 */
export function useFieldErrors<F extends string>(problems: FieldProblem<F>[], values: Readonly<Record<F, unknown>>) {
  // The form element through a callback ref (state, not a ref object, so the hook's result is plain render data).
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  const [checked, setChecked] = useState(false);
  const [server, setServer] = useState<ServerError<F>[]>([]);
  const [shown, setShown] = useState<string | null>(null);

  const errors: FieldErrors<F> = {};
  if (checked) for (const p of problems) errors[p.field] ??= p.text;
  const standing = server.filter((e) => Object.is(values[e.field], e.value));
  for (const e of standing) errors[e.field] ??= e.text;

  const reveal = (update: () => void) => {
    flushSync(update); // the errors and their aria-invalid are in the DOM before focus moves
    focusFirstInvalid(form);
  };

  /** On submit: shows every error and focuses the first wrong field; the form's message, or null when it may be sent. */
  const check = (): string | null => {
    const first = problems.at(0);
    const summary = first ? (first.summary ?? first.text) : null;
    const update = () => {
      setChecked(true);
      setShown(summary);
    };
    if (summary) reveal(update);
    else update(); // the form is being sent: focus stays on the button
    return summary;
  };

  /**
   * Puts a 400's field errors beside their fields (focusing the first); whatever else it says stays the form's.
   * True when it found one, so a form that says each error once knows the failure has been shown.
   */
  const fromServer = (error: unknown): boolean => {
    if (!(error instanceof ApiError) || error.status !== 400 || !error.body || typeof error.body !== 'object') return false;
    const found = Object.entries(error.body as Record<string, unknown>).flatMap(([field, texts]) =>
      field in values && Array.isArray(texts) && typeof texts[0] === 'string' ? [{ field: field as F, text: texts[0], value: values[field as F] }] : [],
    );
    if (!found.length) return false;
    reveal(() => {
      setServer(found);
      setShown(found[0].text);
    });
    return true;
  };

  /** Shows the form's own message (`update` sets it) and moves focus to it, so it is read at once, like a field's. */
  const revealMessage = (update: () => void) => {
    flushSync(update);
    form?.querySelector<HTMLElement>(FORM_MESSAGE)?.focus();
  };

  /** The form's message, or '' once what it named (a problem this hook found) has been put right. */
  const formMessage = (message: string) => {
    const live = [...(checked ? problems.map((p) => p.summary ?? p.text) : []), ...standing.map((e) => e.text)];
    return message && message === shown && !live.includes(message) ? '' : message;
  };

  return { setForm, errors, check, fromServer, revealMessage, formMessage };
}
