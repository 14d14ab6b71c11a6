// The sign-in page's three forms (spec 1-core §2.9, §3 "Login payloads", §5): login, sign-up and guest access.
// Pure, so the login machine and the auth routes run the same rules. Translation keys of the "validation"
// namespace, as in validators.ts.
//
// Decisions where the spec is silent:
// - The email uses the library's rule and its generic wording 'validation.email.invalid' (§5 "Generic
//   messages"), not the pre-assessment's '@ symbol' sentence.
// - Passwords are never trimmed: a space is a legitimate password character, so only '' counts as missing.
//   Lengths are counted in characters (code points), as the server's JSON schema counts maxLength.
// - Sign-up asks 10 to 200 characters (200 is the server schema's limit). Login checks no length, so a password
//   set under an older rule can still be checked.
// - The confirmation is compared whenever both it and the password are filled in; an empty confirmation is
//   'required', and with no password there is nothing to match yet.

import { validateEmail, type ValidationError } from './validators';

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

export interface LoginForm {
  email: string;
  password: string;
}

export interface SignupForm {
  email: string;
  password: string;
  confirmPassword: string;
}

export interface GuestForm {
  email: string;
}

export type FormErrors<Form> = Partial<Record<keyof Form, ValidationError>>;

/** Every key this file can return; they live in locales/<lang>/validation.json. */
export const ACCOUNT_MESSAGE_KEYS = [
  'validation.required',
  'validation.email.invalid',
  'validation.password.short',
  'validation.password.long',
  'validation.password.mismatch',
] as const;

export type AccountMessageKey = (typeof ACCOUNT_MESSAGE_KEYS)[number];

function fail(key: AccountMessageKey, params?: Record<string, string | number>): ValidationError {
  return params ? { key, params } : { key };
}

function asString(value: unknown): string {
  // The server hands over whatever the client sent; anything but a string counts as empty.
  return typeof value === 'string' ? value : '';
}

/** The form accounts are stored and looked up in: 'Ana@Example.com ' and 'ana@example.com' are one account. */
export function normalizeEmail(email: string): string {
  return asString(email).trim().toLowerCase();
}

function checkEmail(value: unknown): ValidationError | null {
  const email = asString(value).trim();
  if (email === '') return fail('validation.required');
  return validateEmail(email) ? fail('validation.email.invalid') : null;
}

function checkNewPassword(password: string): ValidationError | null {
  if (password === '') return fail('validation.required');
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return fail('validation.password.short', { min: MIN_PASSWORD_LENGTH });
  if (length > MAX_PASSWORD_LENGTH) return fail('validation.password.long', { max: MAX_PASSWORD_LENGTH });
  return null;
}

function collect<Form>(entries: [keyof Form, ValidationError | null][]): FormErrors<Form> {
  const errors: FormErrors<Form> = {};
  for (const [field, error] of entries) if (error) errors[field] = error;
  return errors;
}

/** Email required and valid; password required, of any length. */
export function validateLogin(form: LoginForm): FormErrors<LoginForm> {
  return collect<LoginForm>([
    ['email', checkEmail(form.email)],
    ['password', asString(form.password) === '' ? fail('validation.required') : null],
  ]);
}

/** Email required and valid; password 10 to 200 characters; the confirmation required and identical. */
export function validateSignup(form: SignupForm): FormErrors<SignupForm> {
  const password = asString(form.password);
  const confirm = asString(form.confirmPassword);
  const confirmError =
    confirm === ''
      ? fail('validation.required')
      : password !== '' && confirm !== password
        ? fail('validation.password.mismatch')
        : null;
  return collect<SignupForm>([
    ['email', checkEmail(form.email)],
    ['password', checkNewPassword(password)],
    ['confirmPassword', confirmError],
  ]);
}

export interface NewPasswordForm {
  password: string;
  confirmPassword: string;
}

/** A new password from a reset link (issue 43): as sign-up's, 10 to 200 characters, the confirmation identical. */
export function validateNewPassword(form: NewPasswordForm): FormErrors<NewPasswordForm> {
  const { password, confirmPassword } = validateSignup({ email: 'someone@example.com', ...form });
  return collect<NewPasswordForm>([
    ['password', password ?? null],
    ['confirmPassword', confirmPassword ?? null],
  ]);
}

/** Guest access (spec §5): email required and of email type. */
export function validateGuest(form: GuestForm): FormErrors<GuestForm> {
  return collect<GuestForm>([['email', checkEmail(form.email)]]);
}

export interface AdminLoginForm {
  username: string;
  password: string;
}

/** The admin gate's form (spec 1-core §5): username and password both required; the username is trimmed. */
export function validateAdminLogin(form: AdminLoginForm): FormErrors<AdminLoginForm> {
  const errors: FormErrors<AdminLoginForm> = {};
  if (asString(form.username).trim() === '') errors.username = fail('validation.required');
  if (asString(form.password) === '') errors.password = fail('validation.required');
  return errors;
}
