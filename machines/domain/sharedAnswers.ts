// Answers typed once (issue 36): what people who travel together usually share is offered to each traveller of a
// group, filled in from the leader (or, for what the leader's form does not ask, from the first traveller who has
// answered it), marked as filled in, and editable. Personal questions are never copied: names, birth, passport,
// contact, parents, work, the security questions and the photo stay each traveller's own. Two things are made
// from the group itself rather than copied: the travel companions, and a traveller's parents' names where the
// parents travel in the group.
//
// Paths name an answer in its lead's form data: an ESTA question id ('home-address'), or a ten-section form
// field as 'section.field' ('travel-info.arrivalDate').

import { estaCatalog } from './catalogs/esta';
import { validateField, type Ds160FormValues } from './ds160Sections';
import type { Ds160FormSection } from './ds160Form';
import { relationBetween, isFamily, type Relationship, type Role, type TravellerForm } from './travellerGroup';
import { validateAnswer } from './validators';
import { ownEntry } from './ownEntry';

/** A traveller of the group as the copy reads them: their role, their form and what their lead holds. */
export interface TravellerAnswers {
  leadId: string;
  role: Role;
  form: TravellerForm;
  /** Flat by question id (ESTA) or by section (the ten-section form). */
  answers: Readonly<Record<string, unknown>>;
}

/** What travellers share, and why: they live together, travel together, stay together and are paid for together. */
export type Concept = 'homeAddress' | 'tripPurpose' | 'tripDates' | 'usAddress' | 'payer' | 'organisation' | 'emergencyContact';

const MAILING = ['mailingAddress', 'mailingCity', 'mailingState', 'mailingPostalCode', 'mailingCountry'];

/**
 * Each form's shared answers by concept. The ESTA wizard asks no dates or payer; its U.S. point of contact (the
 * person, company or hotel the trip goes to) stands where the DS-160 has its U.S. address.
 */
export const SHARED_PATHS: Record<TravellerForm, Partial<Record<Concept, readonly string[]>>> = {
  ESTA: {
    homeAddress: ['home-address'],
    tripPurpose: ['purpose'],
    usAddress: ['us-contact', 'us-contact-address', 'us-contact-phone'],
    // A person at home to call in an emergency: the same for everyone who travels together.
    emergencyContact: ['emergency-contact', 'emergency-email', 'emergency-phone'],
  },
  'DS-160': {
    homeAddress: [
      ...['homeAddress', 'homeCity', 'homeState', 'homePostalCode', 'homeCountry', 'sameAsHome', ...MAILING].map((f) => `address-phone.${f}`),
    ],
    tripPurpose: ['travel-info.tripPurpose', 'travel-info.otherPurpose', 'travel-info.tripPlans'],
    tripDates: ['travel-info.arrivalDate', 'travel-info.departureDate', 'travel-info.lengthOfStay'],
    usAddress: ['travel-info.usAddress', 'travel-info.usCity', 'travel-info.usState', 'travel-info.usZipCode'],
    payer: ['travel-info.whoIsPayingForTrip', 'travel-info.otherPayerDetails'],
    organisation: ['travel-companions.groupTravel', 'travel-companions.organizationName'],
  },
};

/** Made from the group, not copied: the companions (ten-section form only), and the parents' names (both forms). */
export const GROUP_PATHS = {
  companions: ['travel-companions.travelingWithOthers', 'travel-companions.companions'],
  parents: ['family-info.fatherFirstName', 'family-info.fatherLastName', 'family-info.motherFirstName', 'family-info.motherLastName'],
  estaParents: ['father-first-name', 'father-family-name', 'mother-first-name', 'mother-family-name'],
} as const;

/** Every path the copy may ever write, per form: nothing else of a traveller's answers is touched. */
export const WRITABLE_PATHS: Record<TravellerForm, ReadonlySet<string>> = {
  ESTA: new Set([...Object.values(SHARED_PATHS.ESTA).flat(), ...GROUP_PATHS.estaParents]),
  'DS-160': new Set([...Object.values(SHARED_PATHS['DS-160']).flat(), ...GROUP_PATHS.companions, ...GROUP_PATHS.parents]),
};

/** The ten-section form's companion relationships, for each relation in the group. */
const COMPANION_RELATION: Record<Relationship, string> = {
  spouse: 'Spouse',
  child: 'Child',
  parent: 'Parent',
  sibling: 'Sibling',
  otherRelative: 'Other Family Member',
  friend: 'Friend',
  colleague: 'Colleague',
  groupMember: 'Tour Group Member',
};

const ESTA_PURPOSE_OF: Record<string, string> = { Tourism: 'tourism', Business: 'business', Transit: 'transit' };

