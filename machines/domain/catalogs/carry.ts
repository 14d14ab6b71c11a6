// Answers one form shares with another, by question id: what goes along when an applicant switches forms
// (an ESTA applicant whose passport needs a visa continues on the DS-160 with what they already typed).

import type { Answers } from '../wizardProgress';

/** ESTA question → the DS-160 questions that ask the same thing in the same form. */
export const ESTA_TO_DS160: Readonly<Record<string, readonly string[]>> = {
  email: ['email-address'],
  'first-name': ['first-name'],
  'last-name': ['last-name'],
  'birth-date': ['birth-date'],
  'birth-city': ['birth-city'],
  'birth-country': ['birth-country'],
  gender: ['gender'],
  'passport-number': ['passport-number'],
  // The passport's country is the nationality the visa is for.
  'passport-country': ['passport-country', 'nationality'],
  'passport-issue-date': ['passport-issue-date'],
  'passport-expiry': ['passport-expiry-date'],
  phone: ['phone-number'],
};

/** The answers of one form, under the other form's question ids; answers the other form does not share are left. */
export function carryOver(answers: Answers, map: Readonly<Record<string, readonly string[]>>): Answers {
  const carried: Answers = {};
  for (const [from, targets] of Object.entries(map)) {
    const value = answers[from]?.trim();
    if (value) for (const to of targets) carried[to] = value;
  }
  return carried;
}
