import { describe, expect, it } from 'vitest';
import { answeredPurpose, catalogIdForSource, describeAnswers, humanise, type DescribedAnswer } from '../../machines/domain/answers';
import { validForm } from '../helpers/ds160Form';
import { ds160Catalog, estaCatalog } from '../../machines/domain/catalogs';
import { completeAnswers } from '../helpers/answers';

// How each kind of stored answer reads (issue 34), value by value: the cases tests/domain/answers.test.ts does not
// walk through one by one.
const byId = (answers: DescribedAnswer[], id: string) => answers.find((a) => a.id === id);
const valueOf = (answers: DescribedAnswer[], id: string) => byId(answers, id)?.value;

describe('a key no question labels, humanised', () => {
  it('splits camel case, acronyms, underscores, hyphens and dots into words, the first capitalised', () => {
    expect(humanise('lastUSVisaNumber')).toBe('Last U.S. visa number');
    expect(humanise('citizenship_country')).toBe('Citizenship country');
    expect(humanise('legacyNote')).toBe('Legacy note');
    expect(humanise('home-address.line2')).toBe('Home address line2');
    expect(humanise('usaID')).toBe('USA ID');
    expect(humanise('ESTAStatus')).toBe('ESTA status');
    expect(humanise('ds160  __ id')).toBe('DS-160 ID');
    expect(humanise('ssn')).toBe('SSN');
    expect(humanise('us')).toBe('U.S.');
    expect(humanise('x')).toBe('X');
    expect(humanise('')).toBe('');
  });
});

describe('where a lead’s answers come from', () => {
  it('knows the question catalog of each wizard and interview, and none for a chat', () => {
    expect(catalogIdForSource('apply-wizard')).toBe('ds160');
    expect(catalogIdForSource('esta-wizard')).toBe('esta');
    expect(catalogIdForSource('wizard')).toBe('preassessment');
    expect(catalogIdForSource('airassistant-ds160')).toBe('ds160');
    expect(catalogIdForSource('airassistant-esta')).toBe('esta');
    expect(catalogIdForSource('ai-chat')).toBeUndefined();
    expect(catalogIdForSource('toString')).toBeUndefined();
  });

  it("reads each form's purpose from its own question, trimmed, and a chat's from either of its keys", () => {
    expect(answeredPurpose('wizard', { 'purpose-of-travel': ' Tourism ' })).toBe('Tourism');
    expect(answeredPurpose('airassistant-esta', { purpose: 'transit' })).toBe('transit');
    expect(answeredPurpose('ds160-wizard', { 'travel-info': 'not a section' })).toBe('');
    expect(answeredPurpose('ds160-wizard', { 'travel-info': { tripPurpose: 7 } })).toBe('');
    expect(answeredPurpose('ai-chat', { purpose: '  ', trip_purpose: 'study' })).toBe('study');
    expect(answeredPurpose('ai-chat', { purpose: 'work', trip_purpose: 'study' })).toBe('work');
    expect(answeredPurpose('ai-chat', {})).toBe('');
  });
});

