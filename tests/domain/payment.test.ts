import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  PAYMENT_FIELDS,
  PAYMENT_LIMITS,
  PAYMENT_MESSAGE_KEYS,
  cardBrand,
  cardDigits,
  cardNumberLengths,
  cvvLength,
  formatCardNumber,
  formatExpiry,
  isBillingCountry,
  isExpired,
  isExpiryTooFarAhead,
  isValidCardNumber,
  lastFour,
  luhnValid,
  missingPaymentDetails,
  parseExpiry,
  validatePaymentDetails,
  type CardBrand,
  type PaymentDetails,
} from '../../machines/domain/payment';
import { PaymentDetailsSchema, type PaymentDetails as SchemaPaymentDetails } from '../../openapi/schemas/orders';

const TODAY = '2026-06-15';

/** `body` plus the Luhn check digit that makes it a valid number. */
function withCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d += 1) if (luhnValid(`${body}${d}`)) return `${body}${d}`;
  throw new Error('unreachable');
}

/** A Luhn-valid number of `length` digits starting with `prefix`. */
function cardOf(prefix: string, length: number): string {
  return withCheckDigit(prefix.padEnd(length - 1, '0'));
}

const VALID: PaymentDetails = {
  cardNumber: '4242 4242 4242 4242',
  expiryDate: '12/28',
  cvv: '123',
  cardName: 'María José Núñez',
  billingAddress: 'Calle Mayor 1',
  city: 'Madrid',
  zipCode: '28013',
  country: 'Spain',
};

const errorsFor = (patch: Partial<PaymentDetails>, today = TODAY) => validatePaymentDetails({ ...VALID, ...patch }, today);

describe('the payment details type', () => {
  it('has exactly the fields of the API schema, in form order', () => {
    expect([...PAYMENT_FIELDS].sort()).toEqual(Object.keys(PaymentDetailsSchema.properties).sort());
    // Both directions compile only while the two types are the same shape.
    const fromApi: PaymentDetails = VALID satisfies SchemaPaymentDetails;
    expect(fromApi).toBe(VALID);
  });
});

describe('cardDigits and lastFour', () => {
  it('removes spaces and hyphens only', () => {
    expect(cardDigits(' 4242-4242 4242\t4242 ')).toBe('4242424242424242');
    expect(cardDigits('4242.4242')).toBe('4242.4242');
  });

  it('keeps the last four digits', () => {
    expect(lastFour('4242 4242 4242 4241')).toBe('4241');
    expect(lastFour('3782-822463-10005')).toBe('0005');
    expect(lastFour('12')).toBe('12');
  });
});

