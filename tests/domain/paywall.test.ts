import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYWALL_AT, paywallLocks } from '../../machines/domain/paywall';

// Spec 3-ai §4.4: the advanced chat stops at readiness 80 until the application is paid for.
describe("the advanced chat's paywall", () => {
  it('locks an unpaid application from readiness 80 on, and never a paid one', () => {
    expect(PAYWALL_AT).toBe(80);
    expect(paywallLocks({ paid: false, readiness: 79 })).toBe(false);
    expect(paywallLocks({ paid: false, readiness: 80 })).toBe(true);
    expect(paywallLocks({ paid: true, readiness: 80 })).toBe(false);
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: 0, max: 100 }), (paid, readiness) => {
        expect(paywallLocks({ paid, readiness })).toBe(!paid && readiness >= 80);
      }),
    );
  });
});
