import { describe, expect, it } from 'vitest';
import { ESTA_TO_DS160, carryOver } from '../../machines/domain/catalogs/carry';
import { ds160Handoff } from '../../machines/domain/chatHandoff';
import { inlineError, parseReply } from '../../machines/domain/chatMarkers';
import { findCountry, searchCountries } from '../../machines/domain/countries';
import { answerText, countryName, isTicked } from '../../machines/domain/ds160Sections/fields';

// What people type arrives with spaces around it, and stored answers are not always strings: every rule that
// reads them trims, and reads nothing from blanks or from values of another kind.
describe('text as it is typed and stored', () => {
  it('is read trimmed, a finite number as its digits, anything else as nothing', () => {
    expect(answerText('  Lima ')).toBe('Lima');
    expect(answerText(42)).toBe('42');
    expect(answerText(0)).toBe('0');
    for (const nothing of [Number.NaN, Number.POSITIVE_INFINITY, {}, [], null, undefined, true]) expect(answerText(nothing), String(nothing)).toBe('');
    expect(isTicked(true)).toBe(true);
    expect(isTicked('true')).toBe(true);
    for (const not of [false, 'false', 'yes', 1, 'True']) expect(isTicked(not), String(not)).toBe(false);
  });

  it('finds a country whatever the spaces and letter case around it', () => {
    expect(countryName('  sPAIN ')).toBe('Spain');
    expect(countryName('Atlantis')).toBeUndefined();
    expect(findCountry(' Spain ')?.code).toBe('ES');
    expect(findCountry(' es ')?.name).toBe('Spain');
    expect(searchCountries('  spa  ').map((c) => c.name)).toEqual(['Spain']);
  });

  it('carries an ESTA answer to the DS-160 trimmed, and nothing for a blank one', () => {
    expect(carryOver({ email: ' ana@example.com ', phone: '   ', 'passport-country': ' Spain' }, ESTA_TO_DS160)).toEqual({
      'email-address': 'ana@example.com',
      'passport-country': 'Spain',
      nationality: 'Spain',
    });
    expect(carryOver({ 'not-shared': 'x' }, ESTA_TO_DS160)).toEqual({});
  });

  it("hands a chat's answers to the DS-160 form trimmed, and none of its blanks", () => {
    expect(ds160Handoff({ firstName: ' Ana ', lastName: '   ', email: 'ana@example.com', maritalStatus: 'married', purpose: 'study' })).toEqual({
      'personal-info': { firstName: 'Ana', maritalStatus: 'Married' },
      'address-phone': { emailAddress: 'ana@example.com' },
      'travel-info': { tripPurpose: 'Study' },
    });
    expect(ds160Handoff({ maritalStatus: 'complicated', purpose: 'medical' })).toEqual({});
  });

  it("reads an assistant's inline input with its label trimmed, and a number only when the whole answer is one", () => {
    expect(parseReply('Your name? [INPUT:text:  Full name  ] thanks')).toEqual([
      { kind: 'text', text: 'Your name?' },
      { kind: 'input', type: 'text', label: 'Full name' },
      { kind: 'text', text: 'thanks' },
    ]);
    expect(inlineError('number', ' -12,5 ')).toBeNull();
    for (const bad of ['x12', '12x', '12.', '.5', '1-2']) expect(inlineError('number', bad), bad).toBe('aivisa:inline.number');
  });
});