describe('cardBrand', () => {
  it.each<[string, CardBrand]>([
    ['4', 'visa'],
    ['4242424242424242', 'visa'],
    ['34', 'amex'],
    ['37', 'amex'],
    ['35', 'unknown'],
    ['51', 'mastercard'],
    ['55', 'mastercard'],
    ['50', 'unknown'],
    ['56', 'unknown'],
    ['2221', 'mastercard'],
    ['2720', 'mastercard'],
    ['2220', 'unknown'],
    ['2721', 'unknown'],
    ['222', 'unknown'],
    ['6011', 'discover'],
    ['6012', 'unknown'],
    ['644', 'discover'],
    ['649', 'discover'],
    ['643', 'unknown'],
    ['650', 'discover'],
    ['65', 'discover'],
    ['6', 'unknown'],
    ['3530111333300000', 'unknown'],
    ['', 'unknown'],
    ['4a', 'unknown'],
  ])('%s is %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });

  it('reads through separators', () => {
    expect(cardBrand('3782 822463 10005')).toBe('amex');
  });
});

describe('luhnValid', () => {
  it.each(['4242424242424242', '378282246310005', '5555555555554444', '6011111111111117', '0', '18'])('%s passes', (n) => {
    expect(luhnValid(n)).toBe(true);
  });

  it.each(['4242424242424241', '378282246310006', '1234567812345678', '', '4242 4242 4242 4242', '42424242424242x2'])(
    '%j fails',
    (n) => {
      expect(luhnValid(n)).toBe(false);
    },
  );

  it('catches any single mistyped digit', () => {
    const good = '4242424242424242';
    for (let i = 0; i < good.length; i += 1) {
      const digit = Number(good[i]);
      const typo = `${good.slice(0, i)}${(digit + 1) % 10}${good.slice(i + 1)}`;
      expect(luhnValid(typo), typo).toBe(false);
    }
  });
});

describe('lengths per brand', () => {
  it('CVV is 4 digits for Amex, 3 for every other brand', () => {
    expect(cvvLength('amex')).toBe(4);
    for (const brand of ['visa', 'mastercard', 'discover', 'unknown'] as const) expect(cvvLength(brand)).toBe(3);
  });

  it('card number lengths', () => {
    expect(cardNumberLengths('amex')).toEqual([15]);
    expect(cardNumberLengths('visa')).toEqual([13, 16, 19]);
    expect(cardNumberLengths('mastercard')).toEqual([16]);
    expect(cardNumberLengths('discover')).toEqual([16, 17, 18, 19]);
    expect(cardNumberLengths('unknown')).toEqual([12, 13, 14, 15, 16, 17, 18, 19]);
  });

  it.each<[string, number[]]>([
    ['4', [13, 16, 19]],
    ['37', [15]],
    ['51', [16]],
    ['2221', [16]],
    ['6011', [16, 17, 18, 19]],
    ['9', [12, 13, 14, 15, 16, 17, 18, 19]],
  ])('a Luhn-valid number starting %s is valid at exactly lengths %j', (prefix, lengths) => {
    for (let length = 10; length <= 20; length += 1) {
      const number = cardOf(prefix, length);
      expect(isValidCardNumber(number), `${number} (${length})`).toBe(lengths.includes(length));
    }
  });

  it('a right-length number with a wrong checksum is invalid', () => {
    expect(isValidCardNumber('4242424242424241')).toBe(false);
  });
});

describe('parseExpiry', () => {
  it.each([
    ['12/27', { month: 12, year: 2027 }],
    ['01 / 30', { month: 1, year: 2030 }],
    ['0627', { month: 6, year: 2027 }],
    ['06/2027', { month: 6, year: 2027 }],
    ['  09/28 ', { month: 9, year: 2028 }],
    ['12/1999', { month: 12, year: 1999 }],
  ])('%j is %j', (text, expiry) => {
    expect(parseExpiry(text)).toEqual(expiry);
  });

  it.each(['13/27', '00/27', '1/27', '12/7', '12/027', '12-27', '122027', 'ab/cd', '', '12/27/01', '12 27'])('%j is not an expiry', (text) => {
    expect(parseExpiry(text)).toBeNull();
  });
});

describe('isExpired: a card pays through the last day of its expiry month', () => {
  it('this month is valid, even on its last day', () => {
    expect(isExpired({ month: 6, year: 2026 }, '2026-06-01')).toBe(false);
    expect(isExpired({ month: 6, year: 2026 }, '2026-06-30')).toBe(false);
  });

  it('last month is expired, even on the first day of this one', () => {
    expect(isExpired({ month: 5, year: 2026 }, '2026-06-01')).toBe(true);
    expect(isExpired({ month: 12, year: 2025 }, '2026-01-01')).toBe(true);
  });

  it('February is valid through its last day whether the year is leap or not', () => {
    expect(isExpired({ month: 2, year: 2028 }, '2028-02-29')).toBe(false);
    expect(isExpired({ month: 2, year: 2027 }, '2027-02-28')).toBe(false);
    expect(isExpired({ month: 2, year: 2027 }, '2027-03-01')).toBe(true);
    expect(isExpired({ month: 2, year: 2028 }, '2028-03-01')).toBe(true);
  });

  it('refuses a malformed today', () => {
    expect(() => isExpired({ month: 1, year: 2030 }, '2026-13-01')).toThrow(RangeError);
  });

  it('more than 20 years ahead is too far; exactly 20 years, to the month, is not', () => {
    expect(isExpiryTooFarAhead({ month: 6, year: 2046 }, TODAY)).toBe(false);
    expect(isExpiryTooFarAhead({ month: 7, year: 2046 }, TODAY)).toBe(true);
    expect(PAYMENT_LIMITS.expiryMaxYearsAhead).toBe(20);
  });
});

describe('formatCardNumber while typing', () => {
  it('groups by four', () => {
    expect(formatCardNumber('')).toBe('');
    expect(formatCardNumber('4')).toBe('4');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
  });

  it('groups Amex 4-6-5 and stops at 15 digits', () => {
    expect(formatCardNumber('37828')).toBe('3782 8');
    expect(formatCardNumber('3782822463')).toBe('3782 822463');
    expect(formatCardNumber('37828224631')).toBe('3782 822463 1');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('3782822463100059')).toBe('3782 822463 10005');
  });

  it("stops at the brand's longest length", () => {
    expect(formatCardNumber('5555 5555 5555 4444 1')).toBe('5555 5555 5555 4444');
    expect(formatCardNumber('4'.repeat(20))).toBe('4444 4444 4444 4444 444');
    expect(formatCardNumber('9'.repeat(25))).toBe('9999 9999 9999 9999 999');
  });

  it('tidies a pasted number and deleting a digit regroups', () => {
    expect(formatCardNumber('4242-4242-4242-4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 4')).toBe('4242 4');
    expect(formatCardNumber('4242 ')).toBe('4242');
    expect(formatCardNumber('card 4242')).toBe('4242');
  });
});

