import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_FIELDS, EMPTY_DETAILS, answered, checkoutErrors, failureOf, fieldChanged, keyAfterFailure, keyForAttempt } from '../../machines/domain/cardForm';

// The card form both checkouts hold: typed and judged the same way, and the rules for the payment's idempotency key.
const TODAY = '2026-03-10';
const GOOD = {
  cardNumber: '4242 4242 4242 4242',
  expiryDate: '12/28',
  cvv: '123',
  cardName: 'Ana Pérez',
  billingAddress: '12 Calle Mayor',
  city: 'Madrid',
  zipCode: '28013',
  country: 'Spain',
};
const FORM = { email: 'ana@example.com', details: GOOD, errors: {} };

describe('the checkout card form', () => {
  it('lists its fields in screen order: the e-mail, then the card, then the billing address', () => {
    expect(CHECKOUT_FIELDS).toEqual(['email', 'cardNumber', 'expiryDate', 'cvv', 'cardName', 'billingAddress', 'city', 'zipCode', 'country']);
    expect(EMPTY_DETAILS).toEqual({ cardNumber: '', expiryDate: '', cvv: '', cardName: '', billingAddress: '', city: '', zipCode: '', country: '' });
  });

  it('finds nothing wrong with a good card and e-mail', () => {
    expect(checkoutErrors({ email: 'ana@example.com', details: GOOD, today: TODAY })).toEqual({});
  });

  it("judges the e-mail beside the card's fields, each by its own rule", () => {
    const errors = checkoutErrors({ email: 'not an e-mail', details: { ...GOOD, cvv: '12', city: '' }, today: TODAY });
    expect(Object.keys(errors).sort()).toEqual(['city', 'cvv', 'email']);
    expect(errors.email?.key).toBe('validation.email.invalid');
    expect(errors.city?.key).toBe('validation.required');
    expect(errors.cvv).toEqual({ key: 'validation.payment.cvv', params: { count: 3 } });
    expect(checkoutErrors({ email: '', details: GOOD, today: TODAY }).email?.key).toBe('validation.email.invalid');
  });

  it('keeps a field as it is typed: the card number grouped, the expiry as MM/YY, the CVV digits only', () => {
    const typed = (field: (typeof CHECKOUT_FIELDS)[number], value: string, details = GOOD) => fieldChanged({ ...FORM, details }, field, value).details[field as keyof typeof GOOD];
    expect(typed('cardNumber', '4242424242424242')).toBe('4242 4242 4242 4242');
    expect(typed('expiryDate', '1228', { ...GOOD, expiryDate: '' })).toBe('12/28');
    expect(typed('expiryDate', '12', { ...GOOD, expiryDate: '1' })).toBe('12/');
    expect(typed('expiryDate', '12', { ...GOOD, expiryDate: '12/' })).toBe('12');
    expect(typed('cvv', '1a2-3 45')).toBe('1234');
    expect(typed('cardName', '  Ana  ')).toBe('  Ana  ');
    expect(typed('city', 'Lima ')).toBe('Lima ');
  });

  it('clears the typed field’s error only, and drops the attempt key: a changed card is a new attempt', () => {
    const form = { ...FORM, errors: { cvv: { key: 'validation.payment.cvv' }, city: { key: 'validation.required' }, email: { key: 'validation.required' } } };
    const after = fieldChanged(form, 'cvv', '999');
    expect(after.errors).toEqual({ city: { key: 'validation.required' }, email: { key: 'validation.required' } });
    expect(after.attemptKey).toBeNull();
    expect(after.email).toBe('ana@example.com');
    const email = fieldChanged(form, 'email', 'new@example.com');
    expect(email).toEqual({ email: 'new@example.com', details: GOOD, errors: { cvv: { key: 'validation.payment.cvv' }, city: { key: 'validation.required' } }, attemptKey: null });
  });

  it("retries a payment whose answer was lost with the same key, and anything else with a new one", () => {
    expect(keyForAttempt({ attemptKey: 'k-1' })).toBe('k-1');
    const fresh = keyForAttempt({ attemptKey: null });
    expect(fresh).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keyForAttempt({ attemptKey: null })).not.toBe(fresh);
    // The server answered (a status): that attempt is over. The connection failed: the key waits for the retry.
    expect(keyAfterFailure({ attemptKey: 'k-1' }, { status: 402 })).toBeNull();
    expect(keyAfterFailure({ attemptKey: 'k-1' }, new TypeError('Failed to fetch'))).toBe('k-1');
  });

  it('tells a refusal the server answered from a lost connection by its status', () => {
    expect(answered({ status: 409 })).toBe(true);
    expect(answered({ status: 0 })).toBe(true);
    expect(answered({ status: '409' })).toBe(false);
    expect(answered(null)).toBe(false);
    expect(answered(undefined)).toBe(false);
    expect(answered(new Error('x'))).toBe(false);
  });

  it("reads a failure's message and code only when they are words", () => {
    expect(failureOf({ serverMessage: 'Card declined', code: 'card_declined' })).toEqual({ message: 'Card declined', code: 'card_declined' });
    expect(failureOf({ serverMessage: 3, code: {} })).toEqual({ message: undefined, code: undefined });
    expect(failureOf(null)).toEqual({ message: undefined, code: undefined });
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (serverMessage, code) => {
        const read = failureOf({ serverMessage, code });
        expect(read.message).toBe(typeof serverMessage === 'string' ? serverMessage : undefined);
        expect(read.code).toBe(typeof code === 'string' ? code : undefined);
      }),
    );
  });
});
