import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { smtpTimeouts } from '../../server/services/mail/transport';

// The e-mail lease and pg-boss's upkeep are settings (MAIL_LEASE_SECONDS, JOBS_SUPERVISE_SECONDS, README): checked
// at start like every other, and the SMTP exchange always fits inside the lease, whatever it is set to, so a live
// send is never taken for a dead one.

describe('the e-mail lease and the jobs upkeep', () => {
  it('default to pg-boss’s two minutes, take whole seconds in range, and name the variable when wrong', () => {
    const defaults = loadConfig({});
    expect(defaults.mail.leaseSeconds).toBe(120);
    expect(defaults.jobs.superviseSeconds).toBe(120);
    const set = loadConfig({ MAIL_LEASE_SECONDS: '30', JOBS_SUPERVISE_SECONDS: '5' });
    expect([set.mail.leaseSeconds, set.jobs.superviseSeconds]).toEqual([30, 5]);
    for (const wrong of ['4', '3601', '1.5', 'abc', '-1']) expect(() => loadConfig({ MAIL_LEASE_SECONDS: wrong })).toThrow(/MAIL_LEASE_SECONDS/);
    for (const wrong of ['0', '3601', 'soon']) expect(() => loadConfig({ JOBS_SUPERVISE_SECONDS: wrong })).toThrow(/JOBS_SUPERVISE_SECONDS/);
  });

  it('fits the SMTP exchange inside any lease: at most two thirds of it, never more than the defaults', () => {
    expect(smtpTimeouts(120)).toEqual({ connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 3600 }), (lease) => {
        const t = smtpTimeouts(lease);
        expect(t.connectionTimeout + t.greetingTimeout + t.socketTimeout).toBeLessThanOrEqual((lease * 1000 * 2) / 3);
        expect(t.connectionTimeout).toBeLessThanOrEqual(10_000);
        expect(t.greetingTimeout).toBeLessThanOrEqual(10_000);
        expect(t.socketTimeout).toBeLessThanOrEqual(20_000);
        // Enough to talk to a server on the same network.
        expect(Math.min(t.connectionTimeout, t.greetingTimeout, t.socketTimeout)).toBeGreaterThanOrEqual(800);
      }),
    );
  });
});
