import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { offeredTo, prefill, type TravellerAnswers } from '../../machines/domain/sharedAnswers';
import { isMinor, limitProblem, mayRemoveTraveller, RELATIONSHIPS, relationBetween, rulePurpose, travellerForm, travellerPath } from '../../machines/domain/travellerGroup';
import { validForm } from '../helpers/ds160Form';
import { paidInGroupOf } from '../../machines/travellerGroup.view';

// Families and groups (issue 36): the pure rules the server and the group panel share.

const TODAY = '2026-11-26';

describe('who travels on what', () => {
  it.each([
    ['Spain', 'tourism', 'ESTA'],
    ['Mexico', 'tourism', 'DS-160'],
    ['Spain', 'study', 'DS-160'],
    ['United States', 'tourism', 'NONE'],
  ] as const)('a %s passport for %s needs %s', (country, purpose, form) => {
    expect(travellerForm(country, purpose)).toBe(form);
  });

  it('reads the ten-section form’s purposes as the visa rule’s', () => {
    expect(['Tourism', 'Visit Family/Friends', 'Medical Treatment', ''].map(rulePurpose)).toEqual(['tourism', 'tourism', 'tourism', 'tourism']);
    expect(['Business', 'transit', 'Study', 'Work', 'Other'].map(rulePurpose)).toEqual(['business', 'transit', 'study', 'study', 'study']);
  });

  it('stops at 50 travellers, and at 12 of them on a DS-160', () => {
    expect(limitProblem({ travellers: 49, ds160: 12 }, 'ESTA')).toBeNull();
    expect(limitProblem({ travellers: 49, ds160: 12 }, 'DS-160')).toBe('ds160');
    expect(limitProblem({ travellers: 50, ds160: 0 }, 'ESTA')).toBe('travellers');
    expect(limitProblem({ travellers: 11, ds160: 11 }, 'DS-160')).toBeNull();
  });

  it('opens each traveller in their own form’s page', () => {
    expect(travellerPath('ESTA', 'x')).toBe('/apply/esta-wizard?traveller=x');
    expect(travellerPath('DS-160', 'x')).toBe('/ds160-wizard?traveller=x');
  });

  it('counts a minor by the birth date, not yet known without one', () => {
    expect(isMinor('2010-01-01', TODAY)).toBe(true);
    expect(isMinor('2008-11-26', TODAY)).toBe(false);
    expect(isMinor('', TODAY)).toBeNull();
  });
});

describe('how two travellers are related', () => {
  it.each([
    ['leader', 'child', 'child'],
    ['child', 'leader', 'parent'],
    ['child', 'child', 'sibling'],
    ['child', 'spouse', 'parent'],
    ['spouse', 'child', 'child'],
    ['parent', 'parent', 'spouse'],
    ['parent', 'child', 'otherRelative'],
    ['colleague', 'colleague', 'colleague'],
    ['friend', 'groupMember', 'groupMember'],
    ['friend', 'colleague', 'friend'],
  ] as const)('to a %s, a %s is a %s', (self, other, relation) => {
    expect(relationBetween(self, other)).toBe(relation);
  });
});

describe('shared answers', () => {
  const leader: TravellerAnswers = { leadId: 'ana', role: 'leader', form: 'DS-160', answers: validForm() };
  const spouse = (answers: Record<string, unknown>): TravellerAnswers => ({ leadId: 'luis', role: 'spouse', form: 'DS-160', answers });
  const own = { 'personal-info': { firstName: 'Luis', lastName: 'Lopez', nationality: 'Mexico' } };

  it('fills in only the shared paths, never a personal one', () => {
    const { changes } = prefill(spouse(own), [leader], {}, TODAY);
    const sections = new Set(Object.keys(changes).map((p) => p.split('.')[0]));
    expect([...sections].sort()).toEqual(['address-phone', 'travel-companions', 'travel-info']);
    expect(Object.keys(changes)).not.toContain('address-phone.primaryPhone');
    expect(Object.keys(changes)).not.toContain('address-phone.emailAddress');
  });

  it('brings a correction of the leader’s to an answer the traveller has not changed, and never overwrites one they typed', () => {
    const first = prefill(spouse(own), [leader], {}, TODAY);
    // Luis keeps the filled-in U.S. address but types his own trip plans.
    const travelInfo = Object.fromEntries(
      Object.entries(first.changes)
        .filter(([path]) => path.startsWith('travel-info.'))
        .map(([path, value]) => [path.slice('travel-info.'.length), value]),
    );
    const luis = spouse({ ...own, 'travel-info': { ...travelInfo, tripPlans: 'A conference in Boston' } });
    const corrected: TravellerAnswers = { ...leader, answers: { ...validForm(), 'travel-info': { ...validForm()['travel-info'], usCity: 'Boston', tripPlans: 'Museums' } } };
    const again = prefill(luis, [corrected], first.prefilled, TODAY);
    expect(again.changes['travel-info.usCity']).toBe('Boston');
    expect(again.changes).not.toHaveProperty('travel-info.tripPlans');
    expect(again.prefilled).not.toHaveProperty('travel-info.tripPlans');
  });
});

