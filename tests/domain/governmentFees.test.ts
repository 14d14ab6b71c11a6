import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEEDED_FEES } from '../../db/queries/governmentFees';
import {
  checkDue,
  FEE_MESSAGE_KEYS,
  dayOf,
  FEE_APPLICANTS,
  feesInForce,
  isIsoDay,
  isOfficialLink,
  nextDay,
  timelines,
  validateFeeChange,
  VISA_CLASSES,
  type FeeApplicant,
  type GovernmentFee,
} from '../../machines/domain/governmentFees';
import { feeApplicantFor, visaClassForPurpose } from '../../machines/domain/visaClass';

// Issue 44: the government fees as a dated schedule. The oracle below states the figures of docs/DECISIONS.md itself
// rather than reading them from the seed, so a wrong seed or a wrong rule fails here.

const SCHEDULE: GovernmentFee[] = SEEDED_FEES.map((fee, i) => ({ ...fee, id: `s${i}`, currency: 'USD', payer: 'applicant', lastCheckedAt: null }));

const APPLICATION_FEE: Record<(typeof VISA_CLASSES)[number], number> = {
  B: 185, C: 185, D: 185, F: 185, I: 185, J: 185, M: 185,
  H: 205, L: 205, O: 205, P: 205, Q: 205, R: 205,
  E: 315,
  K: 265,
};

const total = (applicant: FeeApplicant, day: string, schedule = SCHEDULE) => feesInForce(schedule, day, applicant).reduce((n, f) => n + f.amountCents, 0);

const days = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }).map(dayOf);
const applicants = fc.constantFrom(...FEE_APPLICANTS);
const classes = fc.constantFrom(...VISA_CLASSES);

describe('the ESTA fee on the boundary days', () => {
  it('is $21 on 29 September 2025 and $40 from 30 September 2025 (Federal Register 2025-16453)', () => {
    expect(total('ESTA', '2025-09-29')).toBe(2100);
    expect(total('ESTA', '2025-09-30')).toBe(4000);
    expect(total('ESTA', '2026-11-28')).toBe(4000);
    expect(feesInForce(SCHEDULE, '2025-09-30', 'ESTA')[0]).toMatchObject({ code: 'esta', sourceUrl: 'https://www.federalregister.gov/d/2025-16453', effectiveFrom: '2025-09-30' });
  });

  it('is $21 from 26 May 2022, and nothing is known before it', () => {
    expect(total('ESTA', '2022-05-25')).toBe(0);
    expect(total('ESTA', '2022-05-26')).toBe(2100);
  });

  it('is the only fee of an ESTA: no visa fee ever applies to it', () => {
    fc.assert(fc.property(days, (day) => feesInForce(SCHEDULE, day, 'ESTA').every((f) => f.code === 'esta')));
  });
});

describe('the consular application fee by class', () => {
  it.each(VISA_CLASSES)('class %s pays its tier from 17 June 2023, and none of the ESTA fee', (visaClass) => {
    expect(total(visaClass, '2023-06-16')).toBe(0);
    expect(total(visaClass, '2023-06-17')).toBe(APPLICATION_FEE[visaClass] * 100);
    expect(feesInForce(SCHEDULE, '2026-11-28', visaClass).map((f) => f.code)).toEqual(['application']);
  });

  it('gives every class on every day from 2023-06-17 exactly its tier while the integrity fee has no day', () => {
    fc.assert(
      fc.property(classes, days, (visaClass, day) => {
        const expected = day >= '2023-06-17' ? APPLICATION_FEE[visaClass] * 100 : 0;
        return total(visaClass, day) === expected;
      }),
    );
  });
});

describe('the visa integrity fee (Public Law 119-21)', () => {
  const dated = (day: string, schedule = SCHEDULE): GovernmentFee[] => [
    ...schedule,
    { ...(schedule.find((f) => f.code === 'integrity') as GovernmentFee), id: 'dated', effectiveFrom: day },
  ];

  it('is in the schedule but charged to nobody until it has a day', () => {
    expect(SCHEDULE.some((f) => f.code === 'integrity' && f.effectiveFrom === null && f.amountCents === 25000 && f.paidAt === 'atIssuance' && f.refundable)).toBe(true);
    fc.assert(fc.property(applicants, days, (applicant, day) => feesInForce(SCHEDULE, day, applicant).every((f) => f.code !== 'integrity')));
  });

  it('applies to every visa class from its day, after the application fee, and never to an ESTA', () => {
    fc.assert(
      fc.property(applicants, days, days, (applicant, start, day) => {
        const fees = feesInForce(dated(start), day, applicant);
        const charged = fees.some((f) => f.code === 'integrity');
        if (applicant === 'ESTA') return !charged;
        if (day < start) return !charged;
        return charged && fees.at(-1)?.code === 'integrity' && total(applicant, day, dated(start)) === total(applicant, day) + 25000;
      }),
    );
  });
});

