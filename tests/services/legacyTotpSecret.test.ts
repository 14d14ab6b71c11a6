import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openLegacyTotpSecret } from '../../server/services/operators/legacySecret';
import { sealAsBefore } from '../helpers/legacyTotp';

// Issue 44: TOTP secrets sealed before the data keys are read once with the session secret they were sealed under.
describe('a TOTP secret sealed before the data keys', () => {
  const base32 = fc.stringMatching(/^[A-Z2-7]{16,64}$/);
  const sessionSecret = fc.string({ minLength: 32, maxLength: 96 });

  it('opens under the session secret it was sealed with', () => {
    fc.assert(fc.property(base32, sessionSecret, (secret, session) => openLegacyTotpSecret(sealAsBefore(secret, session), session) === secret), { numRuns: 100 });
  });

  it('stays closed under another session secret, altered, or in another shape', () => {
    fc.assert(
      fc.property(base32, sessionSecret, sessionSecret, fc.nat(), (secret, session, other, at) => {
        fc.pre(session !== other);
        const sealed = sealAsBefore(secret, session);
        const parts = sealed.split('.');
        const body = Buffer.from(parts[3] as string, 'base64url');
        body[at % body.length] = (body[at % body.length] as number) ^ 1;
        const altered = [...parts.slice(0, 3), body.toString('base64url')].join('.');
        return openLegacyTotpSecret(sealed, other) === null && openLegacyTotpSecret(altered, session) === null && openLegacyTotpSecret(`s2${sealed.slice(2)}`, session) === null;
      }),
      { numRuns: 100 },
    );
    expect(openLegacyTotpSecret('s1.only-two', 'x'.repeat(32))).toBeNull();
  });
});