describe('what is shared depends on the relationship (issue 45 item 8)', () => {
  const home = 'Avenida Constitución 400, 64000 Monterrey, Mexico';
  const leaderEsta: TravellerAnswers = {
    leadId: 'lupita',
    role: 'leader',
    form: 'ESTA',
    answers: { 'first-name': 'Guadalupe', 'last-name': 'Hernandez', 'home-address': home, 'emergency-contact': 'Pilar Zamora', 'emergency-phone': '+528112345678', purpose: 'tourism' },
  };
  const joining = (role: (typeof RELATIONSHIPS)[number]): TravellerAnswers => ({ leadId: `t-${role}`, role, form: 'ESTA', answers: { 'first-name': 'Rocio' } });
  const FAMILY = ['spouse', 'child', 'parent', 'sibling', 'otherRelative'];

  it('offers the home only to a spouse and a child, the emergency contact to family only, the trip to everyone', () => {
    fc.assert(
      fc.property(fc.constantFrom(...RELATIONSHIPS), (role) => {
        const offered = offeredTo(joining(role), [leaderEsta], TODAY);
        expect('home-address' in offered, role).toBe(role === 'spouse' || role === 'child');
        expect('emergency-contact' in offered, role).toBe(FAMILY.includes(role));
        expect(offered.purpose, role).toBe('tourism');
      }),
      { numRuns: 40 },
    );
  });

  it('gives a child their parent’s home when the leader is not their parent, and never a friend’s to anyone', () => {
    // The leader travels with a friend who brings her son: the son lives with his mother, not with the leader.
    const friend: TravellerAnswers = { leadId: 'rocio', role: 'friend', form: 'ESTA', answers: { 'first-name': 'Rocio', 'home-address': 'Calle 5 de Mayo 12, Puebla, Mexico' } };
    const spouseOfLeader: TravellerAnswers = { leadId: 'jorge', role: 'spouse', form: 'ESTA', answers: { 'first-name': 'Jorge' } };
    expect(offeredTo(spouseOfLeader, [leaderEsta, friend], TODAY)['home-address']).toBe(home);
    const nephew: TravellerAnswers = { leadId: 'leo', role: 'otherRelative', form: 'ESTA', answers: { 'first-name': 'Leo' } };
    expect(offeredTo(nephew, [friend, leaderEsta], TODAY)).not.toHaveProperty('home-address');
  });
});

describe('who may be removed from a group (one rule for the panel and the server, issue 41)', () => {
  it('is any traveller but the leader who has neither paid nor a payment being charged', () => {
    const roles = fc.constantFrom('leader' as const, ...RELATIONSHIPS);
    fc.assert(
      fc.property(roles, fc.constantFrom('unpaid', 'pending', 'paid'), (relationship, paymentStatus) => {
        const allowed = mayRemoveTraveller({ relationship, paymentStatus: paymentStatus as 'unpaid' | 'pending' | 'paid' });
        expect(allowed).toBe(relationship !== 'leader' && paymentStatus === 'unpaid');
      }),
    );
  });
});

// Issue 45: the leader's own paid DS-160 opens read-only; the page learns it is paid from the group's list.
describe("a form the group lists as paid", () => {
  const snapshotOf = (travellers: { leadId: string; name: string; paymentStatus: string }[] | null) =>
    ({ context: { group: travellers ? { travellers } : null } }) as unknown as Parameters<ReturnType<typeof paidInGroupOf>>[0];

  it('is read-only exactly when that form is paid, with its name (blank when it has none)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ leadId: fc.string(), name: fc.string(), paymentStatus: fc.constantFrom('unpaid', 'pending', 'paid') }), { maxLength: 6 }),
        fc.option(fc.string(), { nil: null }),
        (travellers, leadId) => {
          const own = leadId === null ? undefined : travellers.find((t) => t.leadId === leadId);
          const expected = own && own.paymentStatus === 'paid' ? own.name.trim() : null;
          expect(paidInGroupOf(leadId)(snapshotOf(travellers))).toBe(expected);
        },
      ),
    );
  });

  it('is not read-only before the group is read, without a group, or for another traveller', () => {
    expect(paidInGroupOf('lead-1')(undefined)).toBeNull();
    expect(paidInGroupOf('lead-1')(snapshotOf(null))).toBeNull();
    expect(paidInGroupOf(null)(snapshotOf([{ leadId: 'lead-1', name: 'Ana', paymentStatus: 'paid' }]))).toBeNull();
    expect(paidInGroupOf('lead-2')(snapshotOf([{ leadId: 'lead-1', name: 'Ana', paymentStatus: 'paid' }]))).toBeNull();
    expect(paidInGroupOf('lead-1')(snapshotOf([{ leadId: 'lead-1', name: ' Ana Garcia ', paymentStatus: 'paid' }]))).toBe('Ana Garcia');
    expect(paidInGroupOf('lead-1')(snapshotOf([{ leadId: 'lead-1', name: 'Ana', paymentStatus: 'pending' }]))).toBeNull();
  });
});
