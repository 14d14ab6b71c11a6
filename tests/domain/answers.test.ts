import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { answeredPurpose, CHAT_LABELLED_KEYS, describeAnswers, PURPOSE_KEYS, purposeKey, type DescribedAnswer } from '../../machines/domain/answers';
import { estaCatalog } from '../../machines/domain/catalogs';
import { ERROR_CODES, errorKey, refusalOf } from '../../machines/domain/errorCodes';
import type { AnswerCell } from '../../openapi/schemas/answers';
import { completeAnswers } from '../helpers/answers';
import { validForm } from '../helpers/ds160Form';

// Issue 34, items 4 and 5: one reading of an application's answers, for the dashboard and the admin, that says what
// each value is (an option with its text's key, a country, a date, a tick, a list's rows), never the value as stored.

const LOCALES = path.resolve(import.meta.dirname, '../../locales');
const english = (key: string): unknown => {
  const [ns, rest] = key.split(':') as [string, string];
  const tree = JSON.parse(readFileSync(path.join(LOCALES, 'en', `${ns}.json`), 'utf8')) as Record<string, unknown>;
  return rest.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
};

const cells = (answers: DescribedAnswer[]): AnswerCell[] =>
  answers.flatMap((a) => (a.value.kind === 'rows' ? a.value.rows.flatMap((row) => row.map((part) => part.value)) : [a.value]));
const byId = (answers: DescribedAnswer[], id: string) => answers.find((a) => a.id === id);

describe('the ten-section form’s answers', () => {
  const form = validForm({
    'personal-info': { gender: 'Male', maritalStatus: 'Married' },
    'travel-info': { tripPurpose: 'Other', otherPurpose: 'A wedding' },
    'travel-companions': { travelingWithOthers: 'Yes', companions: [{ firstName: 'Ana', lastName: 'Lopez', relationship: 'Sibling', nationality: 'Mexico' }] },
    'previous-travel': { hasBeenDeported: 'Yes', deportationDetails: 'In 2015' },
    'security-background': { hasBeenDeported: 'No' },
  });
  // A hidden answer left from before (the payer's details, with the payer now Self), and a field no form asks.
  const stored = { ...form, 'travel-info': { ...form['travel-info'], otherPayerDetails: 'My uncle' }, 'address-phone': { ...form['address-phone'], legacyNote: 'kept' } };
  const answers = describeAnswers('ds160-wizard', stored);

  it('labels each with its question and says what kind of value it is', () => {
    expect(byId(answers, 'personal-info.gender')).toMatchObject({ labelKey: 'ds160form:fields.gender.label', value: { kind: 'option', key: 'ds160form:options.gender.male', text: 'Male' } });
    expect(byId(answers, 'personal-info.maritalStatus')?.value).toEqual({ kind: 'option', key: 'ds160form:options.maritalStatus.married', text: 'Married' });
    expect(byId(answers, 'personal-info.birthDate')?.value).toEqual({ kind: 'date', date: '1990-05-20' });
    expect(byId(answers, 'personal-info.nationality')?.value).toEqual({ kind: 'country', name: 'Mexico' });
    expect(byId(answers, 'address-phone.sameAsHome')?.value).toEqual({ kind: 'flag', on: true });
    expect(byId(answers, 'travel-info.otherPurpose')?.value).toEqual({ kind: 'text', text: 'A wedding' });
    expect(byId(answers, 'travel-companions.companions')?.value).toEqual({
      kind: 'rows',
      rows: [
        [
          { labelKey: 'ds160form:fields.companions.row.firstName.label', label: 'First name', value: { kind: 'text', text: 'Ana' } },
          { labelKey: 'ds160form:fields.companions.row.lastName.label', label: 'Last name', value: { kind: 'text', text: 'Lopez' } },
          { labelKey: 'ds160form:fields.companions.row.relationship.label', label: 'Relationship', value: { kind: 'option', key: 'ds160form:options.relationship.sibling', text: 'Sibling' } },
          { labelKey: 'ds160form:fields.companions.row.nationality.label', label: 'Nationality', value: { kind: 'country', name: 'Mexico' } },
        ],
      ],
    });
  });

  it('tells the two deportation questions apart, leaves out what the form hides, keeps what it does not ask', () => {
    expect(byId(answers, 'previous-travel.hasBeenDeported')?.labelKey).toBe('ds160form:fields.hasBeenDeported.label');
    expect(byId(answers, 'security-background.hasBeenDeported')?.labelKey).toBe('ds160form:fields.security.hasBeenDeported.label');
    expect(byId(answers, 'travel-info.otherPayerDetails')).toBeUndefined();
    expect(byId(answers, 'photo-submission.photoId')).toBeUndefined();
    expect(byId(answers, 'address-phone.legacyNote')).toMatchObject({ label: 'Legacy note', value: { kind: 'text', text: 'kept' } });
    // Under their sections, with the sections' titles.
    expect(byId(answers, 'personal-info.gender')).toMatchObject({ section: 'personal-info', sectionKey: 'ds160form:sections.personal-info.title' });
  });

  it('names only keys the locales have', () => {
    for (const a of answers) if (a.labelKey) expect(typeof english(a.labelKey), a.labelKey).toBe('string');
    for (const cell of cells(answers)) if (cell.kind === 'option') expect(typeof english(cell.key), cell.key).toBe('string');
    expect(typeof english(answers[0]?.sectionKey as string)).toBe('string');
  });
});