describe('a chat’s answers, value by value', () => {
  const chat = (formData: Record<string, unknown>) => describeAnswers('ai-chat', formData);

  it('reads a tick, a number, a list and a date as what they are, and nothing from blanks, NaN or records', () => {
    const answers = chat({ agreed: true, declined: false, children: 2, income: Number.NaN, visits: ['Spain', 3, '', { x: 1 }], empty: [], blank: '  ', when: ' 2027-03-01 ', note: ' hi ', extra: { a: 1 }, nothing: null });
    expect(answers.map((a) => [a.id, a.value])).toEqual([
      ['agreed', { kind: 'flag', on: true }],
      ['declined', { kind: 'flag', on: false }],
      ['children', { kind: 'text', text: '2' }],
      ['visits', { kind: 'text', text: 'Spain, 3' }],
      ['when', { kind: 'date', date: '2027-03-01' }],
      ['note', { kind: 'text', text: 'hi' }],
    ]);
  });

  it('puts the chats’ own keys under their section with their label, and any other key under other', () => {
    expect(chat({ email: 'a@b.co' })).toEqual([{ id: 'email', section: 'contact', sectionKey: 'answers:sections.contact', labelKey: 'answers:fields.email', label: 'Email', value: { kind: 'text', text: 'a@b.co' } }]);
    expect(chat({ selected_plan: 'pro' })[0]).toMatchObject({ section: 'travel', sectionKey: 'answers:sections.travel', labelKey: 'answers:fields.selected_plan' });
    expect(chat({ favouriteColour: 'blue' })).toEqual([{ id: 'favouriteColour', section: 'other', label: 'Favourite colour', value: { kind: 'text', text: 'blue' } }]);
  });

  it('reads a country only where a chat keeps one, as the shared list names it', () => {
    expect(valueOf(chat({ passportCountry: ' mx ' }), 'passportCountry')).toEqual({ kind: 'country', name: 'Mexico' });
    expect(valueOf(chat({ country: 'spain' }), 'country')).toEqual({ kind: 'country', name: 'Spain' });
    expect(valueOf(chat({ nationality: 'Atlantis' }), 'nationality')).toEqual({ kind: 'text', text: 'Atlantis' });
    expect(valueOf(chat({ city: 'Chile' }), 'city')).toEqual({ kind: 'text', text: 'Chile' });
    expect(chat({ nationality: '  ' })).toEqual([]);
  });

  it('reads a purpose or a marital status it knows as an option, and other words as they are', () => {
    expect(valueOf(chat({ trip_purpose: 'Medical Treatment' }), 'trip_purpose')).toEqual({ kind: 'option', key: 'answers:purposes.medical', text: 'Medical Treatment' });
    expect(valueOf(chat({ purpose: 'a wedding' }), 'purpose')).toEqual({ kind: 'text', text: 'a wedding' });
    expect(valueOf(chat({ occupation: 'business' }), 'occupation')).toEqual({ kind: 'text', text: 'business' });
    expect(valueOf(chat({ maritalStatus: 'Widowed' }), 'maritalStatus')).toEqual({ kind: 'option', key: 'answers:maritalStatus.widowed', text: 'Widowed' });
    expect(valueOf(chat({ maritalStatus: 'complicated' }), 'maritalStatus')).toEqual({ kind: 'text', text: 'complicated' });
    expect(valueOf(chat({ lastName: 'married' }), 'lastName')).toEqual({ kind: 'text', text: 'married' });
  });
});

describe('a question wizard’s answers, value by value', () => {
  it('reads only answered questions it shows, under their section titles, and keeps the rest under other', () => {
    const answers = describeAnswers('wizard', { 'full-name': ' Ana Lopez ', email: '   ', 'form-type': 'ESTA', 'birth-date': '1990-05-20', 'purpose-of-travel': 'Tourism', nickname: 'Ani', flag: true, score: 3 });
    expect(byId(answers, 'full-name')).toEqual({
      id: 'full-name',
      section: 'profile',
      sectionKey: 'catalog:preassessment.sections.profile',
      labelKey: 'catalog:preassessment.q.full-name',
      label: 'Full name',
      value: { kind: 'text', text: 'Ana Lopez' },
    });
    expect(byId(answers, 'purpose-of-travel')).toMatchObject({ section: 'travel', sectionKey: 'catalog:preassessment.sections.travel' });
    expect(byId(answers, 'email')).toBeUndefined();
    expect(valueOf(answers, 'birth-date')).toEqual({ kind: 'date', date: '1990-05-20' });
    expect(valueOf(answers, 'form-type')).toMatchObject({ kind: 'option', text: 'ESTA' });
    expect(byId(answers, 'nickname')).toEqual({ id: 'nickname', section: 'other', label: 'Nickname', value: { kind: 'text', text: 'Ani' } });
    expect(byId(answers, 'flag')).toEqual({ id: 'flag', section: 'other', label: 'Flag', value: { kind: 'flag', on: true } });
    expect(valueOf(answers, 'score')).toEqual({ kind: 'text', text: '3' });
    expect(answers.map((a) => a.id).slice(-3)).toEqual(['nickname', 'flag', 'score']);
  });

  it('reads a country answer outside the shared list, or a date that is not one, as text', () => {
    const answers = describeAnswers('esta-wizard', { 'passport-country': 'Atlantis', 'birth-date': 'May 1990' });
    expect(valueOf(answers, 'passport-country')).toEqual({ kind: 'text', text: 'Atlantis' });
    expect(valueOf(answers, 'birth-date')).toEqual({ kind: 'text', text: 'May 1990' });
  });
});

