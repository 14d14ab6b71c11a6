import { describe, expect, it } from 'vitest';
import {
  CHAT_FIELDS,
  CHAT_SECTIONS,
  CHAT_SECTION_ORDER,
  COMPLETE_AT,
  PROGRESS_DENOMINATOR,
  REQUIRED_FIELDS,
  SECTION_KEY,
  chatProgress,
  isChatSection,
  sectionData,
} from '../../machines/domain/chatFields';

// Spec 3-ai §2.7 and §4.6: five sections, the fields each one collects; progress is filled fields out of 20.
describe('what the chats collect', () => {
  it('has the five sections of the spec, in order, with their fields', () => {
    expect(CHAT_SECTION_ORDER).toEqual(['personal', 'contact', 'passport', 'travel', 'employment']);
    expect(CHAT_SECTIONS).toEqual({
      personal: ['firstName', 'lastName', 'dateOfBirth', 'nationality', 'maritalStatus'],
      contact: ['email', 'phone', 'address', 'city'],
      passport: ['passportNumber', 'passportCountry', 'passportIssueDate', 'passportExpiry'],
      travel: ['purpose', 'arrivalDate', 'departureDate', 'usAddress'],
      employment: ['occupation', 'employer', 'monthlyIncome'],
    });
    expect(CHAT_FIELDS).toHaveLength(20);
    expect(CHAT_FIELDS.slice(0, 6)).toEqual(['firstName', 'lastName', 'dateOfBirth', 'nationality', 'maritalStatus', 'email']);
    expect(CHAT_FIELDS.at(-1)).toBe('monthlyIncome');
  });

  it('counts progress as filled fields out of 20, rounded, blanks and unknown names not counted', () => {
    expect(PROGRESS_DENOMINATOR).toBe(20);
    expect(COMPLETE_AT).toBe(90);
    expect(chatProgress({})).toBe(0);
    expect(chatProgress({ firstName: 'Ana' })).toBe(5);
    expect(chatProgress({ firstName: 'Ana', lastName: '  ', nickname: 'A', city: undefined })).toBe(5);
    expect(chatProgress({ firstName: 'Ana', email: 'a@b.co', occupation: 'Chef' })).toBe(15);
    const all = Object.fromEntries(CHAT_FIELDS.map((f) => [f, 'x']));
    expect(chatProgress(all)).toBe(100);
    expect(chatProgress({ ...all, extra: 'y' })).toBe(100);
  });

  it('knows its section names and nothing else', () => {
    for (const s of ['personal', 'contact', 'passport', 'travel', 'employment']) expect(isChatSection(s), s).toBe(true);
    for (const s of ['personalInfo', '', 'Personal', 'review']) expect(isChatSection(s), s).toBe(false);
  });

  it('asks fewer fields for an ESTA than for a visa', () => {
    expect(REQUIRED_FIELDS.ESTA).toEqual(['firstName', 'lastName', 'dateOfBirth', 'nationality', 'email', 'passportNumber', 'passportExpiry', 'arrivalDate']);
    expect(REQUIRED_FIELDS['DS-160']).toEqual([
      'firstName', 'lastName', 'dateOfBirth', 'nationality', 'email', 'phone', 'address', 'passportNumber', 'passportExpiry', 'purpose', 'arrivalDate', 'occupation',
    ]);
  });

  it("reads each section's record of the form progress for its own fields only, trimmed", () => {
    expect(SECTION_KEY).toEqual({ personal: 'personalInfo', contact: 'contactInfo', passport: 'passportInfo', travel: 'travelInfo', employment: 'employmentInfo' });
    const data = sectionData({
      personalInfo: { firstName: ' Ana ', email: 'wrong@section.co', lastName: '  ' },
      contactInfo: { email: 'ana@example.com', city: 'Lima' },
      passportInfo: { passportNumber: 'X1234567' },
      travelInfo: {},
      employmentInfo: { occupation: 'Chef', monthlyIncome: 3 as never },
    });
    expect(data).toEqual({ firstName: 'Ana', email: 'ana@example.com', city: 'Lima', passportNumber: 'X1234567', occupation: 'Chef' });
  });
});
