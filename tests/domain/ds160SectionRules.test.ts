import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptySection, normalizeSection, sameAnswers, validateField, validateSection } from '../../machines/domain/ds160Sections';
import { validateNotBefore, validatePastYear, validatePhotoFile, validateUsZipCode } from '../../machines/domain/ds160Sections/rules';
import { validForm } from '../helpers/ds160Form';

// The ten-section form's own rules (spec 2-wizards §5.3, with ds160Sections/index.ts's decisions), one by one.
const key = (path: string) => ({ key: `ds160form:validation.${path}` });
const TODAY = '2026-03-10';

describe('a U.S. ZIP code', () => {
  it('is five digits, or five, a hyphen and four, spaces around allowed', () => {
    for (const ok of ['10118', '10118-1234', ' 10118 ', '00501']) expect(validateUsZipCode(ok), ok).toBeNull();
    for (const bad of ['1011', '101180', 'A0118', '10118-123', '10118-12345', 'x10118', '10118x', '10118 1234', '']) expect(validateUsZipCode(bad), bad).toEqual(key('usZipCode.invalid'));
  });
});

describe('a year in the past', () => {
  it('is four digits, from 100 years before today to this year', () => {
    expect(validatePastYear('2026', TODAY)).toBeNull();
    expect(validatePastYear(' 1926 ', TODAY)).toBeNull();
    for (const bad of ['2027', '1925', '26', '02026', '2026a', 'x2026', '']) expect(validatePastYear(bad, TODAY), bad).toEqual(key('lostPassportYear.invalid'));
    expect(validatePastYear('2020', 'not a day')).toEqual(key('lostPassportYear.invalid'));
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 9999 }), (year) => {
        expect(validatePastYear(String(year), TODAY) === null).toBe(year >= 1926 && year <= 2026);
      }),
    );
  });
});

describe('an end date not before its start', () => {
  it('refuses an end before the start, and has no opinion when either is not a date', () => {
    expect(validateNotBefore('2026-03-09', '2026-03-10', 'k')).toEqual({ key: 'k' });
    expect(validateNotBefore(' 2026-03-09 ', ' 2026-03-10 ', 'k')).toEqual({ key: 'k' });
    expect(validateNotBefore('2026-03-10', '2026-03-10', 'k')).toBeNull();
    expect(validateNotBefore('2026-03-11', '2026-03-10', 'k')).toBeNull();
    expect(validateNotBefore('soon', '2026-03-10', 'k')).toBeNull();
    expect(validateNotBefore('2026-03-09', '', 'k')).toBeNull();
  });
});

describe('the photo file', () => {
  it('takes the images phones make, by type or (with no type) by name, up to 3 MB', () => {
    const MB = 1024 * 1024;
    expect(validatePhotoFile({ type: 'image/jpeg', size: 3 * MB })).toBeNull();
    expect(validatePhotoFile({ type: ' IMAGE/HEIC ', size: 1 })).toBeNull();
    expect(validatePhotoFile({ type: '', size: 1, name: 'IMG_1.HEIC' })).toBeNull();
    expect(validatePhotoFile({ type: '', size: 1, name: 'photo.jpeg' })).toBeNull();
    expect(validatePhotoFile({ type: 'image/jpeg', size: 3 * MB + 1 })).toEqual(key('photoFile.size'));
    expect(validatePhotoFile({ type: 'application/pdf', size: 10 * MB, name: 'photo.jpg' })).toEqual(key('photoFile.type'));
    expect(validatePhotoFile({ type: '', size: 1, name: 'photo.jpg.pdf' })).toEqual(key('photoFile.type'));
    expect(validatePhotoFile({ type: '', size: 1 })).toEqual(key('photoFile.type'));
  });
});

describe('a section’s answers checked', () => {
  const form = validForm();

  it('finds nothing wrong with a valid section, and names a field too long in characters', () => {
    expect(validateSection('travel-info', form['travel-info'], { today: TODAY, all: form })).toEqual({});
    const zip = validateSection('travel-info', { ...form['travel-info'], usZipCode: '10118-12345678901' }, { today: TODAY, all: form });
    expect(zip.usZipCode?.key).toBe('ds160form:validation.usZipCode.invalid');
    const name = 'A'.repeat(51);
    expect(validateSection('personal-info', { ...form['personal-info'], firstName: name }, { today: TODAY, all: form }).firstName?.key).toBeDefined();
  });

  it('checks the date, number and country kinds before a field’s own rule', () => {
    const lost = { ...form['passport-info'], hasLostPassport: 'Yes', lostPassportYear: 'last year', lostPassportDetails: 'Stolen', lostPassportCountry: 'Atlantis' };
    const errors = validateSection('passport-info', lost, { today: TODAY, all: form });
    expect(errors.lostPassportYear).toBeDefined();
    expect(errors.lostPassportCountry).toEqual(key('country.invalid'));
    expect(validateSection('passport-info', { ...lost, lostPassportYear: '2030', lostPassportCountry: 'spain' }, { today: TODAY, all: form })).toEqual({ lostPassportYear: key('lostPassportYear.invalid') });
  });

  it('refuses more than 20 rows in a list, and names the row of a missing answer from 1', () => {
    const visit = { arrivalDate: '2020-01-01', departureDate: '2020-01-10', lengthOfStay: '9 days', purpose: 'Tourism' };
    const many = { ...form['previous-travel'], hasVisitedUS: 'Yes', usVisits: Array.from({ length: 21 }, () => visit) };
    expect(validateSection('previous-travel', many, { today: TODAY, all: form }).usVisits).toEqual({ ...key('list.tooMany'), params: { max: 20 } });
    const twenty = { ...many, usVisits: many.usVisits.slice(1) };
    expect(validateSection('previous-travel', twenty, { today: TODAY, all: form })).toEqual({});
    const gap = { ...many, usVisits: [visit, { ...visit, lengthOfStay: '' }] };
    expect(validateSection('previous-travel', gap, { today: TODAY, all: form })).toEqual({ 'usVisits.1.lengthOfStay': { ...key('usVisits.lengthOfStay.required'), params: { n: 2 } } });
  });

  it('checks one field as the section would, and nothing for a hidden field, a list or an unknown id', () => {
    const values = { ...form['travel-info'], usZipCode: '1' };
    expect(validateField('travel-info', 'usZipCode', values, { today: TODAY, all: form })).toEqual(key('usZipCode.invalid'));
    expect(validateField('travel-info', 'usZipCode', { ...values, usZipCode: '' }, { today: TODAY })).toEqual(key('usZipCode.required'));
    // A draft only checks what was answered.
    expect(validateField('travel-info', 'usZipCode', { ...values, usZipCode: '' }, { today: TODAY, requireAnswers: false })).toBeNull();
    expect(validateField('travel-info', 'otherPurpose', { ...values, otherPurpose: '' }, { today: TODAY })).toBeNull();
    expect(validateField('previous-travel', 'usVisits', { hasVisitedUS: 'Yes', usVisits: [] }, { today: TODAY })).toBeNull();
    expect(validateField('travel-info', 'noSuchField', values, { today: TODAY })).toBeNull();
  });
});