describe('the ten-section form’s answers, value by value', () => {
  it('reads a form’s own sections first, in form order, then anything else it holds under other', () => {
    const form = validForm();
    const answers = describeAnswers('ds160-wizard', { note: ' later ', ...form, stray: ['a'], 'passport-info': 'not a record', junk: { a: 1 } });
    const sections = [...new Set(answers.map((a) => a.section))];
    expect(sections[0]).toBe('personal-info');
    expect(sections).not.toContain('passport-info');
    expect(sections.at(-1)).toBe('other');
    expect(answers.filter((a) => a.section === 'other')).toEqual([
      { id: 'note', section: 'other', label: 'Note', value: { kind: 'text', text: 'later' } },
      { id: 'stray', section: 'other', label: 'Stray', value: { kind: 'text', text: 'a' } },
    ]);
  });

  it('reads a list’s rows, leaving out rows that are not records and rows with nothing in them', () => {
    const form = validForm({ 'travel-companions': { travelingWithOthers: 'Yes', companions: [{ firstName: ' Ana ' }, 'Luis', { firstName: '  ' }, { relationship: 'Friend' }] } });
    const companions = valueOf(describeAnswers('ds160-wizard', form), 'travel-companions.companions');
    expect(companions).toEqual({
      kind: 'rows',
      rows: [
        [{ labelKey: 'ds160form:fields.companions.row.firstName.label', label: 'First name', value: { kind: 'text', text: 'Ana' } }],
        [{ labelKey: 'ds160form:fields.companions.row.relationship.label', label: 'Relationship', value: { kind: 'option', key: 'ds160form:options.relationship.friend', text: 'Friend' } }],
      ],
    });
    const none = validForm({ 'travel-companions': { travelingWithOthers: 'Yes', companions: [{ firstName: '' }] } });
    expect(byId(describeAnswers('ds160-wizard', none), 'travel-companions.companions')).toBeUndefined();
    const notList = validForm({ 'travel-companions': { travelingWithOthers: 'Yes', companions: 'Ana' } });
    expect(byId(describeAnswers('ds160-wizard', notList), 'travel-companions.companions')).toBeUndefined();
  });
});

describe('an answer to a question the form no longer shows', () => {
  it('is read in the question’s own words and kind, under the other answers (every follow-up of both wizards)', () => {
    // completeAnswers fills every question, those whose trigger says no as well: an applicant who answered, then changed.
    for (const [source, catalog] of [['esta-wizard', estaCatalog], ['apply-wizard', ds160Catalog]] as const) {
      const answers = describeAnswers(source, completeAnswers(catalog));
      const hidden = answers.filter((a) => a.section === 'other' && catalog.questions.some((q) => q.id === a.id));
      if (source === 'esta-wizard') expect(hidden.map((a) => a.id)).toContain('employer');
      for (const a of hidden) expect(a.labelKey, `${source} ${a.id}`).toBe(catalog.questions.find((q) => q.id === a.id)!.labelKey);
    }
  });
});
