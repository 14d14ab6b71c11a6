import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADD_TRAVELLER_PARAM, TRAVELLER_PARAM, addTravellerPath, familyPaths, groupCheckoutPath, groupPaymentPath, panelPath, travellerPath } from '../../machines/domain/groupPaths';

// Issue 36: where each traveller's form is, and where a group pays.
describe("a group's addresses", () => {
  it("opens a traveller's form on that traveller: the ESTA wizard or the DS-160 form", () => {
    expect(TRAVELLER_PARAM).toBe('traveller');
    expect(travellerPath('ESTA', 'lead-1')).toBe('/apply/esta-wizard?traveller=lead-1');
    expect(travellerPath('DS-160', 'lead-2')).toBe('/ds160-wizard?traveller=lead-2');
  });

  it('adds a traveller from the applicant’s own lead when there is one, else from a new application', () => {
    expect(ADD_TRAVELLER_PARAM).toBe('add-traveller');
    expect(addTravellerPath('ESTA', 'lead-1')).toBe('/apply/esta-wizard?traveller=lead-1&add-traveller=1');
    expect(addTravellerPath('DS-160', 'lead-2')).toBe('/ds160-wizard?traveller=lead-2&add-traveller=1');
    expect(addTravellerPath('ESTA', null)).toBe('/apply/esta-wizard?add-traveller=1');
    expect(addTravellerPath('DS-160', null)).toBe('/ds160-wizard?add-traveller=1');
  });

  it("takes the group to one checkout, and back to its payment's confirmation", () => {
    expect(groupCheckoutPath('g-9')).toBe('/checkout?group=g-9');
    expect(groupPaymentPath('p-3')).toBe('/payment-confirmation?groupPayment=p-3');
  });
});

// Issue 45 items 2 and 22: a checkout or a confirmation of one application leads back to its filled form and to adding
// the family to it, before paying; never to an empty wizard or a new application.
describe("a single checkout's way to the family", () => {
  it('opens the form paid for, on that application, and the same form with the add-traveller form open', () => {
    fc.assert(
      fc.property(fc.constantFrom('ESTA' as const, 'DS-160' as const), fc.uuid(), (service, leadId) => {
        const paths = familyPaths(service, leadId);
        expect(paths).toEqual({ form: travellerPath(service, leadId), addFamily: addTravellerPath(service, leadId) });
        const form = new URL(paths!.form, 'http://x');
        const add = new URL(paths!.addFamily, 'http://x');
        expect(form.searchParams.get(TRAVELLER_PARAM)).toBe(leadId);
        expect(add.pathname).toBe(form.pathname);
        expect(add.searchParams.get(TRAVELLER_PARAM)).toBe(leadId);
        expect(add.searchParams.get(ADD_TRAVELLER_PARAM)).toBe('1');
      }),
      { numRuns: 100 },
    );
  });

  it('offers nothing without an application, or for a service that has no traveller form', () => {
    fc.assert(
      fc.property(fc.string().filter((s) => s !== 'ESTA' && s !== 'DS-160'), fc.option(fc.uuid(), { nil: null }), (service, leadId) => {
        expect(familyPaths(service, leadId)).toBeNull();
      }),
      { numRuns: 100 },
    );
    expect(familyPaths('ESTA', null)).toBeNull();
    expect(familyPaths('DS-160', '')).toBeNull();
  });
});

// Issue 45 item 20: "Back to your panel" never sends a guest to /login (the dashboard's door for nobody signed in).
describe('the way back to the panel', () => {
  const traveller = fc.record({
    leadId: fc.option(fc.uuid(), { nil: null }),
    service: fc.constantFrom('ESTA', 'DS-160', 'package'),
    relationship: fc.constantFrom('leader', 'spouse', 'child', 'friend'),
  });

  it('is the dashboard for someone signed in, and for a guest the group panel on a traveller’s form, the leader’s first', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(traveller, { maxLength: 6 }), (signedIn, travellers) => {
        const path = panelPath(signedIn, travellers);
        const withForm = travellers.filter((t) => t.leadId && (t.service === 'ESTA' || t.service === 'DS-160'));
        if (signedIn || withForm.length === 0) {
          expect(path).toBe('/dashboard');
          return;
        }
        expect(path).not.toMatch(/^\/(login|dashboard)/);
        const chosen = withForm.find((t) => t.relationship === 'leader') ?? withForm[0]!;
        expect(path).toBe(travellerPath(chosen.service as 'ESTA' | 'DS-160', chosen.leadId as string));
      }),
      { numRuns: 200 },
    );
    expect(panelPath(false, [{ leadId: 'kid', service: 'ESTA', relationship: 'child' }, { leadId: 'mum', service: 'DS-160', relationship: 'leader' }])).toBe('/ds160-wizard?traveller=mum');
  });
});
