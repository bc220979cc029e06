import { PASSWORD_MIN } from '../../shared/constants';
import { STORAGE } from '../../shared/storage-keys';
import { isBlank, SIGNUP_MESSAGES, studentInfoProblem } from '../lib/signup-validation';

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

/** The first problem in spec §5's order, or null when the form may be sent. */
export function validateSignup(v: SignupValues): string | null {
  if ([v.name, v.username, v.password, v.password2].some(isBlank)) return SIGNUP_MESSAGES.basic;
  if (v.password.length < PASSWORD_MIN) return SIGNUP_MESSAGES.passwordShort;
  if (v.password !== v.password2) return SIGNUP_MESSAGES.passwordMismatch;
  const studentInfo = studentInfoProblem([v.email, v.phone, v.school], v);
  if (studentInfo) return studentInfo;
  if (!v.agreed) return SIGNUP_MESSAGES.consent;
  return null;
}

export function toSignupFormData(v: SignupValues): FormData {
  const form = new FormData();
  form.append('username', v.username.trim());
  form.append('password', v.password);
  form.append('password2', v.password2);
  form.append('name', v.name.trim());
  form.append('email', v.email.trim());
  form.append('phone', v.phone.trim());
  form.append('school', v.school.trim());
  if (v.studentCard) form.append('student_card_image', v.studentCard);
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
