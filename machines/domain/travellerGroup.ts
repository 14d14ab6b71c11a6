// Families and groups (issue 36): several travellers filling their own forms in one sitting, led by the person
// who fills them and pays. Pure rules shared by the group machine, the pages and the server: who may join, which
// form each traveller needs, how two travellers are related, who counts as a minor, where a traveller's form is.

import { GROUP_LIMITS, GUARDIAN_ROLES, RELATIONSHIPS } from '../../openapi/vocabulary';
import { needsNoVisa, recommendVisa, type Purpose } from './visaRules';
import { validateFullName, validateName, yearsBetween, parseIsoDate, type ValidationError } from './validators';

// The contract's words (openapi/vocabulary.ts), here beside the rules that use them.
export { GROUP_LIMITS, GUARDIAN_ROLES, RELATIONSHIPS };

export type Relationship = (typeof RELATIONSHIPS)[number];
export type Role = Relationship | 'leader';

export const isRelationship = (value: unknown): value is Relationship => typeof value === 'string' && (RELATIONSHIPS as readonly string[]).includes(value);

/** The two forms a traveller of a group fills: the ESTA question wizard, or the ten-section DS-160 form. */
export type TravellerForm = 'ESTA' | 'DS-160';
/** Where each form's leads come from (the lead's `source`). */
export const FORM_SOURCES: Record<TravellerForm, string> = { ESTA: 'esta-wizard', 'DS-160': 'ds160-wizard' };
export const formOfSource = (source: string): TravellerForm | null =>
  source === FORM_SOURCES.ESTA ? 'ESTA' : source === FORM_SOURCES['DS-160'] ? 'DS-160' : null;

/** The one visa rule, per traveller: a Spanish passport gets an ESTA, a Mexican one a DS-160, a U.S. one nothing. */
export function travellerForm(nationality: string, purpose: Purpose): TravellerForm | 'NONE' {
  return needsNoVisa(nationality) ? 'NONE' : recommendVisa(nationality, purpose);
}

/**
 * The visa rule's purpose for a form's answer: ESTA answers are already one; the ten-section form's purposes a
 * visa waiver covers (a holiday, visiting family, medical treatment) read as tourism, the rest (study, work,
 * other) as study, which the rule sends to a visa.
 */
export function rulePurpose(answer: string): Purpose {
  const value = answer.trim().toLowerCase();
  if (value === 'business') return 'business';
  if (value === 'transit') return 'transit';
  if (['', 'tourism', 'visit family/friends', 'medical treatment'].includes(value)) return 'tourism';
  return 'study';
}

export type LimitProblem = 'travellers' | 'ds160';

/** Whether one more traveller of this form would pass a limit, and which. */
export function limitProblem(counts: { travellers: number; ds160: number }, form: TravellerForm): LimitProblem | null {
  if (counts.travellers >= GROUP_LIMITS.travellers) return 'travellers';
  if (form === 'DS-160' && counts.ds160 >= GROUP_LIMITS.ds160) return 'ds160';
  return null;
}

/** What 'Add a traveller' asks: the traveller's names as in the passport, their relationship and nationality. */
export interface NewTraveller {
  firstName: string;
  lastName: string;
  relationship: string;
  nationality: string;
}

export type NewTravellerErrors = Partial<Record<keyof NewTraveller, ValidationError>>;

/** The add form's errors; `isCountry` says whether a nationality is one of the shared list's. */
export function newTravellerErrors(t: NewTraveller, isCountry: (name: string) => boolean): NewTravellerErrors {
  const errors: NewTravellerErrors = {};
  const first = t.firstName.trim() ? validateName(t.firstName, { latinOnly: true }) : { key: 'validation.required' };
  const last = t.lastName.trim() ? validateName(t.lastName, { latinOnly: true }) : { key: 'validation.required' };
  if (first) errors.firstName = first;
  if (last) errors.lastName = last;
  if (!isRelationship(t.relationship)) errors.relationship = { key: 'validation.required' };
  if (!t.nationality.trim()) errors.nationality = { key: 'validation.required' };
  else if (!isCountry(t.nationality)) errors.nationality = { key: 'group:add.countryInvalid' };
  else if (needsNoVisa(t.nationality)) errors.nationality = { key: 'group:add.usCitizen' };
  return errors;
}

// ---------------------------------------------------------------------------------------------------------
// Relations between two travellers

const FAMILY: readonly Role[] = ['leader', 'spouse', 'child', 'parent', 'sibling', 'otherRelative'];

