import { describe, expect, it } from 'vitest';
import { ADD_TRAVELLER_PARAM, TRAVELLER_PARAM, addTravellerPath, groupCheckoutPath, groupPaymentPath, travellerPath } from '../../machines/domain/groupPaths';

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