export function read(t: Pick<TravellerAnswers, 'form' | 'answers'>, path: string): unknown {
  if (t.form === 'ESTA') return t.answers[path];
  const [section, field] = path.split('.') as [string, string];
  const values = t.answers[section];
  return values && typeof values === 'object' && !Array.isArray(values) ? (values as Record<string, unknown>)[field] : undefined;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const blank = (value: unknown) => value === undefined || value === null || value === '' || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

export function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** A traveller's identity as their own form holds it. */
export function identityOf(t: Pick<TravellerAnswers, 'form' | 'answers'>) {
  const esta = t.form === 'ESTA';
  const get = (estaId: string, path: string) => text(read(t, esta ? estaId : path));
  return {
    firstName: get('first-name', 'personal-info.firstName'),
    lastName: get('last-name', 'personal-info.lastName'),
    nationality: get('passport-country', 'personal-info.nationality'),
    gender: get('gender', 'personal-info.gender'),
    birthDate: get('birth-date', 'personal-info.birthDate'),
  };
}

export const nameOf = (t: Pick<TravellerAnswers, 'form' | 'answers'>) => {
  const { firstName, lastName } = identityOf(t);
  return [firstName, lastName].filter(Boolean).join(' ');
};

/** A concept's answers from one traveller, in that traveller's form; null when they have not answered it. */
function conceptValues(t: TravellerAnswers, concept: Concept): Record<string, unknown> | null {
  const paths = SHARED_PATHS[t.form][concept];
  if (!paths || blank(read(t, paths[0] as string))) return null;
  return Object.fromEntries(paths.flatMap((p) => (blank(read(t, p)) ? [] : [[p, read(t, p)]])));
}

/** A concept's answers carried from one form into the other, where the other asks the same thing. */
function convert(concept: Concept, values: Record<string, unknown>, from: TravellerForm, to: TravellerForm): Record<string, unknown> {
  if (from === to) return values;
  if (concept === 'homeAddress' && from === 'ESTA') return { 'address-phone.homeAddress': values['home-address'] };
  if (concept === 'homeAddress') {
    const city = [values['address-phone.homePostalCode'], values['address-phone.homeCity']].map(text).filter(Boolean).join(' ');
    const parts = [values['address-phone.homeAddress'], city, values['address-phone.homeState'], values['address-phone.homeCountry']].map(text);
    return { 'home-address': parts.filter(Boolean).join(', ') };
  }
  if (concept === 'tripPurpose' && from === 'ESTA') {
    const purpose = text(values.purpose);
    return { 'travel-info.tripPurpose': purpose.charAt(0).toUpperCase() + purpose.slice(1) };
  }
  if (concept === 'tripPurpose') {
    const purpose = ownEntry(ESTA_PURPOSE_OF, text(values['travel-info.tripPurpose']));
    return purpose ? { purpose } : {};
  }
  return {};
}

/**
 * Who pays: a traveller who pays for themselves pays for the others too, so to the others it is their family or
 * friends ('Family/Friends'), or, for a colleague or a member of an organised group, someone named ('Other').
 */
function payerFor(target: TravellerAnswers, source: TravellerAnswers, values: Record<string, unknown>): Record<string, unknown> {
  if (text(values['travel-info.whoIsPayingForTrip']) !== 'Self') return values;
  const relation = relationBetween(target.role, source.role);
  if (isFamily(relation) || relation === 'friend') return { 'travel-info.whoIsPayingForTrip': 'Family/Friends' };
  return { 'travel-info.whoIsPayingForTrip': 'Other', 'travel-info.otherPayerDetails': nameOf(source) };
}

/** The others of the group as the target's travel companions, each with how they are related to the target. */
function companionsOf(target: TravellerAnswers, group: readonly TravellerAnswers[]): Record<string, unknown> {
  const rows = group
    .filter((t) => t.leadId !== target.leadId)
    .map((t) => ({ ...identityOf(t), relation: relationBetween(target.role, t.role) }))
    .filter((t) => t.firstName && t.lastName && t.nationality)
    .map((t) => ({ firstName: t.firstName, lastName: t.lastName, relationship: COMPANION_RELATION[t.relation], nationality: t.nationality }));
  if (rows.length === 0) return {};
  return { 'travel-companions.travelingWithOthers': 'Yes', 'travel-companions.companions': rows };
}

/** The target's father's and mother's names, from travellers of the group who are the target's parents. */
function parentsOf(target: TravellerAnswers, group: readonly TravellerAnswers[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const t of group) {
    if (t.leadId === target.leadId || relationBetween(target.role, t.role) !== 'parent') continue;
    const { firstName, lastName, gender } = identityOf(t);
    const who = gender === 'Male' ? 'father' : gender === 'Female' ? 'mother' : null;
    if (!who || !firstName || !lastName) continue;
    const [first, last] = target.form === 'ESTA' ? [`${who}-first-name`, `${who}-family-name`] : [`family-info.${who}FirstName`, `family-info.${who}LastName`];
    if (first in out) continue;
    out[first] = firstName;
    out[last] = lastName;
  }
  return out;
}

/** Whether the target's own form would accept this value where it goes (a copy never stores what the form refuses). */
function acceptable(target: TravellerAnswers, path: string, value: unknown, today: string): boolean {
  if (target.form === 'ESTA') {
    const question = estaCatalog.questions.find((q) => q.id === path);
    return !!question && typeof value === 'string' && validateAnswer(question, value, { rules: 'esta', answers: {}, today }) === null;
  }
  const [section, field] = path.split('.') as [Ds160FormSection, string];
  if (Array.isArray(value) || typeof value === 'boolean') return true;
  const all = target.answers as Ds160FormValues;
  const values = { ...(all[section] ?? {}), [field]: value };
  return validateField(section, field, values, { today, all: { ...all, [section]: values }, requireAnswers: false }) === null;
}

/**
 * Who a concept is shared with (issue 45 item 8), by how the source is related to the target: a home is shared
 * with one's spouse and one's parents (a child lives with them; a grandchild, a niece, a sibling, a friend or a
 * colleague may not); the person at home to call in an emergency with one's family; the trip, its dates, its
 * U.S. address, its payer and its organisation with everyone who travels together.
 */
export function sharesConcept(concept: Concept, sourceIsTargets: Relationship): boolean {
  if (concept === 'homeAddress') return sourceIsTargets === 'spouse' || sourceIsTargets === 'parent';
  if (concept === 'emergencyContact') return isFamily(sourceIsTargets);
  return true;
}

/** Everything the group offers the target now: shared answers, companions and parents, each where the form asks it. */
export function offeredTo(target: TravellerAnswers, group: readonly TravellerAnswers[], today: string): Record<string, unknown> {
  const leaderFirst = [...group.filter((t) => t.role === 'leader'), ...group.filter((t) => t.role !== 'leader')].filter((t) => t.leadId !== target.leadId);
  const offered: Record<string, unknown> = {};
  for (const concept of Object.keys(SHARED_PATHS[target.form]) as Concept[]) {
    for (const source of leaderFirst) {
      if (!sharesConcept(concept, relationBetween(target.role, source.role))) continue;
      const values = conceptValues(source, concept);
      if (!values) continue;
      const carried = convert(concept, values, source.form, target.form);
      if (Object.keys(carried).length === 0) continue;
      Object.assign(offered, concept === 'payer' ? payerFor(target, source, carried) : carried);
      break;
    }
  }
  if (target.form === 'DS-160') Object.assign(offered, companionsOf(target, group));
  Object.assign(offered, parentsOf(target, group));
  return Object.fromEntries(
    Object.entries(offered).filter(([path, value]) => WRITABLE_PATHS[target.form].has(path) && !blank(value) && acceptable(target, path, value, today)),
  );
}

export interface Prefill {
  /** The answers to write into the target's lead, by path: only what changes. */
  changes: Record<string, unknown>;
  /** Every answer the target holds as the group filled it in, by path: what the page marks. */
  prefilled: Record<string, unknown>;
}

/**
 * What the group fills in for the target: an offered answer goes where the target has none, or still has the one
 * the group filled in before (untouched, so a leader's correction reaches it); an answer the traveller typed or
 * changed is never overwritten.
 */
export function prefill(target: TravellerAnswers, group: readonly TravellerAnswers[], before: Readonly<Record<string, unknown>>, today: string): Prefill {
  const changes: Record<string, unknown> = {};
  const prefilled: Record<string, unknown> = {};
  const offered = offeredTo(target, group, today);
  for (const [path, value] of Object.entries(before)) {
    if (WRITABLE_PATHS[target.form].has(path) && same(read(target, path), value)) prefilled[path] = value;
  }
  for (const [path, value] of Object.entries(offered)) {
    const current = read(target, path);
    if (!blank(current) && !(path in prefilled)) continue;
    if (!same(current, value)) changes[path] = value;
    prefilled[path] = value;
  }
  return { changes, prefilled };
}

/** Paths as the lead's form data: flat for the ESTA, by section for the ten-section form. */
export function asFormData(form: TravellerForm, byPath: Readonly<Record<string, unknown>>): Record<string, unknown> {
  if (form === 'ESTA') return { ...byPath };
  // By Map, then built as own properties: a path named like an inherited property ('__proto__.x') must not write
  // into what every object inherits.
  const data = new Map<string, Array<[string, unknown]>>();
  for (const [path, value] of Object.entries(byPath)) {
    const [section, field] = path.split('.') as [string, string];
    data.set(section, [...(data.get(section) ?? []), [field, value]]);
  }
  return Object.fromEntries([...data].map(([section, fields]) => [section, Object.fromEntries(fields)]));
}

/** A traveller's own answers the add form gave (never copied from anyone): names and nationality. */
export function ownAnswers(form: TravellerForm, t: { firstName: string; lastName: string; nationality: string }): Record<string, unknown> {
  const names = { firstName: t.firstName.trim(), lastName: t.lastName.trim(), nationality: t.nationality.trim() };
  return form === 'ESTA'
    ? { 'first-name': names.firstName, 'last-name': names.lastName, 'passport-country': names.nationality }
    : { 'personal-info': { firstName: names.firstName, lastName: names.lastName, nationality: names.nationality } };
}
