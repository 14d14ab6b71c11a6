// What a traveller's form hands the group panel beside it (issue 45 item 10): the birth date the server now holds, so
// a traveller who turns out a minor is noticed without a reload. The form's machine emits it (machines/effects.ts
// `handOff`); the panel's machine decides whether it is news (travellerGroup `isNewBirthDate`).
import type { WorldEffect } from '../effects';
import { BIRTH_DATE_PATH, type TravellerForm } from './travellerGroup';

/** The flow the hand-off goes to: the group panel's (machines/travellerGroup.view.ts). */
export const GROUP_FLOW = 'travellerGroup';

/** The birth date a form's answers hold, at the place that form keeps it ('' when none). */
export function birthDateIn(form: TravellerForm, answers: Readonly<Record<string, unknown>>): string {
  const [first, second] = BIRTH_DATE_PATH[form].split('.') as [string, string | undefined];
  const value = second === undefined ? answers[first] : (answers[first] as Record<string, unknown> | undefined)?.[second];
  return typeof value === 'string' ? value : '';
}

/** A form's answers reached the server: the group panel hears of a birth date that changed, and of nothing else. */
export function birthDateSaved(form: TravellerForm, before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>): WorldEffect | null {
  const birthDate = birthDateIn(form, after);
  return birthDate === birthDateIn(form, before) ? null : { type: 'handOff', flow: GROUP_FLOW, event: { type: 'FORM.SAVED', birthDate } };
}