/** How the leader is related to someone who is `r` of the leader. */
const INVERSE: Record<Relationship, Relationship> = {
  spouse: 'spouse',
  child: 'parent',
  parent: 'child',
  sibling: 'sibling',
  otherRelative: 'otherRelative',
  friend: 'friend',
  colleague: 'colleague',
  groupMember: 'groupMember',
};

/**
 * How `other` is related to `self`, both described by their relationship to the leader. Between two members the
 * family is read the usual way: the leader's children are siblings, the leader's spouse is their parent, the
 * leader's parents are each other's spouse and the leader's siblings' parents; anyone else in the family is
 * another relative. Outside the family: colleagues of colleagues are colleagues, otherwise friends, or members
 * of the same group. Every such guess is shown and can be changed where the form asks it.
 */
export function relationBetween(self: Role, other: Role): Relationship {
  if (self === 'leader') return other === 'leader' ? 'otherRelative' : other;
  if (other === 'leader') return INVERSE[self];
  const key = `${self}>${other}`;
  const known: Record<string, Relationship> = {
    'child>child': 'sibling',
    'child>spouse': 'parent',
    'spouse>child': 'child',
    'parent>parent': 'spouse',
    'sibling>sibling': 'sibling',
    'sibling>parent': 'parent',
    'parent>sibling': 'child',
  };
  if (known[key]) return known[key];
  if (FAMILY.includes(self) && FAMILY.includes(other)) return 'otherRelative';
  if (self === 'groupMember' || other === 'groupMember') return 'groupMember';
  if (self === 'colleague' && other === 'colleague') return 'colleague';
  return 'friend';
}

export const isFamily = (relation: Relationship) => (FAMILY as readonly string[]).includes(relation);

// ---------------------------------------------------------------------------------------------------------
// Minors and their parent or guardian

export const ADULT_AGE = 18;

/** Under 18 on `today`, by the birth date the traveller's form holds; null while it does not hold one. */
export function isMinor(birthDate: string, today: string): boolean | null {
  if (!parseIsoDate(birthDate) || !parseIsoDate(today)) return null;
  return yearsBetween(birthDate, today) < ADULT_AGE;
}

/**
 * A minor with no parent or guardian on record: their application is not done (the group panel), and the group's
 * checkout takes no money for them until one is given (the server's quote and payment). Unknown age is not a minor.
 */
export const needsGuardian = (t: { minor: boolean | null; guardian: Guardian | null }) => t.minor === true && t.guardian === null;

/** Where each form holds the traveller's birth date (a path as sharedAnswers.ts reads them). */
export const BIRTH_DATE_PATH: Record<TravellerForm, string> = { ESTA: 'birth-date', 'DS-160': 'personal-info.birthDate' };

export type GuardianRole = (typeof GUARDIAN_ROLES)[number];

/** A minor's parent or guardian: a traveller of the group (by lead), or someone else by name. */
export interface Guardian {
  leadId: string | null;
  name: string;
  role: GuardianRole;
}

/** The guardian form's errors: a member, or a name (any script: it is not copied into an official form). */
export function guardianErrors(g: { leadId?: string | null; name?: string; role?: string }): Partial<Record<'name' | 'role', ValidationError>> {
  const errors: Partial<Record<'name' | 'role', ValidationError>> = {};
  if (!(GUARDIAN_ROLES as readonly string[]).includes(g.role ?? '')) errors.role = { key: 'validation.required' };
  if (!g.leadId) {
    const name = (g.name ?? '').trim();
    const error = name ? validateFullName(name) : { key: 'validation.required' };
    if (error) errors.name = error;
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------------------
// Where each traveller's form is

/**
 * Who may be removed from a group, for the group panel and the server alike (issue 41): never the leader, and no
 * traveller who has paid or is being charged (their application is kept with the payment). A declined attempt
 * charged nothing, so it does not keep anyone.
 */
/** A traveller's payment as the group page shows it and the removal judges it: the lead's own, or what its orders hold. */
export const heldPayment = (lead: string, orders: 'paid' | 'pending' | undefined): 'unpaid' | 'pending' | 'paid' =>
  lead === 'paid' ? 'paid' : (orders ?? 'unpaid');

export const mayRemoveTraveller = (t: { relationship: Role | string; paymentStatus: 'unpaid' | 'pending' | 'paid' }) =>
  t.relationship !== 'leader' && t.paymentStatus === 'unpaid';

export { ADD_TRAVELLER_PARAM, GUARDIAN_PARAM, TRAVELLER_PARAM, addTravellerPath, groupCheckoutPath, guardianPath, travellerPath } from './groupPaths';
