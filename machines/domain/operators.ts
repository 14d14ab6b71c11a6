// Operators of the admin area (issue 44 item 6): their roles, the second factor they sign in with, and the forms
// that create them. Pure, so the admin gate's machine, the operators tab and the server run the same rules.
// Message keys are in the `operators` namespace (locales/<lang>/operators.json) or the shared `validation` one.

import { STAFF_ROLES, type StaffRole } from '../../openapi/schemas/operators';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, type FormErrors } from './account';
import type { ValidationError } from './validators';

export { STAFF_ROLES, type StaffRole };

export const isStaffRole = (value: unknown): value is StaffRole => typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

/** The six digits an authenticator app shows (RFC 6238 with its usual settings: SHA-1, 30 s). */
export const TOTP_DIGITS = 6;

/**
 * Recovery codes: four groups of four characters from an alphabet without look-alikes (no 0/O, 1/I/L), about 79
 * bits each, so a stolen list of their hashes cannot be turned back into codes by guessing.
 */
export const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const RECOVERY_GROUPS = 4;
export const RECOVERY_GROUP_LENGTH = 4;
export const RECOVERY_CODE_COUNT = 10;

export type SecondFactor = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string };

const RECOVERY_LENGTH = RECOVERY_GROUPS * RECOVERY_GROUP_LENGTH;
const RECOVERY_PATTERN = new RegExp(`^[${RECOVERY_ALPHABET}]{${RECOVERY_LENGTH}}$`);

/**
 * What an operator typed at the second step: six digits from the app (spaces allowed, as apps show "123 456"), or
 * a recovery code in any case, with or without its dashes. Null for anything else.
 */
export function readSecondFactor(input: string): SecondFactor | null {
  const compact = input.replace(/[\s-]/g, '');
  if (new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(compact)) return { kind: 'totp', code: compact };
  const upper = compact.toUpperCase();
  return RECOVERY_PATTERN.test(upper) ? { kind: 'recovery', code: upper } : null;
}

/** A recovery code as it is shown: `ABCD-EFGH-JKMN-PQRS`. */
export function formatRecoveryCode(code: string): string {
  return code.match(new RegExp(`.{1,${RECOVERY_GROUP_LENGTH}}`, 'g'))?.join('-') ?? code;
}

const required = (): ValidationError => ({ key: 'validation.required' });

export interface CodeForm {
  code: string;
}

/** The second step's form: a code from the app or a recovery code. */
export function validateSecondFactor(form: CodeForm): FormErrors<CodeForm> {
  if (form.code.trim() === '') return { code: required() };
  return readSecondFactor(form.code) ? {} : { code: { key: 'operators:validation.code' } };
}

/** Enrolment's form: only a code from the app proves the app holds the new secret (a recovery code does not exist yet). */
export function validateEnrolmentCode(form: CodeForm): FormErrors<CodeForm> {
  if (form.code.trim() === '') return { code: required() };
  return readSecondFactor(form.code)?.kind === 'totp' ? {} : { code: { key: 'operators:validation.appCode', params: { digits: TOTP_DIGITS } } };
}

export interface PasswordForm {
  password: string;
  confirmPassword: string;
}

/** An invited operator's own password: the applicants' rule (10 to 200 characters), typed twice. */
export function validateNewPassword(form: PasswordForm): FormErrors<PasswordForm> {
  const errors: FormErrors<PasswordForm> = {};
  const length = [...form.password].length;
  if (form.password === '') errors.password = required();
  else if (length < MIN_PASSWORD_LENGTH) errors.password = { key: 'validation.password.short', params: { min: MIN_PASSWORD_LENGTH } };
  else if (length > MAX_PASSWORD_LENGTH) errors.password = { key: 'validation.password.long', params: { max: MAX_PASSWORD_LENGTH } };
  if (form.confirmPassword === '') errors.confirmPassword = required();
  else if (form.password !== '' && form.confirmPassword !== form.password) errors.confirmPassword = { key: 'validation.password.mismatch' };
  return errors;
}

/** Usernames: 3 to 64 letters, digits and `. _ - @`; a new operator's is kept in lower case. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{3,64}$/;

export interface NewOperatorForm {
  username: string;
  role: StaffRole | '';
}

export function validateNewOperator(form: NewOperatorForm): FormErrors<NewOperatorForm> {
  const errors: FormErrors<NewOperatorForm> = {};
  const username = form.username.trim();
  if (username === '') errors.username = required();
  else if (!USERNAME_PATTERN.test(username)) errors.username = { key: 'operators:validation.username' };
  if (!isStaffRole(form.role)) errors.role = required();
  return errors;
}

/** A new operator's username as it is stored: 'Ana ' and 'ana' are one operator. */
export const usernameKey = (username: string): string => username.trim().toLowerCase();
