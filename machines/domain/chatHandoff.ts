import type { ChatField } from './chatFields';
import { ownEntry } from './ownEntry';

// What a chat collected, as the ten-section DS-160 form's answers (issue 13): the form opens with them filled in
// when the applicant moves there from a chat. Only fields whose meaning is the same in both are carried over.

type FormValues = Record<string, Record<string, string>>;

const PLACES: Partial<Record<ChatField, [section: string, field: string]>> = {
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

/** The chats' words for marital status and purpose, as the form's options. */
const MARITAL: Record<string, string> = { single: 'Single', married: 'Married', divorced: 'Divorced', widowed: 'Widowed' };
const PURPOSE: Record<string, string> = { tourism: 'Tourism', business: 'Business', study: 'Study', transit: 'Transit' };

export function ds160Handoff(data: Partial<Record<ChatField, string>>): FormValues {
  const values: FormValues = {};
  const put = (section: string, field: string, value: string | undefined) => {
    if (!value?.trim()) return;
    values[section] = { ...(values[section] ?? {}), [field]: value.trim() };
  };
  for (const [chatField, place] of Object.entries(PLACES) as [ChatField, [string, string]][]) put(place[0], place[1], data[chatField]);
  put('personal-info', 'maritalStatus', data.maritalStatus ? ownEntry(MARITAL, data.maritalStatus) : undefined);
  put('travel-info', 'tripPurpose', data.purpose ? ownEntry(PURPOSE, data.purpose) : undefined);
  return values;
}
