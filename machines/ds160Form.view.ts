// /ds160-wizard's one door (spec 2-wizards §2.4, §3.4-§3.8): the ten-section form as the page opens it, what its
// page draws (already derived: the section, its visible fields, the save indicator, when the completion card shows
// and for which plan), and the flows beside it (the group's traveller read first, save-for-later and resume, the
// photo check), each handing what it has to the form by emitting, not through the page.
import type { SnapshotFrom } from 'xstate';
import { DS160_FORM_LISTS, DS160_FORM_SECTIONS, type Ds160FormSection } from './domain/ds160Form';
import { listRows, sectionSpec, visibleFields, type Ds160ListId } from './domain/ds160Sections';
import { keptForm } from './domain/keptForms';
import { formWithStartChoice } from './domain/startCarry';
import { keptStartChoice } from './domain/storageKeys';
import { TRAVELLER_PARAM } from './domain/travellerGroup';
import { allCompleted, chosenPlan, completionPrice, DS160_FORM_ID, ds160FormMachine, sectionAt, type Ds160FormEvent, type FormValues } from './ds160Form.machine';
import { defineFlow } from './flow';
import { formResumeMachine } from './formResume.machine';
import { photoCheckMachine } from './photoCheck.machine';
import { travellerHandoverMachine } from './travellerHandover.machine';

export { DS160_FORM_SECTIONS, DS160_FORM_ID };
export type { Ds160FormEvent, Ds160FormSection, Ds160ListId };
export { otherTravellerOf, paidInGroupOf, prefilledOf, offersGroup, type TravellerGroupRef } from './travellerGroup.view';
export type { FlowActor } from './flow';

type Snapshot = SnapshotFrom<typeof ds160FormMachine>;

/** The section on screen, counted from 1, while the applicant is on one (not while a submit or a switch runs). */
const sectionStep = (s: Snapshot) => (s.status === 'active' && s.matches({ active: { flow: 'editing' } }) ? s.context.current + 1 : null);

/**
 * The form as this browser left it, with the start flow's country and purpose in the fields still empty (spec
 * 2-wizards §2.1, §7). The section is in the address (?section=): Back goes back a section, Forward returns.
 */
export const ds160FormFlow = defineFlow({
  name: 'ds160Form',
  machine: ds160FormMachine,
  input: ({ kept, today }) => {
    const form = keptForm(kept);
    return { today, ...form, values: formWithStartChoice(form.values ?? {}, keptStartChoice(kept)) };
  },
  steps: {
    key: 'section',
    of: sectionStep,
    to: (step) => {
      const section = DS160_FORM_SECTIONS[step - 1];
      return section ? { type: 'GOTO' as const, section } : null;
    },
  },
});

export type Ds160FormRef = import('./flow').FlowActor<typeof ds160FormFlow>;

/** A group's traveller opened from its panel (`?traveller=`): their answers are read, then handed to the form. */
export const ds160TravellerFlow = defineFlow({
  name: 'travellerHandover',
  machine: travellerHandoverMachine,
  input: ({ search }) => ({ leadId: search.get(TRAVELLER_PARAM), handTo: 'ds160Form' }),
  address: (search) => ({ type: 'OPEN' as const, leadId: search.get(TRAVELLER_PARAM) }),
});

/**
 * A group's traveller whose service is paid (issue 45): their form opens read-only under a notice. The notice's name
 * as their form holds it ('' without one); null while the form on screen is not that paid traveller's.
 */
export const paidTravellerOf = (leadId: string | null) => (s: SnapshotFrom<typeof travellerHandoverMachine>) => {
  if (!s.matches('ready') || !s.context.paid || s.context.leadId !== leadId) return null;
  const personal = s.context.formData?.['personal-info'];
  const info = personal && typeof personal === 'object' ? (personal as Record<string, unknown>) : {};
  return [info.firstName, info.lastName].filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(' ');
};

/**
 * The read-only notice of a paid traveller's form, or null while the form is not a paid traveller's: whom it names,
 * their form's name (from the handover, else the group's list of paid forms), else the name the group's panel gives
 * them, else nobody (null: the page says "unnamed").
 */
export const paidNoticeOf = (paidName: string | null, about: string, paidInGroup: string | null = null, paidHere: string | null = null): { name: string | null } | null => {
  // Opened from the panel, the handover names the traveller; the leader's own form is known paid from the group's list.
  const name = paidName ?? paidInGroup;
  if (name !== null) return { name: name.trim() || about.trim() || null };
  // In no group (issue 45): the form's own flow found its lead paid, and names its applicant.
  return paidHere === null ? null : { name: paidHere.trim() || null };
};

/**
 * "Start a new application" is offered beside the completion card of a form not paid, and under the notice of one the
 * form's own flow holds paid (read-only: a new application is its one way on).
 */
export const offersNewApplication = (showCompletion: boolean, paidNotice: { name: string | null } | null, paidHere: boolean): boolean =>
  (showCompletion && paidNotice === null) || paidHere;

/** 'Save and continue later' for the application's lead. */
export const saveForLaterFlow = defineFlow({
  name: 'formResume',
  machine: formResumeMachine,
  input: (_world, { leadId }: { leadId: string }) => ({ leadId }),
});

/** 'Have a resume code?': the code a resume link (`?resume=`) fills in; the application found is handed to the form. */
export const resumeEntryFlow = defineFlow({
  name: 'formResume',
  machine: formResumeMachine,
  input: ({ search }) => ({ code: search.get('resume') }),
});