describe('a section as it is stored', () => {
  it('keeps ticks as ticks and drops values of no kind', () => {
    const out = normalizeSection('address-phone', { homeAddress: ' Calle 1, Centro ', sameAsHome: false, secondaryPhone: { n: 1 }, workPhone: 5551234567 });
    expect(out).toEqual({ homeAddress: 'Calle 1, Centro', sameAsHome: false, workPhone: '5551234567' });
  });

  it('writes a phone as + and digits only when it is one, and passport numbers in capitals', () => {
    expect(normalizeSection('address-phone', { primaryPhone: '+52 (33) 1234-5678' }).primaryPhone).toBe('+523312345678');
    expect(normalizeSection('address-phone', { primaryPhone: '33 1234 5678' }).primaryPhone).toBe('3312345678');
    expect(normalizeSection('address-phone', { primaryPhone: 'call me' }).primaryPhone).toBe('call me');
    expect(normalizeSection('address-phone', { primaryPhone: '5551234 ext' }).primaryPhone).toBe('5551234 ext');
    expect(normalizeSection('address-phone', { primaryPhone: '++5551234' }).primaryPhone).toBe('++5551234');
    expect(normalizeSection('passport-info', { passportNumber: ' g12ab345 ' }).passportNumber).toBe('G12AB345');
    expect(normalizeSection('passport-info', { lostPassportNumber: 'x9ß' }).lostPassportNumber).toBe('X9ß');
  });

  it("copies the home address into the mailing one when 'same as home' is ticked, blanks for what is missing", () => {
    const out = normalizeSection('address-phone', { homeAddress: 'Calle 1, Centro', homeCity: 'Lima', sameAsHome: true, mailingCity: 'Cusco' });
    expect(out).toMatchObject({ mailingAddress: 'Calle 1, Centro', mailingCity: 'Lima', mailingState: '', mailingCountry: '', mailingPostalCode: '' });
    expect(normalizeSection('address-phone', { homeCity: 'Lima', sameAsHome: false, mailingCity: 'Cusco' }).mailingCity).toBe('Cusco');
  });

  it('starts a section blank: ticks false, lists empty, defaults where the form has them', () => {
    expect(emptySection('address-phone')).toMatchObject({ homeAddress: '', sameAsHome: false, primaryPhone: '' });
    expect(emptySection('previous-travel')).toMatchObject({ hasVisitedUS: '', usVisits: [] });
    expect(emptySection('personal-info')).toMatchObject({ selectedPlan: 'basic', firstName: '' });
    expect(emptySection('photo-submission')).toMatchObject({ agreeToRequirements: false });
  });
});

describe('two answers compared', () => {
  it('are the same when they hold the same, whatever the order of keys', () => {
    expect(sameAnswers({ a: 1, b: [{ x: '1' }] }, { b: [{ x: '1' }], a: 1 })).toBe(true);
    expect(sameAnswers([1, 2], [1, 2])).toBe(true);
    expect(sameAnswers([1, 2], [2, 1])).toBe(false);
    expect(sameAnswers([1, 2], [1])).toBe(false);
    expect(sameAnswers([1], { 0: 1 })).toBe(false);
    expect(sameAnswers({ 0: 1 }, [1])).toBe(false);
    expect(sameAnswers({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameAnswers({ a: 1, c: 2 }, { a: 1, b: 2 })).toBe(false);
    expect(sameAnswers({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameAnswers(null, {})).toBe(false);
    expect(sameAnswers({}, null)).toBe(false);
    expect(sameAnswers('a', 'a')).toBe(true);
    expect(sameAnswers('1', 1)).toBe(false);
    expect(sameAnswers({ a: 'x' }, 'x')).toBe(false);
  });

  it('agree with comparing their JSON with sorted keys (generated)', () => {
    const canonical = (v: unknown): unknown => (Array.isArray(v) ? v.map(canonical) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])])) : v);
    const answer = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, fc.constantFrom('', 'Yes', 'No', '1'), fc.boolean(), fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('value'), { maxKeys: 3 })),
    })).value;
    fc.assert(
      fc.property(answer, answer, (a, b) => {
        expect(sameAnswers(a, b)).toBe(JSON.stringify(canonical(a)) === JSON.stringify(canonical(b)));
        expect(sameAnswers(a, structuredClone(a))).toBe(true);
      }),
    );
  });
});
