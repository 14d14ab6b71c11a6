import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeSection, validateField, validateSection } from '../../machines/domain/ds160Sections';
import { answerText } from '../../machines/domain/ds160Sections/fields';
import { validateNotBefore, validatePhotoFile } from '../../machines/domain/ds160Sections/rules';

// The ten-section form's checks by the kind of a field (spec 2-wizards §4.5): a phone, a country, a maximum
// length, a list's number of rows, a rule that reads another section; and how a section is stored. Each
// expectation is written out here (the message keys as the locales have them), not computed by the rules.

const TODAY = '2026-03-10';
const ctx = { today: TODAY };
const companion = { firstName: 'Ana', lastName: 'Lopez', relationship: 'Spouse', nationality: 'Mexico' };

describe('a stored answer read as text', () => {
  it('trims text, writes a finite number as its digits and reads anything else as blank', () => {
    expect(answerText('  Maria  ')).toBe('Maria');
    expect(answerText(42)).toBe('42');
    expect(answerText(Number.NaN)).toBe('');
    expect(answerText(null)).toBe('');
    expect(answerText({ text: 'Maria' })).toBe('');
  });
});

describe("a field's kind checks its answer", () => {
  it('a phone must be a phone number', () => {
    expect(validateField('address-phone', 'primaryPhone', { primaryPhone: 'call me at home' }, ctx)).not.toBeNull();
    expect(validateField('address-phone', 'primaryPhone', { primaryPhone: '+52 33 1234 5678' }, ctx)).toBeNull();
  });

  it('a country must be one of the list', () => {
    expect(validateField('personal-info', 'nationality', { nationality: 'Atlantis' }, ctx)).toEqual({ key: 'ds160form:validation.country.invalid' });
    expect(validateField('personal-info', 'nationality', { nationality: 'Mexico' }, ctx)).toBeNull();
  });

  it('a text with no rule of its own is refused past its maximum length, and accepted up to it', () => {
    // Other names: at most 200 characters, counted as characters (an accented letter is one).
    expect(validateField('personal-info', 'otherNames', { otherNames: 'é'.repeat(201) }, ctx)).toEqual({ key: 'ds160form:validation.tooLong', params: { max: 200 } });
    expect(validateField('personal-info', 'otherNames', { otherNames: 'é'.repeat(200) }, ctx)).toBeNull();
  });

  it('a list holds at most twenty rows', () => {
    const values = { travelingWithOthers: 'Yes', groupTravel: 'No' };
    const twenty = validateSection('travel-companions', { ...values, companions: Array.from({ length: 20 }, () => companion) }, ctx);
    expect(twenty).toEqual({});
    const more = validateSection('travel-companions', { ...values, companions: Array.from({ length: 21 }, () => companion) }, ctx);
    expect(more).toEqual({ companions: { key: 'ds160form:validation.list.tooMany', params: { max: 20 } } });
  });

  it("a parent's date of birth is judged against the applicant's, from the personal section", () => {
    // A father born after the applicant: refused only when the applicant's date is known.
    const all = { 'personal-info': { birthDate: '1990-05-20' } };
    expect(validateField('family-info', 'fatherBirthDate', { fatherBirthDate: '1995-01-01' }, { today: TODAY, all })).not.toBeNull();
    expect(validateField('family-info', 'fatherBirthDate', { fatherBirthDate: '1960-01-01' }, { today: TODAY, all })).toBeNull();
  });
});

describe('a section as it is stored', () => {
  it('a phone as + and digits when it is one, as typed when it is not', () => {
    expect(normalizeSection('address-phone', { primaryPhone: '+52 (33) 1234-5678' })).toEqual({ primaryPhone: '+523312345678' });
    expect(normalizeSection('address-phone', { primaryPhone: 'ext 12 34' })).toEqual({ primaryPhone: 'ext 12 34' });
  });

  it('a tick stored as a boolean, whether it came as true or as the text "true"', () => {
    expect(normalizeSection('photo-submission', { hasPhoto: 'Yes', agreeToRequirements: 'true' })).toEqual({ hasPhoto: 'Yes', agreeToRequirements: true });
    expect(normalizeSection('photo-submission', { agreeToRequirements: 'yes' })).toEqual({ agreeToRequirements: false });
  });

  it('an answer that is neither text, number nor tick is dropped', () => {
    const stored = normalizeSection('personal-info', { firstName: { text: 'Maria' }, lastName: ' Lopez ' });
    expect(stored).toStrictEqual({ lastName: 'Lopez' });
    expect(Object.keys(stored)).toEqual(['lastName']);
  });

  it('the mailing address is copied from home only in the contact section with "same as home" ticked', () => {
    expect(normalizeSection('personal-info', { firstName: 'Maria' })).toEqual({ firstName: 'Maria' });
    expect(normalizeSection('address-phone', { homeCity: 'Guadalajara', sameAsHome: false })).toEqual({ homeCity: 'Guadalajara', sameAsHome: false });
    expect(normalizeSection('address-phone', { homeCity: 'Guadalajara', sameAsHome: true })).toMatchObject({ homeCity: 'Guadalajara', mailingCity: 'Guadalajara' });
  });
});

describe('the date and photo rules read what was typed, spaces around it or not', () => {
  // (The date reader trims too: these hold whether validateNotBefore trims or not.)
  it('an end before its start is refused whichever of the two has spaces around it', () => {
    fc.assert(
      fc.property(fc.constantFrom('', ' ', '  '), fc.constantFrom('', ' ', '\t'), (a, b) => {
        expect(validateNotBefore(`${a}2020-01-01${b}`, '2020-02-01', 'k')).toEqual({ key: 'k' });
        expect(validateNotBefore('2020-01-01', `${b}2020-02-01${a}`, 'k')).toEqual({ key: 'k' });
        expect(validateNotBefore(`${a}2020-03-01${b}`, `${b}2020-02-01${a}`, 'k')).toBeNull();
      }),
    );
  });

  it('a photo type is read without case or spaces', () => {
    expect(validatePhotoFile({ type: ' IMAGE/JPEG ', size: 1000 })).toBeNull();
    expect(validatePhotoFile({ type: 'Image/Png', size: 1000 })).toBeNull();
  });
});