describe('feesInForce over generated schedules', () => {
  const fee = fc.record({
    code: fc.constantFrom('esta' as const, 'application' as const, 'integrity' as const),
    subject: fc.constantFrom(...FEE_APPLICANTS, 'VISA' as const),
    amountCents: fc.integer({ min: 0, max: 100_000 }),
    effectiveFrom: fc.option(days, { nil: null }),
  });
  const schedules = fc.array(fee, { maxLength: 12 }).map((rows) =>
    rows.map(
      (r, i): GovernmentFee => ({ ...r, id: `g${i}`, currency: 'USD', sourceUrl: 'https://example.gov/', payer: 'applicant', paidAt: 'beforeInterview', refundable: false, note: '', lastCheckedAt: null }),
    ),
  );

  it('picks, per kind of fee, the latest row in force that applies, and nothing dated later', () => {
    fc.assert(
      fc.property(schedules, applicants, days, (schedule, applicant, day) => {
        const chosen = feesInForce(schedule, day, applicant);
        const kinds = new Set(chosen.map((f) => f.code));
        if (kinds.size !== chosen.length) return false;
        for (const f of chosen) {
          if (f.effectiveFrom === null || f.effectiveFrom > day) return false;
          if (!(f.subject === applicant || (f.subject === 'VISA' && applicant !== 'ESTA'))) return false;
          const rivals = schedule.filter(
            (r) => r.code === f.code && r.effectiveFrom !== null && r.effectiveFrom <= day && (r.subject === applicant || (r.subject === 'VISA' && applicant !== 'ESTA')),
          );
          if (rivals.some((r) => (r.effectiveFrom as string) > (f.effectiveFrom as string))) return false;
        }
        // A kind with a row in force is never left out.
        const inForce = new Set(schedule.filter((r) => r.effectiveFrom !== null && r.effectiveFrom <= day && (r.subject === applicant || (r.subject === 'VISA' && applicant !== 'ESTA'))).map((r) => r.code));
        return inForce.size === kinds.size;
      }),
    );
  });

  it('prefers the class’s own row to an every-visa row of the same day', () => {
    const base = { currency: 'USD' as const, sourceUrl: 'https://example.gov/', payer: 'applicant' as const, paidAt: 'atIssuance' as const, refundable: true, note: '', lastCheckedAt: null };
    const schedule: GovernmentFee[] = [
      { ...base, id: 'all', code: 'integrity', subject: 'VISA', amountCents: 25000, effectiveFrom: '2027-01-01' },
      { ...base, id: 'k', code: 'integrity', subject: 'K', amountCents: 0, effectiveFrom: '2027-01-01' },
    ];
    expect(feesInForce(schedule, '2027-01-01', 'K').map((f) => f.id)).toEqual(['k']);
    expect(feesInForce(schedule, '2027-01-01', 'H').map((f) => f.id)).toEqual(['all']);
  });
});

describe('the visa class of a purpose', () => {
  it.each([
    ['Work', 'H'],
    ['work', 'H'],
    ['Study/Education', 'F'],
    ['Study', 'F'],
    ['study', 'F'],
    ['Exchange visitor', 'J'],
    ['intercambio académico', 'J'],
    ['Échange', 'J'],
    ['Tourism/Vacation', 'B'],
    ['tourism', 'B'],
    ['Business', 'B'],
    ['Visit Family/Friends', 'B'],
    ['Medical Treatment', 'B'],
    ['Transit', 'C'],
    ['Religious Activities', 'R'],
    ['Other', 'B'],
    ['', 'B'],
    ['trabajo temporal en Texas', 'H'],
  ])('%s → %s', (purpose, visaClass) => {
    expect(visaClassForPurpose(purpose)).toBe(visaClass);
  });

  it('gives an ESTA the ESTA fee whatever the purpose, and a visa always a known class', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (purpose) => {
        const visa = feeApplicantFor('DS-160', purpose);
        return feeApplicantFor('ESTA', purpose) === 'ESTA' && (VISA_CLASSES as readonly string[]).includes(visa);
      }),
    );
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])('reads "%s", a name every object inherits, as a visitor’s purpose', (purpose) => {
    expect(visaClassForPurpose(purpose)).toBe('B');
  });

  it('quotes a work visa $205 and a student visa $185 today', () => {
    expect(total(feeApplicantFor('DS-160', 'Work'), '2026-11-28')).toBe(20500);
    expect(total(feeApplicantFor('DS-160', 'Study/Education'), '2026-11-28')).toBe(18500);
  });
});