describe('formatExpiry while typing', () => {
  it('adds the slash once the year starts', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('1227')).toBe('12/27');
    expect(formatExpiry('12/275')).toBe('12/27');
  });

  it('adds the slash right after the month when typing forward', () => {
    expect(formatExpiry('12', '1')).toBe('12/');
    expect(formatExpiry('12/2', '12/')).toBe('12/2');
    expect(formatExpiry('0', '')).toBe('0');
    expect(formatExpiry('1', '')).toBe('1');
  });

  it('deletes back through the slash', () => {
    let value = '12/27';
    const steps: string[] = [];
    while (value !== '') {
      value = formatExpiry(value.slice(0, -1), value);
      steps.push(value);
    }
    expect(steps).toEqual(['12/2', '12/', '12', '1', '']);
  });

  it('pads a month that can only be 02 to 09', () => {
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('4', '')).toBe('04/');
    expect(formatExpiry('427')).toBe('04/27');
    expect(formatExpiry('1/')).toBe('01/');
    expect(formatExpiry('4/27')).toBe('04/27');
  });

  it('keeps a typed slash and reads a misplaced one in order', () => {
    expect(formatExpiry('12/')).toBe('12/');
    expect(formatExpiry('/')).toBe('');
    expect(formatExpiry('0/')).toBe('0');
    expect(formatExpiry('122/7')).toBe('12/27');
  });

  it('keeps a four-digit year starting 20, which parseExpiry accepts', () => {
    expect(formatExpiry('12/202')).toBe('12/202');
    expect(formatExpiry('12/2027')).toBe('12/2027');
    expect(formatExpiry('122027')).toBe('12/2027');
    expect(formatExpiry('12/20271')).toBe('12/2027');
    expect(parseExpiry(formatExpiry('12/2027'))).toEqual({ month: 12, year: 2027 });
  });
});

