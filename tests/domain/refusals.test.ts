import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorKey, isErrorCode, refusalOf } from '../../machines/domain/errorCodes';

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
