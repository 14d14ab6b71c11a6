import { expect } from 'vitest';
import type { Effect } from './model';

// What a chat hands the ten-section DS-160 form when the applicant follows a link to it (issue 13), stated here
// for the chats' path oracles without the machines' own rule (machines/domain/chatHandoff.ts): each answer the
// chat collected goes to the form's field of the same meaning, and the form opens with them, unless this browser
// already began one.

const FORM_PAGE = '/ds160-wizard';
const FORM_KEY = 'rumbo-ds160-form';
/** The chats' purposes as the form's options; a purpose the form has no option for is not carried. */
const TRIP_PURPOSE: Readonly<Record<string, string>> = { tourism: 'Tourism', business: 'Business', study: 'Study', transit: 'Transit' };

/** What a chat collected, by the chat's own names (spec 3-ai §2.7). */
export type Collected = Readonly<Record<string, string | undefined>>;

/** Where each collected answer of the same meaning lands in the form: [section, field]. Employment is not carried. */
const PLACE: Readonly<Record<string, [string, string]>> = {
  firstName: ['personal-info', 'firstName'],
  lastName: ['personal-info', 'lastName'],
  dateOfBirth: ['personal-info', 'birthDate'],
  nationality: ['personal-info', 'nationality'],
  arrivalDate: ['travel-info', 'arrivalDate'],
  departureDate: ['travel-info', 'departureDate'],
  usAddress: ['travel-info', 'usAddress'],
  email: ['address-phone', 'emailAddress'],
  phone: ['address-phone', 'primaryPhone'],
  address: ['address-phone', 'homeAddress'],
  city: ['address-phone', 'homeCity'],
  passportNumber: ['passport-info', 'passportNumber'],
  passportCountry: ['passport-info', 'passportIssuingCountry'],
  passportIssueDate: ['passport-info', 'passportIssueDate'],
  passportExpiry: ['passport-info', 'passportExpiryDate'],
};
/** Marital status in the form's options. */
const MARITAL: Readonly<Record<string, string>> = { single: 'Single', married: 'Married', divorced: 'Divorced', widowed: 'Widowed' };

/** The form's answers a chat with these answers hands over. */
function formValues(collected: Collected): Record<string, Record<string, string>> {
  const values: Record<string, Record<string, string>> = {};
  const put = ([section, field]: [string, string], value: string | undefined) => {
    if (!value?.trim()) return;
    values[section] = { ...values[section], [field]: value.trim() };
  };
  for (const [answer, place] of Object.entries(PLACE)) put(place, collected[answer]);
  if (collected.maritalStatus && Object.hasOwn(MARITAL, collected.maritalStatus)) put(['personal-info', 'maritalStatus'], MARITAL[collected.maritalStatus]);
  if (collected.purpose && Object.hasOwn(TRIP_PURPOSE, collected.purpose)) put(['travel-info', 'tripPurpose'], TRIP_PURPOSE[collected.purpose]);
  return values;
}

/**
 * The applicant followed a link (`OPEN`): to the form, one store of what was collected (nothing when nothing was);
 * to anywhere else, nothing. The chat itself stays where it was.
 */
export function expectHandOff(to: string, collected: Collected | null, asked: Effect[]): void {
  const values = to === FORM_PAGE && collected ? formValues(collected) : {};
  if (Object.keys(values).length === 0) {
    expect(asked, `following ${to} hands nothing over`).toEqual([]);
    return;
  }
  expect(asked.map((a) => a.type)).toEqual(['store']);
  const effect = asked[0]?.params as { area: string; values: Record<string, string>; unlessKept?: boolean };
  expect({ area: effect.area, keys: Object.keys(effect.values), unlessKept: effect.unlessKept }).toEqual({ area: 'local', keys: [FORM_KEY], unlessKept: true });
  expect(JSON.parse(effect.values[FORM_KEY] as string)).toEqual({ values, synced: {}, current: 0, completed: [] });
}

/** Any other step hands the form nothing. */
export function expectNoHandOff(asked: Effect[]): void {
  const handed = asked.filter((a) => a.type === 'store' && Object.hasOwn((a.params as { values: object }).values, FORM_KEY));
  expect(handed, 'the form handed answers by a step that is not a link to it').toEqual([]);
}
