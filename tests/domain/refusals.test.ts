import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { retryAfterOf } from '../../client/api/transport';
import { ERROR_CODES, errorKey, isErrorCode, minutesToWait, refusalMessage, refusalOf } from '../../machines/domain/errorCodes';

// Issue 34: the refusals the interface words itself, by the server's stable code.
describe('a refusal’s code', () => {
  it('is one of the codes the errors namespace words, and nothing else', () => {
    expect(ERROR_CODES).toEqual([
      'invalid_credentials', 'invalid_admin_credentials', 'account_not_created', 'too_many_attempts', 'too_many_requests', 'other_session',
      // Operators (issue 44).
      'invalid_totp_code', 'second_step_expired', 'totp_enrolment_required', 'totp_already_set_up', 'totp_not_started', 'role_forbidden',
      'username_taken', 'own_account', 'last_owner', 'invitation_invalid', 'invitation_expired',
      // Outages and bounds (issue 41).
      'service_unavailable', 'conversation_full',
      // A third-party AI service's notice not yet accepted (issue 44).
      'premium_consent_required', 'voice_consent_required',
      // The admin's resend of a message that has not failed, or is on its way again (issue 43).
      'email_not_failed', 'email_resent', 'email_taken',
      // A paid application's answers, on any route that writes them (issue 45).
      'application_paid',
    ]);
    for (const code of ERROR_CODES) expect(isErrorCode(code), code).toBe(true);
    for (const other of ['card_declined', '', 'INVALID_CREDENTIALS', 3, null, undefined, ['other_session']]) expect(isErrorCode(other), String(other)).toBe(false);
    expect(errorKey('other_session')).toBe('errors:other_session');
    expect(errorKey(undefined)).toBeNull();
  });

  it('is read from whatever failed, without failing itself', () => {
    expect(refusalOf(null)).toEqual({ code: undefined });
    expect(refusalOf(undefined)).toEqual({ code: undefined });
    expect(refusalOf({ code: 'too_many_requests' })).toEqual({ code: 'too_many_requests' });
    expect(refusalOf('too_many_requests')).toEqual({ code: undefined });
  });
});

// Issue 45 item 20: a 429 says the real wait, from its Retry-After, in every language; never "a few minutes".
describe('a refusal’s wait', () => {
  const LANGS = ['en', 'es', 'fr', 'pt'] as const;
  const errorsOf = (lang: string) => JSON.parse(readFileSync(`locales/${lang}/errors.json`, 'utf8')) as Record<string, string>;

  it('counts Retry-After’s seconds in whole minutes, rounded up, at least one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 86_400 }), (seconds) => {
        const minutes = minutesToWait(seconds) as number;
        expect(minutes).toBeGreaterThanOrEqual(1);
        expect(minutes * 60).toBeGreaterThanOrEqual(seconds);
        expect((minutes - 1) * 60).toBeLessThan(seconds);
      }),
      { numRuns: 200 },
    );
    for (const none of [undefined, null, 0, -5, Number.NaN, Number.POSITIVE_INFINITY, '60']) expect(minutesToWait(none), String(none)).toBeNull();
    expect(refusalOf({ code: 'too_many_attempts', retryAfter: 60 })).toEqual({ code: 'too_many_attempts', wait: 1 });
    expect(refusalOf({ code: 'too_many_attempts', retryAfter: 61 })).toEqual({ code: 'too_many_attempts', wait: 2 });
    // The transport reads the header the server sends (seconds), and nothing it cannot read.
    expect(retryAfterOf('60')).toBe(60);
    for (const header of [null, undefined, '', '0', '-1', 'Wed, 21 Oct 2026 07:28:00 GMT']) expect(retryAfterOf(header), String(header)).toBeUndefined();
  });

  it('is worded with its minutes when the server named one, and the page’s fallback for an unknown code', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ERROR_CODES), fc.option(fc.integer({ min: 1, max: 600 }), { nil: undefined }), (code, wait) => {
        const message = refusalMessage(wait === undefined ? { code } : { code, wait }, 'page:fallback');
        if (wait !== undefined && (code === 'too_many_attempts' || code === 'too_many_requests')) expect(message).toEqual({ key: `errors:${code}_wait`, params: { count: wait } });
        else expect(message).toEqual({ key: `errors:${code}` });
      }),
      { numRuns: 200 },
    );
    expect(refusalMessage({ code: undefined, wait: 3 }, 'page:fallback')).toEqual({ key: 'page:fallback' });
  });

  it('says the minutes in all four languages, singular and plural, and no language says “a few”', async () => {
    const i18n = createInstance();
    await i18n.init({ lng: 'en', ns: ['errors'], defaultNS: 'errors', resources: Object.fromEntries(LANGS.map((lang) => [lang, { errors: errorsOf(lang) }])), interpolation: { escapeValue: false } });
    for (const lang of LANGS) {
      for (const code of ['too_many_attempts', 'too_many_requests'] as const) {
        for (const count of [1, 2, 15]) {
          const text = i18n.t(`errors:${code}_wait`, { count, lng: lang });
          expect(text, `${lang} ${code} ${count}`).toContain(String(count));
          expect(text).not.toMatch(/\{\{|few|unos|quelques|alguns|moment/i);
          expect(text).toMatch(count === 1 ? /minut[eo]\b/ : /minut[eo]s\b/);
        }
      }
    }
  });
});