describe('validatePaymentDetails', () => {
  it('accepts a complete, valid form', () => {
    expect(validatePaymentDetails(VALID, TODAY)).toEqual({});
    expect(errorsFor({ cardNumber: '3782 822463 10005', cvv: '1234', country: 'Other' })).toEqual({});
  });

  it('requires every field (spec: all card and billing fields are marked required)', () => {
    const blank = Object.fromEntries(PAYMENT_FIELDS.map((f) => [f, '  '])) as unknown as PaymentDetails;
    expect(validatePaymentDetails(blank, TODAY)).toEqual(
      Object.fromEntries(PAYMENT_FIELDS.map((f) => [f, { key: 'validation.required' }])),
    );
  });

  it('treats anything but a string as empty (the server cannot trust the browser)', () => {
    expect(errorsFor({ cvv: 123 as unknown as string })).toEqual({ cvv: { key: 'validation.required' } });
  });

  describe('card number', () => {
    it.each(['4242 4242 4242 4241', '4242.4242.4242.4242', '4242 4242 4242 424', '3782 822463 1000', '4242x4242x4242x4242'])(
      '%j is refused',
      (cardNumber) => {
        expect(errorsFor({ cardNumber }).cardNumber).toEqual({ key: 'validation.payment.cardNumber' });
      },
    );

    it('accepts hyphens and spaces as separators', () => {
      expect(errorsFor({ cardNumber: '4242-4242-4242-4242' })).toEqual({});
    });
  });

  describe('expiry (today 2026-06-15)', () => {
    it.each([
      ['06/26', undefined],
      ['0626', undefined],
      ['06 / 26', undefined],
      ['06/2026', undefined],
      ['05/26', 'validation.payment.expired'],
      ['12/25', 'validation.payment.expired'],
      ['13/27', 'validation.payment.expiryFormat'],
      ['6/27', 'validation.payment.expiryFormat'],
      ['06-27', 'validation.payment.expiryFormat'],
      ['06/46', undefined],
      ['07/46', 'validation.payment.expiryTooFar'],
      ['01/2099', 'validation.payment.expiryTooFar'],
    ])('%j gives %s', (expiryDate, key) => {
      expect(errorsFor({ expiryDate }).expiryDate).toEqual(key ? { key } : undefined);
    });
  });

  describe('CVV', () => {
    it('is 3 digits for Visa', () => {
      expect(errorsFor({ cvv: '123' }).cvv).toBeUndefined();
      expect(errorsFor({ cvv: '1234' }).cvv).toEqual({ key: 'validation.payment.cvv', params: { count: 3 } });
      expect(errorsFor({ cvv: '12' }).cvv).toEqual({ key: 'validation.payment.cvv', params: { count: 3 } });
      expect(errorsFor({ cvv: '12a' }).cvv).toEqual({ key: 'validation.payment.cvv', params: { count: 3 } });
    });

    it('is 4 digits for Amex', () => {
      const amex = { cardNumber: '378282246310005' };
      expect(errorsFor({ ...amex, cvv: '1234' }).cvv).toBeUndefined();
      expect(errorsFor({ ...amex, cvv: '123' }).cvv).toEqual({ key: 'validation.payment.cvv', params: { count: 4 } });
    });
  });

  describe('cardholder name', () => {
    it.each(['Jo', "J. R. O'Brien-Núñez", 'Zoë O’Neil', '王小明', 'Ана Петрова', 'a'.repeat(100)])('%j is accepted', (cardName) => {
      expect(errorsFor({ cardName }).cardName).toBeUndefined();
    });

    it.each(['J', 'a'.repeat(101), 'John 3rd', 'Ana@Pérez', '.-', "''"])('%j is refused', (cardName) => {
      expect(errorsFor({ cardName }).cardName).toEqual({ key: 'validation.payment.cardName' });
    });
  });

  describe('billing address, city, zip code', () => {
    it('address is 5 to 200 characters', () => {
      expect(errorsFor({ billingAddress: '1 Rue' }).billingAddress).toBeUndefined();
      expect(errorsFor({ billingAddress: 'x'.repeat(200) }).billingAddress).toBeUndefined();
      expect(errorsFor({ billingAddress: 'Rue ' }).billingAddress).toEqual({ key: 'validation.address.tooShort' });
      expect(errorsFor({ billingAddress: 'x'.repeat(201) }).billingAddress).toEqual({ key: 'validation.address.tooLong' });
    });

    it('city is 2 to 100 characters', () => {
      expect(errorsFor({ city: 'Ys' }).city).toBeUndefined();
      expect(errorsFor({ city: 'x'.repeat(100) }).city).toBeUndefined();
      expect(errorsFor({ city: 'Y' }).city).toEqual({ key: 'validation.payment.city' });
      expect(errorsFor({ city: 'x'.repeat(101) }).city).toEqual({ key: 'validation.payment.city' });
    });

    it.each(['123', 'SW1A 1AA', '01310-100', 'K1A0B6', '1234567890'])('zip %j is accepted', (zipCode) => {
      expect(errorsFor({ zipCode }).zipCode).toBeUndefined();
    });

    it.each(['12', '12345678901', '28013#', '---', 'Ñ1234'])('zip %j is refused', (zipCode) => {
      expect(errorsFor({ zipCode }).zipCode).toEqual({ key: 'validation.payment.zipCode' });
    });
  });

  describe('country', () => {
    it("is a name from the shared list or exactly 'Other'", () => {
      expect(isBillingCountry('Spain')).toBe(true);
      expect(isBillingCountry('Other')).toBe(true);
      expect(errorsFor({ country: ' United States ' }).country).toBeUndefined();
      for (const country of ['other', 'ES', 'spain', 'Atlantis']) {
        expect(errorsFor({ country }).country, country).toEqual({ key: 'validation.generic' });
      }
    });
  });

  it('reports every wrong field at once', () => {
    expect(Object.keys(errorsFor({ cardNumber: '1', expiryDate: '1', cvv: '1', city: 'x' })).sort()).toEqual(
      ['cardNumber', 'city', 'cvv', 'expiryDate'].sort(),
    );
  });
});

