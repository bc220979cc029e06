import { PASSWORD_MIN } from '../../shared/constants';
import { PRIVACY_VERSION_FIELD } from '../../shared/privacy';
import { STORAGE } from '../../shared/storage-keys';
import { blankProblems, SIGNUP_MESSAGES, studentInfoProblems } from '../lib/signup-validation';
import type { FieldProblem } from '../ui/use-field-errors';

export interface SignupValues {
  name: string;
  username: string;
  password: string;
  password2: string;
  email: string;
  phone: string;
  school: string;
  phoneVerified: boolean;
  studentCard: File | null;
  agreed: boolean;
}

// Kept across a reload or a trip to the privacy policy (spec §4 "Signup"). The passwords are left out on
// purpose: sessionStorage is readable by any script on the page, and retyping two fields costs little.
// The photo cannot be stored and consent is asked afresh each time.
export type SignupDraft = Pick<SignupValues, 'name' | 'username' | 'email' | 'phone' | 'school' | 'phoneVerified'>;

/** The form's fields by the server's names (so its field errors find them), and the consent box. */
export type SignupField = 'name' | 'username' | 'password' | 'password2' | 'email' | 'phone' | 'school' | 'student_card_image' | 'agreed';

export const signupFieldValues = (v: SignupValues): Record<SignupField, unknown> => ({ ...v, student_card_image: v.studentCard });

/** Everything wrong, in spec §5's order, each beside its field (a blank group also named once), or [] when it may be sent. */
export function signupProblems(v: SignupValues): FieldProblem<SignupField>[] {
  const problems = blankProblems<SignupField>(
    [
      ['name', v.name],
      ['username', v.username],
      ['password', v.password],
      ['password2', v.password2],
    ],
    SIGNUP_MESSAGES.basic,
  );
  if (v.password && v.password.length < PASSWORD_MIN) problems.push({ field: 'password', text: SIGNUP_MESSAGES.passwordShort });
  if (v.password2 && v.password !== v.password2) problems.push({ field: 'password2', text: SIGNUP_MESSAGES.passwordMismatch });
  problems.push(
    ...studentInfoProblems<SignupField>(
      [
        ['email', v.email],
        ['phone', v.phone],
        ['school', v.school],
      ],
      v,
    ),
  );
  if (!v.agreed) problems.push({ field: 'agreed', text: SIGNUP_MESSAGES.consent });
  return problems;
}

/** The multipart body; `policyVersion` is the 개인정보 처리방침 the form showed, which the box agreed to. */
export function toSignupFormData(v: SignupValues, policyVersion: number): FormData {
  const form = new FormData();
  form.append('username', v.username.trim());
  form.append('password', v.password);
  form.append('password2', v.password2);
  form.append('name', v.name.trim());
  form.append('email', v.email.trim());
  form.append('phone', v.phone.trim());
  form.append('school', v.school.trim());
  if (v.studentCard) form.append('student_card_image', v.studentCard);
  form.append(PRIVACY_VERSION_FIELD, String(policyVersion));
  return form;
}

const EMPTY_DRAFT: SignupDraft = { name: '', username: '', email: '', phone: '', school: '', phoneVerified: false };

export function readSignupDraft(): SignupDraft {
  try {
    const raw = sessionStorage.getItem(STORAGE.signupDraft);
    if (!raw) return EMPTY_DRAFT;
    const saved = JSON.parse(raw) as Partial<Record<keyof SignupDraft, unknown>>;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    return {
      name: text(saved.name),
      username: text(saved.username),
      email: text(saved.email),
      phone: text(saved.phone),
      school: text(saved.school),
      phoneVerified: saved.phoneVerified === true,
    };
  } catch {
    return EMPTY_DRAFT;
  }
}

export function saveSignupDraft(draft: SignupDraft): void {
  try {
    sessionStorage.setItem(STORAGE.signupDraft, JSON.stringify(draft));
  } catch {
    /* no storage: the form still works, it just is not kept */
  }
}

export function clearSignupDraft(): void {
  try {
    sessionStorage.removeItem(STORAGE.signupDraft);
  } catch {
    /* nothing kept */
  }
}