/** The resume code a link brought, if any: the entry then sits on top, open. */
export const linkedCode = (search: URLSearchParams) => search.get('resume');

/** The photo step's check and fix: the photo kept is handed to the form's field. */
export const photoCheckFlow = defineFlow({
  name: 'photoCheck',
  machine: photoCheckMachine,
  input: (_world, { photoId, leadId, field }: { photoId: string | null; leadId: string | null; field: string }) => ({ photoId, leadId, field }),
});

const NO_VALUES: Readonly<Record<string, unknown>> = Object.freeze({});
const NO_ERRORS: Readonly<Record<string, never>> = Object.freeze({});

export type SaveStatus = 'none' | 'saving' | 'saved' | 'failed';

/** What the page draws around the section, compared field by field (`shallowEqual`). */
export function formView(s: Snapshot) {
  const editing = s.status === 'active' && s.matches({ active: { flow: 'editing' } });
  const personal = s.context.values['personal-info'] ?? NO_VALUES;
  const section = sectionAt(s.context);
  return {
    current: s.context.current,
    section,
    spec: sectionSpec(section),
    isFirst: s.context.current === 0,
    isLast: s.context.current === DS160_FORM_SECTIONS.length - 1,
    total: DS160_FORM_SECTIONS.length,
    all: s.context.values,
    completed: s.context.completed,
    // No errors is always the same object, so a form that has none is not drawn again for a new empty one.
    errors: Object.keys(s.context.errors).length > 0 ? s.context.errors : NO_ERRORS,
    waiver: s.context.waiver === 'shown',
    leadId: s.context.leadId,
    // A finished flow (submitted, switched) is busy until the page it goes to is drawn.
    busy: s.hasTag('busy'),
    /** The application is paid (issue 45): read-only, under the paid notice, in a group or not. */
    paid: s.status === 'active' && s.hasTag('paid'),
    /** Spec 2-wizards §2.4: the completion card once every section is done, while the applicant is on the form. */
    // Not while the form is asking whether the application is paid: a paid one shows its notice instead.
    showCompletion: editing && allCompleted(s.context) && !s.matches({ active: { payment: 'checking' } }),
    plan: chosenPlan(s.context),
    price: completionPrice(s.context),
    priceFailed: s.status === 'active' && s.matches({ active: { price: 'failed' } }),
    saveStatus: (s.matches({ active: { sync: 'failed' } }) ? 'failed' : s.hasTag('saving') ? 'saving' : s.context.leadId ? 'saved' : 'none') as SaveStatus,
    nationality: typeof personal.nationality === 'string' ? personal.nationality : '',
    /** The applicant's name as the form holds it, for the paid notice ('' without one). */
    applicantName: [personal.firstName, personal.lastName].filter((part): part is string => typeof part === 'string' && part.trim() !== '').map((part) => part.trim()).join(' '),
  };
}

/** The fields a section shows for its answers (and the form's others): its conditional fields decided here. */
export const fieldsOf = (section: Ds160FormSection, all: FormValues) => visibleFields(section, all[section] ?? NO_VALUES, all);

export { NO_VALUES, NO_ERRORS };

/** A field of the current section changed; a row's field ('companions.0.firstName') sends its list whole. */
export function fieldChange(s: Snapshot, path: string, value: unknown): Ds160FormEvent {
  const [list, index, name] = path.split('.');
  if (name === undefined || list === undefined) return { type: 'FIELD.CHANGE', field: path, value };
  const rows = listRows(s.context.values[sectionAt(s.context)]?.[list]);
  const at = Number(index);
  return { type: 'FIELD.CHANGE', field: list, value: rows.map((row, i) => (i === at ? { ...row, [name]: value } : row)) };
}

/** The path of a list's last row's first field (a row just added): typing starts there. */
export function lastRowField(s: Snapshot, list: Ds160ListId): string | null {
  const count = listRows(s.context.values[sectionAt(s.context)]?.[list]).length;
  const first = DS160_FORM_LISTS[list]?.[0];
  return count > 0 && first ? `${list}.${count - 1}.${first}` : null;
}

export { formatResumeCode } from './domain/resumeCode';
export type { ResumeField } from './formResume.machine';

type ResumeSnapshot = SnapshotFrom<typeof formResumeMachine>;

/** 'Save and continue later': the code issued (if any), whether it is being asked for, whether that failed. */
export const saveLaterView = (s: ResumeSnapshot) => ({
  issued: s.context.issued,
  busy: s.matches('issuing'),
  failure: s.context.failure === 'issueFailed' ? ('issueFailed' as const) : null,
});

/** 'Have a resume code?': the fields, their errors, and a refusal of the code (not the issuing's). */
export const resumeEntryView = (s: ResumeSnapshot) => ({
  code: s.context.code,
  email: s.context.email,
  errors: s.context.errors,
  failure: s.context.failure && s.context.failure !== 'issueFailed' ? s.context.failure : null,
  /** The minutes a refused code asks to wait, when the server said. */
  wait: s.context.failure === 'tooMany' ? s.context.wait : null,
  busy: s.matches('checking'),
});

// What the section's fields draw from: the country list, the sections' order, a list's rows and a ticked box as the
// answers hold them, and when the photo step warns that no photo is kept.
export { COUNTRIES } from './domain/countryList';
export { DS160_SECTIONS, isTicked, listRows, showsNoPhotoWarning } from './domain/ds160Sections';
export type { Ds160Field, Ds160FormValues, Ds160Plan, Ds160RowField, Ds160SectionValues } from './domain/ds160Sections';
export type { ValidationError } from './domain/validators';