describe('a question wizard’s answers', () => {
  it('describes every answer of a whole ESTA with keys the locales have', () => {
    const answers = describeAnswers('esta-wizard', { ...completeAnswers(estaCatalog), gender: 'Female', purpose: 'tourism', 'not-a-question': 'x' });
    expect(byId(answers, 'gender')).toMatchObject({ labelKey: 'catalog:esta.q.gender', value: { kind: 'option', text: 'Female' } });
    expect(byId(answers, 'passport-country')?.value.kind).toBe('country');
    expect(byId(answers, 'birth-date')?.value.kind).toBe('date');
    expect(byId(answers, 'not-a-question')).toMatchObject({ section: 'other', label: 'Not a question' });
    for (const a of answers) if (a.labelKey) expect(typeof english(a.labelKey), a.labelKey).toBe('string');
    for (const cell of cells(answers)) if (cell.kind === 'option') expect(typeof english(cell.key), cell.key).toBe('string');
  });
});

describe('a chat’s answers', () => {
  it('reads the chats’ keys: countries, purposes, marital statuses, dates, each labelled', () => {
    const answers = describeAnswers('ai-chat-sections', { firstName: 'Ana', nationality: 'Brazil', maritalStatus: 'married', purpose: 'tourism', arrivalDate: '2027-03-01', selfie: 'x' });
    expect(answers.map((a) => [a.id, a.value])).toEqual([
      ['firstName', { kind: 'text', text: 'Ana' }],
      ['nationality', { kind: 'country', name: 'Brazil' }],
      ['maritalStatus', { kind: 'option', key: 'answers:maritalStatus.married', text: 'married' }],
      ['purpose', { kind: 'option', key: 'answers:purposes.tourism', text: 'tourism' }],
      ['arrivalDate', { kind: 'date', date: '2027-03-01' }],
      ['selfie', { kind: 'text', text: 'x' }],
    ]);
    expect(answers.find((a) => a.id === 'selfie')).toMatchObject({ section: 'other', label: 'Selfie' });
    expect(describeAnswers('aivisa', { citizenship_country: 'mexico', trip_purpose: 'business' }).map((a) => a.value)).toEqual([
      { kind: 'country', name: 'Mexico' },
      { kind: 'option', key: 'answers:purposes.business', text: 'business' },
    ]);
  });

  it('has a label, in English and so in every language, for each key it labels', () => {
    for (const key of CHAT_LABELLED_KEYS) expect(typeof english(`answers:fields.${key}`), key).toBe('string');
  });
});

describe('purposes', () => {
  it.each([
    ['Tourism/Vacation', 'tourism'],
    ['tourism', 'tourism'],
    ['Tourism', 'tourism'],
    ['Study/Education', 'study'],
    ['Medical Treatment', 'medical'],
    ['Visit Family/Friends', 'family'],
    ['Religious Activities', 'religious'],
    [' business ', 'business'],
    ['a wedding in Ohio', null],
  ])('%s is %s', (stored, key) => expect(purposeKey(stored)).toBe(key));

  it('has a text for each purpose', () => {
    for (const key of PURPOSE_KEYS) expect(typeof english(`answers:purposes.${key}`), key).toBe('string');
  });

  it('is read from the answers where the lead keeps it there', () => {
    expect(answeredPurpose('ds160-wizard', validForm())).toBe('Tourism');
    expect(answeredPurpose('esta-wizard', { purpose: 'business' })).toBe('business');
    expect(answeredPurpose('apply-wizard', { 'purpose-of-trip': 'Study/Education' })).toBe('Study/Education');
    expect(answeredPurpose('aivisa', { trip_purpose: 'transit' })).toBe('transit');
    expect(answeredPurpose('ds160-wizard', {})).toBe('');
  });
});

describe('refusals the interface words', () => {
  it('has a text for each code, and only for those (a notice’s title, or its wording with the wait, beside its code)', () => {
    const texts = JSON.parse(readFileSync(path.join(LOCALES, 'en', 'errors.json'), 'utf8')) as Record<string, string>;
    const beside = (key: string) => ['_title', '_wait_one', '_wait_other'].some((suffix) => key.endsWith(suffix) && key.slice(0, -suffix.length) in texts);
    const codes = Object.keys(texts).filter((key) => !beside(key));
    expect(codes.sort()).toEqual([...ERROR_CODES].sort());
  });

  it('takes a known code from a refusal, and nothing else', () => {
    expect(refusalOf({ status: 401, code: 'invalid_credentials', serverMessage: 'Invalid credentials' })).toEqual({ code: 'invalid_credentials' });
    expect(refusalOf({ status: 400, serverMessage: 'body.email: bad' })).toEqual({ code: undefined });
    expect(refusalOf({ status: 402, code: 'card_declined' })).toEqual({ code: undefined });
    expect(refusalOf(new TypeError('Failed to fetch'))).toEqual({ code: undefined });
    expect(errorKey('too_many_attempts')).toBe('errors:too_many_attempts');
    expect(errorKey('Invalid credentials')).toBeNull();
  });
});
