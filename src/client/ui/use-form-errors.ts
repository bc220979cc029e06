import { useState } from 'react';
import { errorMessage } from '../api/api-error';
import { type FieldProblem, useFieldErrors } from './use-field-errors';

/**
 * A form that says each error once (issue 30): what belongs to a field only beside that field, and as the form's one
 * line only what belongs to no field (the server's detail, a failed connection) or names a group of blank fields (spec
 * §5's 기본정보를 모두 입력해 주세요.) — never repeated in an alert. A second copy of the same words in a dialog the
 * student must dismiss first is noise, and on a 393 px phone it hides the field it is about. Focus goes to the first
 * wrong field, or to the line when no field is wrong.
 */
export function useFormErrors<F extends string>(problems: FieldProblem<F>[], values: Readonly<Record<F, unknown>>) {
  const { check, fromServer, revealMessage, ...fields } = useFieldErrors(problems, values);
  const [message, setMessage] = useState('');

  /** On submit: true when the form may be sent; otherwise every problem shows beside its field, focus on the first. */
  const ready = () => {
    setMessage(problems.at(0)?.summary ?? '');
    return check() === null;
  };

  /** What belongs to no field, once, as the form's line, with focus on it (it stays until the next submit). */
  const say = (text: string) => revealMessage(() => setMessage(text));

  /** A refused submit: its field errors beside their fields, or else its words (or `fallback`) as the form's. */
  const failed = (error: unknown, fallback: string) => {
    if (!fromServer(error)) say(errorMessage(error, fallback));
  };

  // The group's line goes once its fields are filled in (formMessage); the server's words stay until the next submit.
  return { ...fields, message: fields.formMessage(message), say, ready, failed };
}

/** What a submit handler outside the screen needs of the form: to check it, and to say what belongs to no field. */
export type FormErrors = Pick<ReturnType<typeof useFormErrors>, 'ready' | 'say'>;