describe('an admin’s change', () => {
  const ok = { amountCents: 4500, effectiveFrom: '2026-12-01', sourceUrl: 'https://www.federalregister.gov/d/2026-00001', note: '' };

  it('takes a day after today and an https source', () => {
    expect(validateFeeChange(ok, '2026-11-28')).toEqual({});
    expect(validateFeeChange({ ...ok, effectiveFrom: '2026-11-28' }, '2026-11-28')).toEqual({ effectiveFrom: { key: 'validation.fees.future' } });
    expect(validateFeeChange({ ...ok, effectiveFrom: '2026-11-29' }, '2026-11-28')).toEqual({});
    expect(validateFeeChange({ ...ok, effectiveFrom: '2026-02-30' }, '2026-01-28').effectiveFrom?.key).toBe('validation.fees.date');
    expect(validateFeeChange({ ...ok, sourceUrl: 'http://example.gov/x' }, '2026-11-28').sourceUrl?.key).toBe('validation.fees.source');
    expect(validateFeeChange({ ...ok, amountCents: 12.5 }, '2026-11-28').amountCents?.key).toBe('validation.fees.amount');
  });

  it('refuses every day up to today and accepts every later one', () => {
    fc.assert(fc.property(days, days, (today, day) => (validateFeeChange({ ...ok, effectiveFrom: day }, today).effectiveFrom === undefined) === day > today));
  });

  it('knows real days and official links', () => {
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2025-02-29')).toBe(false);
    expect(nextDay('2025-12-31')).toBe('2026-01-01');
    expect(isOfficialLink('https://travel.state.gov/fees')).toBe(true);
    expect(isOfficialLink('https://user:pw@travel.state.gov/')).toBe(false);
    expect(isOfficialLink('javascript:alert(1)')).toBe(false);
  });
});

describe('the 90-day reminder', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  it('is due for a fee never checked, or checked 90 days ago or more', () => {
    expect(checkDue(null, now)).toBe(true);
    expect(checkDue('2026-08-30T12:00:00.000Z', now)).toBe(true);
    expect(checkDue('2026-08-30T12:00:01.000Z', now)).toBe(false);
    expect(checkDue('2026-11-28T09:00:00.000Z', now)).toBe(false);
  });

  it('holds for any pair of instants', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * 86_400_000 }), (age) => checkDue(new Date(now - age).toISOString(), now) === age >= 90 * 86_400_000),
    );
  });
});

describe('the admin’s timelines', () => {
  it('tells each fee’s current row, its history and what is scheduled', () => {
    const scheduled: GovernmentFee = { ...(SCHEDULE.find((f) => f.code === 'esta' && f.amountCents === 4000) as GovernmentFee), id: 'next', amountCents: 4500, effectiveFrom: '2027-01-01' };
    const esta = timelines([...SCHEDULE, scheduled], '2026-11-28').find((t) => t.code === 'esta');
    expect(esta?.current?.amountCents).toBe(4000);
    expect(esta?.past.map((f) => f.amountCents)).toEqual([2100]);
    expect(esta?.upcoming.map((f) => f.id)).toEqual(['next']);
    const all = timelines(SCHEDULE, '2026-11-28');
    expect(all).toHaveLength(1 + VISA_CLASSES.length + 1);
    expect(all.find((t) => t.code === 'integrity')).toMatchObject({ current: null, unscheduled: [expect.objectContaining({ amountCents: 25000 })] });
  });
});

describe('the messages of a refused change', () => {
  it('are only the declared keys', () => {
    fc.assert(
      fc.property(fc.record({ amountCents: fc.integer({ min: -5, max: 2_000_000 }), effectiveFrom: fc.string({ maxLength: 12 }), sourceUrl: fc.string({ maxLength: 30 }), note: fc.string({ maxLength: 600 }) }), (change) =>
        Object.values(validateFeeChange(change, '2026-11-28')).every((e) => (FEE_MESSAGE_KEYS as readonly string[]).includes(e.key)),
      ),
    );
  });
});
