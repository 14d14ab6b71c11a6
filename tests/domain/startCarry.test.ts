import { describe, expect, it } from 'vitest';
import { ds160Catalog, estaCatalog } from '../../machines/domain/catalogs';
import { findField, validateField } from '../../machines/domain/ds160Sections';
import { PURPOSES } from '../../machines/domain/visaRules';
import { formWithStartChoice, withStartChoice } from '../../machines/domain/startCarry';
import { validateAnswer } from '../../machines/domain/validators';

// Issue 34, item 3: the start flow's country and purpose (apply-country, apply-purpose) open the form it leads to
// with those answers given, in the form's own values, and never over what the applicant typed.

const optionsOf = (catalog: typeof ds160Catalog, id: string) => catalog.questions.find((q) => q.id === id)?.options?.map((o) => o.value);

describe('the question wizards', () => {
  it.each([
    ['Mexico', 'tourism', { nationality: 'Mexico', 'birth-country': 'Mexico', 'purpose-of-trip': 'Tourism/Vacation' }],
    // Named in Spanish with or without its accent, it is still Mexico (issue 45 item 1).
    ['méxico', 'study', { nationality: 'Mexico', 'birth-country': 'Mexico', 'purpose-of-trip': 'Study/Education' }],
    ['MX', 'business', { nationality: 'Mexico', 'birth-country': 'Mexico', 'purpose-of-trip': 'Business' }],
    ['India', 'transit', { nationality: 'India', 'birth-country': 'India', 'purpose-of-trip': 'Transit' }],
    ['Atlantis', 'tourism', { 'purpose-of-trip': 'Tourism/Vacation' }],
    ['Mexico', 'holidays', { nationality: 'Mexico', 'birth-country': 'Mexico' }],
  ])('DS-160: %s and %s', (country, purpose, expected) => {
    expect(withStartChoice('ds160', {}, { country, purpose })).toEqual(expected);
  });

  it.each([
    [{ country: 'Spain', purpose: 'tourism' }, { 'passport-country': 'Spain', purpose: 'tourism' }],
    [{ country: 'Japan', purpose: 'business' }, { 'passport-country': 'Japan', purpose: 'business' }],
    // Study is no ESTA purpose: the question is left to answer.
    [{ country: 'France', purpose: 'study' }, { 'passport-country': 'France' }],
    // Of two citizenships, the passport the ESTA was recommended for.
    [{ country: 'Mexico', purpose: 'tourism', otherCountry: 'Spain' }, { 'passport-country': 'Spain', purpose: 'tourism' }],
    [{ country: 'Italy', purpose: 'transit', otherCountry: 'Mexico' }, { 'passport-country': 'Italy', purpose: 'transit' }],
    [{ country: null, purpose: null }, {}],
  ])('ESTA: %o', (choice, expected) => {
    expect(withStartChoice('esta', {}, choice)).toEqual(expected);
  });

  it('fills only what is still empty, and leaves other forms alone', () => {
    const typed = { nationality: 'Guatemala', 'purpose-of-trip': '  ', email: 'ana@example.com' };
    expect(withStartChoice('ds160', typed, { country: 'Mexico', purpose: 'tourism' })).toEqual({ ...typed, 'birth-country': 'Mexico', 'purpose-of-trip': 'Tourism/Vacation' });
    const answers = { nationality: 'Mexico' };
    expect(withStartChoice('preassessment', answers, { country: 'Spain', purpose: 'tourism' })).toBe(answers);
  });

  it('carries only values the questions offer and accept', () => {
    for (const purpose of PURPOSES) {
      const ds160 = withStartChoice('ds160', {}, { country: 'Spain', purpose });
      expect(optionsOf(ds160Catalog, 'purpose-of-trip')).toContain(ds160['purpose-of-trip']);
      const esta = withStartChoice('esta', {}, { country: 'Spain', purpose });
      if (esta.purpose) expect(optionsOf(estaCatalog, 'purpose')).toContain(esta.purpose);
      for (const [id, value] of Object.entries(esta)) {
        const question = estaCatalog.questions.find((q) => q.id === id);
        expect(question && validateAnswer(question, value, { rules: estaCatalog.rules, answers: esta, today: '2026-01-01' }), `${id} ${value}`).toBeNull();
      }
    }
  });
});

describe('the ten-section form', () => {
  it('opens with the nationality, the country of birth and the purpose given', () => {
    expect(formWithStartChoice({}, { country: 'Mexico', purpose: 'tourism' })).toEqual({
      'personal-info': { nationality: 'Mexico', birthCountry: 'Mexico' },
      'travel-info': { tripPurpose: 'Tourism' },
    });
  });

  it('keeps what the applicant typed, and is the same form when there is nothing to fill', () => {
    const typed = { 'personal-info': { firstName: 'Ana', nationality: 'Guatemala' }, 'travel-info': { tripPurpose: 'Work' } };
    expect(formWithStartChoice(typed, { country: 'Mexico', purpose: 'tourism' })).toEqual({ ...typed, 'personal-info': { ...typed['personal-info'], birthCountry: 'Mexico' } });
    const full = { 'personal-info': { nationality: 'Chile', birthCountry: 'Peru' }, 'travel-info': { tripPurpose: 'Study' } };
    expect(formWithStartChoice(full, { country: 'Mexico', purpose: 'tourism' })).toBe(full);
    expect(formWithStartChoice(full, { country: null, purpose: null })).toBe(full);
  });

  it.each([...PURPOSES])('gives the form an answer its rules accept for %s', (purpose) => {
    const values = formWithStartChoice<Record<string, Record<string, unknown>>>({}, { country: 'Brazil', purpose });
    for (const [section, field] of [['personal-info', 'nationality'], ['personal-info', 'birthCountry'], ['travel-info', 'tripPurpose']] as const) {
      const spec = findField(section, field);
      expect(spec?.options?.map((o) => o.value) ?? ['(a country)'], field).toContain(field === 'tripPurpose' ? values[section]?.[field] : '(a country)');
      expect(validateField(section, field, values[section] ?? {}, { today: '2026-01-01', all: values }), field).toBeNull();
    }
  });
});