describe('missingPaymentDetails: the "Missing Information" toast', () => {
  it('is true when the card number, expiry or CVV is blank', () => {
    expect(missingPaymentDetails(VALID)).toBe(false);
    expect(missingPaymentDetails({ ...VALID, cardNumber: '' })).toBe(true);
    expect(missingPaymentDetails({ ...VALID, expiryDate: ' ' })).toBe(true);
    expect(missingPaymentDetails({ ...VALID, cvv: '' })).toBe(true);
  });

  it('ignores the billing fields, which show their own errors', () => {
    const billingBlank: PaymentDetails = { ...VALID, cardName: '', billingAddress: '', city: '', zipCode: '', country: '' };
    expect(missingPaymentDetails(billingBlank)).toBe(false);
  });

  it('is false for filled but invalid values', () => {
    expect(missingPaymentDetails({ cardNumber: '1', expiryDate: 'x', cvv: '1' })).toBe(false);
  });
});

describe('message keys', () => {
  const en = JSON.parse(readFileSync(new URL('../../locales/en/validation.json', import.meta.url), 'utf8')) as Record<string, unknown>;
  const lookup = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

  it('every key the file can return has an English text', () => {
    for (const key of PAYMENT_MESSAGE_KEYS) expect(typeof lookup(key), key).toBe('string');
  });

  it('every validation key literal in the source is declared', () => {
    const source = readFileSync(new URL('../../machines/domain/payment.ts', import.meta.url), 'utf8');
    const literals = [...source.matchAll(/'(validation\.[A-Za-z.]+)'/g)].map((m) => m[1]);
    for (const key of literals) expect(PAYMENT_MESSAGE_KEYS as readonly string[]).toContain(key);
  });

  it('the English texts state the numbers the rules use', () => {
    expect(lookup('validation.payment.expiryTooFar')).toContain(String(PAYMENT_LIMITS.expiryMaxYearsAhead));
    expect(lookup('validation.payment.cardName')).toContain(`${PAYMENT_LIMITS.cardNameMin} to ${PAYMENT_LIMITS.cardNameMax}`);
    expect(lookup('validation.payment.city')).toContain(`${PAYMENT_LIMITS.cityMin} to ${PAYMENT_LIMITS.cityMax}`);
    expect(lookup('validation.payment.zipCode')).toContain(`${PAYMENT_LIMITS.zipCodeMin} to ${PAYMENT_LIMITS.zipCodeMax}`);
    expect(lookup('validation.payment.cvv')).toBe('Enter the {{count}}-digit security code');
  });
});
