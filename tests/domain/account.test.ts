import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGE_KEYS,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  normalizeEmail,
  validateGuest,
  validateLogin,
  validateSignup,
} from '../../machines/domain/account';
import { CredentialsSchema } from '../../openapi/schemas/auth';

const GOOD = 'correct horse';
const required = { key: 'validation.required' };
const invalidEmail = { key: 'validation.email.invalid' };
const short = { key: 'validation.password.short', params: { min: 10 } };
const long = { key: 'validation.password.long', params: { max: 200 } };
const mismatch = { key: 'validation.password.mismatch' };

describe('limits', () => {
  it('sign-up passwords are 10 to 200 characters, the server schema allows 200', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(10);
    expect(MAX_PASSWORD_LENGTH).toBe(200);
    expect((CredentialsSchema.properties.password as { maxLength?: number }).maxLength).toBe(MAX_PASSWORD_LENGTH);
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Ana.Perez@Example.COM ')).toBe('ana.perez@example.com');
  });
});

describe('validateLogin', () => {
  it('accepts an email and any non-empty password, however short or old', () => {
    expect(validateLogin({ email: 'ana@example.com', password: 'x' })).toEqual({});
    expect(validateLogin({ email: ' Ana@Example.com ', password: ' ' })).toEqual({});
  });

  it('requires both fields', () => {
    expect(validateLogin({ email: '  ', password: '' })).toEqual({ email: required, password: required });
  });

  it.each(['ana', 'ana@', 'ana@example', 'ana perez@example.com', '@example.com'])('refuses the email %j', (email) => {
    expect(validateLogin({ email, password: GOOD })).toEqual({ email: invalidEmail });
  });

  it('treats anything but a string as empty', () => {
    expect(validateLogin({ email: null, password: 42 } as unknown as { email: string; password: string })).toEqual({
      email: required,
      password: required,
    });
  });
});

describe('validateSignup', () => {
  const form = (password: string, confirmPassword = password, email = 'ana@example.com') => ({ email, password, confirmPassword });

  it('accepts a matching password of 10 to 200 characters', () => {
    expect(validateSignup(form('a'.repeat(10)))).toEqual({});
    expect(validateSignup(form('a'.repeat(200)))).toEqual({});
  });

  it('refuses 9 characters and 201', () => {
    expect(validateSignup(form('a'.repeat(9)))).toEqual({ password: short });
    expect(validateSignup(form('a'.repeat(201)))).toEqual({ password: long });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(validateSignup(form('🔑'.repeat(9)))).toEqual({ password: short });
    expect(validateSignup(form('🔑'.repeat(200)))).toEqual({});
  });

  it('does not trim a password', () => {
    expect(validateSignup(form(' '.repeat(10)))).toEqual({});
    expect(validateSignup(form(GOOD, `${GOOD} `))).toEqual({ confirmPassword: mismatch });
  });

  it('says the passwords do not match', () => {
    expect(validateSignup(form(GOOD, 'correct horsE'))).toEqual({ confirmPassword: mismatch });
    expect(validateSignup(form('short', 'shorter'))).toEqual({ password: short, confirmPassword: mismatch });
  });

  it('requires every field', () => {
    expect(validateSignup(form('', '', ''))).toEqual({ email: required, password: required, confirmPassword: required });
    expect(validateSignup(form(GOOD, ''))).toEqual({ confirmPassword: required });
    expect(validateSignup(form('', GOOD))).toEqual({ password: required });
  });

  it('checks the email like login', () => {
    expect(validateSignup(form(GOOD, GOOD, 'ana@'))).toEqual({ email: invalidEmail });
  });
});

describe('validateGuest', () => {
  it('requires a valid email', () => {
    expect(validateGuest({ email: 'ana@example.com' })).toEqual({});
    expect(validateGuest({ email: '' })).toEqual({ email: required });
    expect(validateGuest({ email: 'ana.example.com' })).toEqual({ email: invalidEmail });
  });
});

describe('message keys', () => {
  const en = JSON.parse(readFileSync(new URL('../../locales/en/validation.json', import.meta.url), 'utf8')) as Record<string, unknown>;
  const lookup = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

  it('every key the file can return has an English text', () => {
    for (const key of ACCOUNT_MESSAGE_KEYS) expect(typeof lookup(key), key).toBe('string');
  });

  it('every validation key literal in the source is declared', () => {
    const source = readFileSync(new URL('../../machines/domain/account.ts', import.meta.url), 'utf8');
    const literals = [...source.matchAll(/'(validation\.[A-Za-z.]+)'/g)].map((m) => m[1]);
    expect(literals.length).toBeGreaterThan(0);
    for (const key of literals) expect(ACCOUNT_MESSAGE_KEYS as readonly string[]).toContain(key);
  });

  it("uses the spec's wording", () => {
    expect(lookup('validation.password.mismatch')).toBe('Passwords do not match');
    expect(lookup('validation.password.short')).toBe('Use at least {{min}} characters');
  });
});
