import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { call } from '../../client/api/call';
import { FieldRefusal, questionWizardCalls, questionWizardSyncCalls } from '../../client/api/actors/questionWizard';
import { ds160Catalog, estaCatalog, preassessmentCatalog } from '../../machines/domain/catalogs';
import type { Catalog, Question } from '../../machines/domain/questions';
import type { Answers } from '../../machines/domain/wizardProgress';
import type { LeadSyncContext } from '../../machines/leadSync.machine';
import { questionWizardMachine, type WizardContext } from '../../machines/questionWizard.machine';
import { captureLead, updateLead } from '../../openapi/routes/leads';
import { answersFor, validAnswer } from '../helpers/answers';
import { effectsOf, lastCall, lastHeld, type PathCase, type PathModel, type Snap, type Step, type World } from './model';
import { childOf } from './system';

// The question wizard (spec 2-wizards §4.1-§4.3) against the real leads routes. Each case starts where
// something happens (the e-mail step, a section's end, the phone step, the last question), restored from
// progress as a returning browser would, and offers the moves that matter there.

const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const TODAY = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
/** Which wizards end on a review of every answer before submitting (spec 2-wizards §4.3): the DS-160's only. */
const REVIEWED: Record<string, boolean> = { ds160: true, esta: false, preassessment: false };
const hasReview = (catalog: Catalog) => REVIEWED[catalog.id] ?? (() => { throw new Error(`no review rule stated for ${catalog.id}`); })();


// ---- The wizard's rules in the oracle's own words: what it shows, refuses, keeps and sends (spec 2-wizards §3-§5) ----

/** The DS-160's follow-up questions, by the question whose 'Yes' shows them; the ESTA and the pre-assessment ask all. */
const FOLLOW_UPS: Record<Catalog['id'], Record<string, readonly string[]>> = {
  ds160: {
    'other-names': ['specify-other-names'],
    'travel-companions': ['companion-name', 'companion-relation', 'companion-has-visa'],
    'previously-employed': [
      'previous-employer-name',
      'previous-job-title',
      'previous-employer-address',
      'previous-supervisor-name',
      'previous-job-duties',
      'previous-job-start-date',
      'previous-job-end-date',
    ],
    'travel-last-five-years': ['countries-visited'],
    'organization-membership': ['organization-name'],
    'specialized-skills': ['specialized-skills-details'],
    'military-service': ['military-country', 'military-branch', 'military-rank', 'military-specialty', 'military-service-from', 'military-service-to'],
  },
  // The official ESTA's follow-ups (issue 45 item 21): the other passport's country and number, the other
  // citizenship's country and how it was acquired, the employer of who has one.
  esta: {
    'previous-passport': ['previous-passport-country', 'previous-passport-number'],
    'other-citizenship': ['other-citizenship-country', 'other-citizenship-how'],
    'has-employer': ['current-occupation', 'employer', 'employer-address', 'employer-phone'],
  },
  preassessment: {},
};

/** The ESTA's U.S. point of contact: asked of a tourist or a business traveller, never of one in transit. */
const US_CONTACT = ['us-contact', 'us-contact-address', 'us-contact-phone'];
const HAS_US_CONTACT = ['tourism', 'business'];

/** The questions the applicant sees with these answers, in the catalog's order: a follow-up only after a 'Yes'. */
function shown(catalog: Catalog, answers: Answers): Question[] {
  const parentOf = new Map(Object.entries(FOLLOW_UPS[catalog.id]).flatMap(([parent, ids]) => ids.map((id) => [id, parent] as const)));
  return catalog.questions.filter((q) => {
    if (catalog.id === 'esta' && US_CONTACT.includes(q.id)) return HAS_US_CONTACT.includes(answers.purpose ?? '');
    return !parentOf.has(q.id) || answers[parentOf.get(q.id) as string] === 'Yes';
  });
}

/** The question on screen: the current one when it shows, else the first that does. */
function onScreen(c: { catalog: Catalog; answers: Answers; currentId: string }): Question {
  const visible = shown(c.catalog, c.answers);
  return (visible.find((q) => q.id === c.currentId) ?? visible[0]) as Question;
}

/** An ESTA applicant's passport that needs a visa, and one that needs nothing (spec 2-wizards §5.2). */
const NOT_WAIVER = 'Mexico';
const US_CITIZEN = 'United States';
const LONG_EMAIL = `${'m'.repeat(95)}@example.com`;
/** A day more than a hundred years back (for a birth date), one long past and one far ahead (for the other dates). */
const CENTURY_AGO = '1900-01-01';
const LONG_AGO = '2001-01-01';
const FAR_AHEAD = '2999-01-01';

/**
 * What the wizard says to an answer this model types: the message key of each refusal, by rule set, written out
 * (spec 2-wizards §5.1, §5.2; 1-core §5 for the pre-assessment's 'basic' set). Any other answer the model types is
 * one the test helpers make valid, so it must be accepted.
 */
function verdict(catalog: Catalog, question: Question, draft: string): { key: string; params?: Record<string, string> } | null {
  const value = draft.trim();
  if (value === '') return question.required ? { key: 'validation.required' } : null;
  if (question.options && !question.options.some((o) => o.value === value)) return { key: 'validation.generic' };
  const basic = catalog.rules === 'basic';
  const esta = catalog.rules === 'esta';
  const phone = question.type === 'phone' || question.validation === 'phone';
  const key = (() => {
    if (question.type === 'email' && value === 'maria@') return basic ? 'validation.basic.email' : 'validation.email.invalid';
    // ESTA holds an address to 100 characters; the others refuse this one for its 95-character local part.
    if (question.type === 'email' && value === LONG_EMAIL) return basic ? 'validation.basic.email' : esta ? 'validation.email.tooLong' : 'validation.email.invalid';
    // Five digits: too few everywhere; the ESTA applicant's own phone must start with its country code first.
    if (phone && value === '12345') return basic ? 'validation.basic.phone' : esta && question.id === 'phone' ? 'validation.phone.international' : 'validation.phone.tooShort';
    if (question.type === 'date' && value === LONG_AGO) {
      return ({ future: 'validation.date.future', passportExpiryDate: 'validation.passport.expired' } as Record<string, string>)[question.validation ?? ''];
    }
    if (question.type === 'date' && value === FAR_AHEAD) {
      return (
        {
          past: 'validation.date.past',
          birthDate: 'validation.date.past',
          arrivalDate: 'validation.date.tooFarAhead',
          parentBirthDate: 'validation.date.parentAge',
          passportIssueDate: 'validation.passport.issueFuture',
        } as Record<string, string>
      )[question.validation ?? ''];
    }
    if (question.validation === 'birthDate' && value === CENTURY_AGO) return 'validation.date.birthTooOld';
    if (basic && question.id === 'full-name' && [...value].length > 100) return 'validation.fullName.tooLong';
    if (esta && question.id === 'passport-country' && value === US_CITIZEN) return 'validation.esta.usCitizen';
    return undefined;
  })();
  if (key) return { key };
  if (esta && question.id === 'passport-country' && value === NOT_WAIVER) return { key: 'validation.esta.notWaiver', params: { country: value } };
  return null;
}

/** An answer as it is kept: trimmed, a phone without its separators, a passport number in capitals. */
function kept(question: Question, draft: string): string {
  const value = draft.trim();
  if (question.type === 'phone' || question.validation === 'phone') {
    const bare = value.replace(/[\s\-\u2010\u2011\u2013.()]/g, '');
    return /^\+?\d+$/.test(bare) ? bare : value;
  }
  return question.id === 'passport-number' ? value.replace(/[a-z]/g, (l) => l.toUpperCase()) : value;
}

/** What a submit sends: the answers of the questions shown, trimmed, the empty ones left out. */
function submitted(catalog: Catalog, answers: Answers): Answers {
  return Object.fromEntries(shown(catalog, answers).flatMap((q) => ((answers[q.id] ?? '').trim() ? [[q.id, (answers[q.id] as string).trim()]] : [])));
}

/** What the server lacks: the answers a submit would send that differ from what it has. */
function unsynced(catalog: Catalog, answers: Answers, synced: Answers): Answers {
  return Object.fromEntries(Object.entries(submitted(catalog, answers)).filter(([id, value]) => synced[id] !== value));
}

/** The first question shown that is required and still empty. */
function firstEmpty(catalog: Catalog, answers: Answers): string | undefined {
  return shown(catalog, answers).find((q) => q.required && !(answers[q.id] ?? '').trim())?.id;
}

/** The question saved as soon as it is answered, by catalog: the ESTA's birth date, which tells a group of a minor. */
const ESTA_BIRTH_DATE: Partial<Record<string, string>> = { esta: 'birth-date' };

/** What the DS-160 opens with after an ESTA switches to it: each shared answer under the DS-160's question ids. */
const ESTA_SHARES: Record<string, readonly string[]> = {
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

function carried(answers: Answers): Answers {
  return Object.fromEntries(Object.entries(ESTA_SHARES).flatMap(([from, to]) => ((answers[from] ?? '').trim() ? to.map((id) => [id, (answers[from] as string).trim()]) : [])));
}

/** The answers before `id`: what a browser that stopped there would have kept. */
function answersBefore(catalog: Catalog, id: string): Answers {
  const all = answersFor(catalog);
  const ids = shown(catalog, all).map((q) => q.id);
  return Object.fromEntries(ids.slice(0, ids.indexOf(id)).map((q) => [q, all[q] as string]));
}

const context = (s: Snap) => s.context as WizardContext;
const syncOf = (s: Snap) => (s.value as { active?: { sync?: string } }).active?.sync ?? null;
/** The lead-sync child, which captures and updates the lead in the background: where it is, what it sends. */
const leadOf = (s: Snap) => childOf(s, 'leadSync');
const leadState = (s: Snap) => (leadOf(s)?.value as string | undefined) ?? null;
const pendingOf = (s: Snap) => (leadOf(s)?.context as LeadSyncContext | undefined)?.pending ?? null;
/** The wizard's answers are one group of the lead's form data, as the child sends them. */
const ANSWERS = 'answers';

const OUTCOME_LEAD = { leadId: 'lead', checkout: { url: '/checkout', amount: 0 } };

interface Offer {
  /** Questions where the applicant types (a valid and an invalid answer) and goes back; elsewhere only Next. */
  typing: readonly string[];
  /** Where the case stops offering moves (the flow beyond is another case's). */
  until?: string;
  existing?: boolean;
  submitFailure?: 'network' | 'server';
  /** The server will refuse the submit, naming this answer: the page's code turns that into this refusal. */
  refusal?: FieldRefusal;
  /** On the review: the questions whose Edit is pressed (one hidden by the answers among them). */
  edits?: readonly string[];
  /** Answers offered beyond the valid and invalid ones (a passport country outside the waiver program). */
  extra?: Readonly<Record<string, readonly string[]>>;
}

/** The moves offered in a snapshot, and each outcome of the calls running in it. */
function offer({ typing, until, existing = false, submitFailure = 'network', edits = [], extra = {}, refusal }: Offer) {
  return (s: Snap): AnyEventObject[] => {
    if (s.status !== 'active') return [];
    const c = context(s);
    const events: AnyEventObject[] = [];
    // The child's calls: offered by where the child is (the wizard mirrors it in its sync region).
    const lead = leadState(s);
    if (lead === 'capturing') {
      events.push(
        { type: 'xstate.done.actor.capture', output: { leadId: 'lead', existing } },
        { type: 'xstate.error.actor.capture', error: 'network' },
      );
    }
    if (lead === 'saving') events.push({ type: 'xstate.done.actor.save' }, { type: 'xstate.error.actor.save', error: 'network' });
    if (s.matches({ active: { flow: { submitting: 'sending' } } })) {
      events.push(
        ...(refusal
          ? [{ type: 'xstate.error.actor.submitLead', error: refusal, sent: true }]
          : [{ type: 'xstate.done.actor.submitLead', output: OUTCOME_LEAD }, { type: 'xstate.error.actor.submitLead', error: submitFailure }]),
      );
    }
    // While the submit runs the page disables its buttons.
    if (s.hasTag('busy')) return events;
    if (s.hasTag('review')) {
      return [...events, { type: 'SUBMIT' }, { type: 'PREVIOUS' }, ...edits.map((questionId) => ({ type: 'REVIEW.EDIT', questionId }))];
    }
    if (s.matches({ active: { flow: 'revising' } })) {
      const question = onScreen(c);
      const values = question.options ? question.options.map((o) => o.value) : [c.answers[question.id] ?? validAnswer(question)];
      return [...events, { type: 'NEXT' }, { type: 'PREVIOUS' }, ...[...values, ...invalidAnswers(question)].map((value) => ({ type: 'ANSWER.CHANGE', value }))];
    }
    const ids = c.catalog.questions.map((q) => q.id);
    if (until && ids.indexOf(c.currentId) > ids.indexOf(until)) return events;
    events.push({ type: 'NEXT' });
    if (typing.includes(c.currentId)) {
      const question = onScreen(c);
      const valid = c.answers[question.id] ?? validAnswer(question);
      const values = question.options ? question.options.map((o) => o.value) : [valid, `  ${valid}  `];
      for (const value of [...values, ...(extra[question.id] ?? []), ...invalidAnswers(question)]) events.push({ type: 'ANSWER.CHANGE', value });
      events.push({ type: 'PREVIOUS' });
      // The page offers the way to the DS-160 only beside the message that calls for it.
      if (c.error?.key === 'validation.esta.notWaiver' || c.error?.key === 'validation.esta.usCitizen') events.push({ type: 'FORM.SWITCH' });
    }
    return events;
  };
}

/** Answers each rule set refuses: empty, and what breaks the question's own rule (dates, lengths, formats). */
function invalidAnswers(question: Question): string[] {
  if (question.type === 'email') return ['', 'maria@', LONG_EMAIL];
  if (question.type === 'phone' || question.validation === 'phone') return ['', '12345'];
  if (question.type === 'date') return ['', question.validation === 'future' || question.validation === 'passportExpiryDate' ? LONG_AGO : FAR_AHEAD];
  return question.required ? [''] : [];
}

/** A lead this path's browser session already started, as the e-mail step would have. */
async function capturedLead(world: World, answers: Answers): Promise<string> {
  const captured = await call(world.http, captureLead, {
    body: { email: answers.email as string, firstName: answers['first-name'], lastName: answers['last-name'], formType: 'ESTA' },
  });
  return captured.leadId;
}

const withLead = async (world: World, input: { answers: Answers; synced?: Answers }) => {
  const leadId = await capturedLead(world, input.answers);
  // What the restored progress says the server has, the server has.
  if (input.synced) await call(world.http, updateLead, { params: { leadId }, body: { formData: input.synced } });
  return { ...input, leadId };
};

const ESTA_ALL = answersFor(estaCatalog);
const DS160_LAST = shown(ds160Catalog, answersFor(ds160Catalog)).at(-1)?.id as string;
const ESTA_LAST = shown(estaCatalog, ESTA_ALL).at(-1)?.id as string;

const cases: PathCase[] = [
  {
    name: 'ESTA, a new applicant: the lead is captured from the e-mail step',
    input: { catalog: estaCatalog, today: TODAY },
    events: offer({ typing: ['email', 'first-name'], until: 'last-name' }),
  },
  {
    name: 'ESTA, a returning applicant whose session already has the lead',
    input: { catalog: estaCatalog, today: TODAY },
    setup: async (world, input) => {
      await capturedLead(world, ESTA_ALL);
      return input;
    },
    events: offer({ typing: ['email'], until: 'first-name', existing: true }),
  },
  {
    name: 'ESTA, the end of the first section with a captured lead',
    input: { catalog: estaCatalog, today: TODAY, answers: answersBefore(estaCatalog, 'birth-date'), currentId: 'birth-date', leadId: 'lead' },
    setup: (world, input) => withLead(world, input),
    events: offer({ typing: ['birth-date', 'gender', 'passport-type'], until: 'passport-type' }),
  },
  {
    name: 'ESTA, the end of a section the server already has',
    input: {
      catalog: estaCatalog,
      today: TODAY,
      answers: answersBefore(estaCatalog, 'passport-type'),
      synced: answersBefore(estaCatalog, 'passport-type'),
      currentId: 'gender',
      leadId: 'lead',
    },
    setup: (world, input) => withLead(world, input),
    events: offer({ typing: ['gender'], until: 'passport-type' }),
  },
  {
    name: 'ESTA, the phone step with a captured lead',
    input: { catalog: estaCatalog, today: TODAY, answers: answersBefore(estaCatalog, 'phone'), currentId: 'phone', leadId: 'lead' },
    setup: (world, input) => withLead(world, input),
    events: offer({ typing: ['phone', 'has-employer'], until: 'has-employer' }),
  },
  {
    name: 'ESTA, another passport and another citizenship: which country, which number, how acquired',
    input: { catalog: estaCatalog, today: TODAY, answers: answersBefore(estaCatalog, 'previous-passport'), currentId: 'previous-passport' },
    events: offer({
      typing: ['previous-passport', 'previous-passport-country', 'previous-passport-number', 'other-citizenship', 'other-citizenship-country', 'other-citizenship-how'],
      until: 'father-family-name',
    }),
  },
  {
    name: 'ESTA, parents and an employer, or none',
    input: { catalog: estaCatalog, today: TODAY, answers: answersBefore(estaCatalog, 'father-family-name'), currentId: 'father-family-name' },
    events: offer({ typing: ['father-family-name', 'has-employer', 'current-occupation', 'employer', 'employer-phone'], until: 'first-travel' }),
  },
  {
    name: 'ESTA, a U.S. point of contact unless in transit, and the emergency contact',
    input: { catalog: estaCatalog, today: TODAY, answers: answersBefore(estaCatalog, 'purpose'), currentId: 'purpose' },
    events: offer({ typing: ['purpose', 'us-contact', 'us-contact-phone', 'emergency-email'], until: 'communicable-disease' }),
  },
  {
    name: 'ESTA, the last section with a captured lead: the submit waits for the update in flight',
    input: { catalog: estaCatalog, today: TODAY, answers: ESTA_ALL, currentId: 'emergency-phone', leadId: 'lead' },
    setup: (world, input) => withLead(world, input),
    events: offer({ typing: [ESTA_LAST] }),
  },
  {
    name: 'ESTA, the last question without a lead: the full lead is made at submit',
    input: { catalog: estaCatalog, today: TODAY, answers: ESTA_ALL, currentId: ESTA_LAST },
    events: offer({ typing: [ESTA_LAST] }),
  },
  {
    name: 'DS-160, other names: a conditional question',
    input: { catalog: ds160Catalog, today: TODAY, answers: answersBefore(ds160Catalog, 'other-names'), currentId: 'other-names' },
    events: offer({ typing: ['other-names', 'specify-other-names'], until: 'specify-other-names' }),
  },
  {
    name: 'DS-160, the last question and the review of every answer',
    input: { catalog: ds160Catalog, today: TODAY, answers: answersFor(ds160Catalog), currentId: DS160_LAST },
    events: offer({ typing: [], edits: ['first-name', 'other-names', 'specify-other-names'] }),
  },
  {
    name: 'DS-160, an answer kept from before that the rules now refuse: the server names it',
    // Progress restored from an older visit, before birth dates were limited to 100 years.
    input: { catalog: ds160Catalog, today: TODAY, answers: { ...answersFor(ds160Catalog), 'birth-date': CENTURY_AGO }, currentId: DS160_LAST },
    events: offer({ typing: [], refusal: new FieldRefusal('birth-date', 'Birth date cannot be more than 100 years ago') }),
  },
  {
    name: 'ESTA, a passport that needs a visa: on to the DS-160 with the answers given',
    input: { catalog: estaCatalog, today: TODAY, answers: answersBefore(estaCatalog, 'passport-country'), currentId: 'passport-country' },
    events: offer({ typing: ['passport-country'], until: 'passport-country', extra: { 'passport-country': [NOT_WAIVER, US_CITIZEN] } }),
  },
  {
    name: 'pre-assessment, the first question',
    input: { catalog: preassessmentCatalog, today: TODAY },
    events: offer({ typing: [preassessmentCatalog.questions[0]?.id as string], until: preassessmentCatalog.questions[0]?.id }),
  },
  {
    name: 'pre-assessment, the last question',
    input: {
      catalog: preassessmentCatalog,
      today: TODAY,
      answers: answersFor(preassessmentCatalog),
      currentId: shown(preassessmentCatalog, answersFor(preassessmentCatalog)).at(-1)?.id,
    },
    events: offer({ typing: [] }),
  },
  {
    name: 'pre-assessment, a full name longer than the server keeps',
    input: {
      catalog: preassessmentCatalog,
      today: TODAY,
      answers: { ...answersFor(preassessmentCatalog), 'full-name': `Maria ${'de la Luz '.repeat(12)}Lopez` },
      currentId: shown(preassessmentCatalog, answersFor(preassessmentCatalog)).at(-1)?.id,
    },
    events: offer({ typing: [], refusal: new FieldRefusal('full-name', 'Full name must be at most 100 characters') }),
  },
];

async function leadRow(world: World, id: string) {
  return world.app.db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Where a wizard's progress is kept in this browser (the oracle's own statement of the key). */
const keyOf = (catalogId: string) => `rumbo-wizard-${catalogId}`;

/** What the wizard last wrote under its own key, read back (null: forgotten; undefined: never written). */
function lastKept(world: World, catalogId: string): unknown {
  const writes = effectsOf(world, 'store').filter((e) => keyOf(catalogId) in e.params.values);
  const value = writes.at(-1)?.params.values[keyOf(catalogId)];
  return typeof value === 'string' ? JSON.parse(value) : value;
}

/**
 * The oracle's names for what the wizard emitted: its progress kept or forgotten, another wizard's opened with
 * answers (a hand-over), its toasts by what they say, a background failure logged, and where it sends the applicant.
 */
function named(effect: { type: string; params: any }, catalogId: string): string {
  const e = effect.params;
  if (e.type === 'store') {
    if (!(keyOf(catalogId) in e.values)) return 'handOver';
    return e.values[keyOf(catalogId)] === null ? 'clearProgress' : 'persistProgress';
  }
  if (e.type === 'toast') {
    const { title, description, variant, params } = e.toast;
    if (title === 'wizard:toast.started.title' && description === 'wizard:toast.started.description') return `announceLeadStarted(${params?.form})`;
    if (title === 'wizard:toast.submitted.title') return 'announceSubmitted';
    if (title === 'wizard:toast.error' && variant === 'destructive') return `announceSubmitFailed(${description})`;
  }
  if (e.type === 'log') return 'logSyncFailure';
  if (e.type === 'navigate') return `navigate(${e.to})`;
  return `unexpected ${JSON.stringify(e)}`;
}

/** What a catalog says when its submit fails (spec 2-wizards §8). */
const FAILED: Record<string, string> = { ds160: 'wizard:toast.ds160Failed', esta: 'wizard:toast.estaFailed', preassessment: 'wizard:toast.formFailed' };

function expectPersisted(step: Step) {
  const a = context(step.after);
  const saved = lastKept(step.world, a.catalog.id);
  expect(saved, 'progress kept in local storage').toEqual({ answers: a.answers, currentId: a.currentId, leadId: a.leadId, synced: a.synced });
}

/** Spec 2-wizards §4.1, §4.3: what a stored answer does to the position and to the lead. */
function checkNext(step: Step) {
  const { before, after, started } = step;
  const b = context(before);
  const a = context(after);
  const { catalog } = b;
  const question = onScreen(b);
  const error = verdict(catalog, question, b.draft);
  if (error) {
    expect(a.error, 'the message of the failed rule').toEqual(error);
    expect({ answers: a.answers, currentId: a.currentId }).toEqual({ answers: b.answers, currentId: b.currentId });
    expect(started).toEqual([]);
    return;
  }
  // Kept in its normal form: trimmed, a phone as + and digits.
  const stored = { ...b.answers, [b.currentId]: kept(question, b.draft) };
  expect(a.answers).toEqual(stored);
  expect(a.error).toBeNull();
  expectPersisted(step);
  if (before.matches({ active: { flow: 'revising' } })) {
    // An edit from the review goes back to it, unless it revealed a question still to answer.
    const unanswered = firstEmpty(catalog, stored);
    expect(after.hasTag('review')).toBe(unanswered === undefined);
    if (unanswered) expect(a.currentId).toBe(unanswered);
    expect(started).toEqual([]);
    return;
  }
  const visible = shown(catalog, stored);
  const i = visible.findIndex((q) => q.id === b.currentId);
  const next = visible[i + 1];
  const syncFree = syncOf(before) === 'idle' || syncOf(before) === 'failed';
  if (!next && hasReview(catalog)) {
    // The DS-160 shows every answer for review before anything is sent.
    expect(after.hasTag('review')).toBe(true);
    expect(after.hasTag('busy')).toBe(false);
    expect(started).toEqual([]);
    return;
  }
  if (!next) {
    expect(after.hasTag('busy'), 'submitting').toBe(true);
    expect(a.currentId).toBe(b.currentId);
    expect(started.map((c) => c.name)).toEqual(syncFree ? ['submitLead'] : []);
    return;
  }
  expect(after.hasTag('busy')).toBe(false);
  expect(a.currentId).toBe(next.id);
  expect(a.draft).toBe(stored[next.id] ?? '');
  const fields = catalog.capture;
  const changes = unsynced(catalog, stored, b.synced);
  const wantsCapture = Boolean(fields && !b.leadId && stored[fields.email] && (b.currentId === fields.email || b.currentId === fields.firstName));
  const sectionEnds = next.section !== question.section;
  // The phone and the birth date (a group's minor, issue 45) are saved on their own step; the rest at a section's end.
  const savedOnItsStep = [fields?.phone, ESTA_BIRTH_DATE[catalog.id]].includes(b.currentId);
  const wantsUpdate = Boolean(fields && b.leadId && Object.keys(changes).length > 0 && (savedOnItsStep || sectionEnds));
  if (fields && syncFree && wantsCapture) {
    expect(syncOf(after)).toBe('capturing');
    expect(started).toEqual([
      {
        name: 'capture',
        verdict: 'waiting',
        input: {
          email: stored[fields.email],
          firstName: stored[fields.firstName] ?? '',
          lastName: stored[fields.lastName] ?? '',
          formType: catalog.formType,
          nationality: stored[fields.nationality] ?? '',
        },
      },
    ]);
  } else if (fields && syncFree && wantsUpdate) {
    expect(syncOf(after)).toBe('updating');
    // The changed answers only; a changed phone goes to the lead's phone column too (checked where it is sent).
    expect(started).toEqual([{ name: 'save', verdict: 'waiting', input: { leadId: b.leadId, changes: { [ANSWERS]: changes } } }]);
  } else {
    expect(syncOf(after), 'no lead call for this step').toBe(syncOf(before));
    expect(started).toEqual([]);
  }
}

/** The answer the server refused in its last reply, when it named one of the form's questions. */
function refusedField(world: World, catalog: Catalog): { field: string; message: string } | null {
  const answer = [...world.calls].reverse().find((c) => c.path.startsWith('/api/leads') && c.method !== 'GET');
  if (answer?.status !== 400) return null;
  const match = /^body\.(formData\.)?([\w-]+): (.*)$/.exec((answer.response as { message: string }).message);
  if (!match) return null;
  const fields: Record<string, string> = { name: catalog.id === 'preassessment' ? 'full-name' : 'first-name' };
  const field = match[1] ? (match[2] as string) : (fields[match[2] as string] ?? '');
  return catalog.questions.some((q) => q.id === field) ? { field, message: match[3] as string } : null;
}

async function checkOutcome(step: Step) {
  const { before, event, after, world, asked } = step;
  const b = context(before);
  const a = context(after);
  const names = asked.map((e) => named(e, b.catalog.id));
  switch (event.type) {
    case 'xstate.done.actor.capture': {
      const answer = lastCall(world, 'POST', '/api/leads/immediate');
      expect(answer?.status).toBeOneOf([200, 201]);
      const { leadId, existing } = answer?.response as { leadId: string; existing: boolean };
      expect(a.leadId).toBe(leadId);
      expect(syncOf(after)).toBe('idle');
      // 'Application Started' only for a lead the server made just now (spec 2-wizards §4.3).
      expect(names.filter((n) => n.startsWith('announceLeadStarted'))).toEqual(existing ? [] : [`announceLeadStarted(${b.catalog.formType})`]);
      expectPersisted(step);
      expect((await leadRow(world, leadId))?.email).toBe(lastHeld(world, 'capture')?.input.email);
      break;
    }
    case 'xstate.error.actor.capture':
      expect(a.leadId).toBeNull();
      expect(syncOf(after)).toBe('failed');
      expect(names).toEqual(['logSyncFailure']);
      break;
    case 'xstate.done.actor.save': {
      const sent = lastHeld(world, 'save')?.input.changes[ANSWERS] as Answers;
      const request = lastCall(world, 'PATCH', '/api/leads/');
      expect(request?.status).toBe(200);
      // The changed answers as form data, and a changed phone in the lead's phone column too.
      const phoneId = b.catalog.capture?.phone ?? '';
      expect(request?.body).toEqual({ formData: sent, ...(sent[phoneId] ? { phone: sent[phoneId] } : {}) });
      expect(a.synced).toEqual({ ...b.synced, ...sent });
      expect(syncOf(after)).toBe('idle');
      expectPersisted(step);
      const stored = JSON.parse((await leadRow(world, a.leadId as string))?.form_data ?? '{}');
      expect(stored).toMatchObject(a.synced);
      break;
    }
    case 'xstate.error.actor.save':
      expect(a.synced).toEqual(b.synced);
      expect(syncOf(after)).toBe('failed');
      expect(names).toEqual(['logSyncFailure']);
      break;
    case 'xstate.done.actor.submitLead': {
      const answer = [...world.calls].reverse().find((c) => c.path.startsWith('/api/leads') && c.method !== 'GET' && !c.path.endsWith('immediate'));
      const response = answer?.response as { id?: string; checkout: { url: string; amount: number; price: unknown } };
      expect(answer?.status).toBeOneOf([200, 201]);
      const leadId = response.id ?? b.leadId;
      expect(after.status).toBe('done');
      expect(after.output).toEqual({
        kind: 'submitted',
        leadId,
        answers: submitted(b.catalog, b.answers),
        to: response.checkout.url,
        amount: response.checkout.amount,
        price: response.checkout.price,
      });
      // The progress is forgotten; the DS-160 says so; the ESTA and the DS-160 go on to the checkout the server named,
      // the pre-assessment shows its completion card where it is.
      expect(names).toEqual([
        'clearProgress',
        ...(b.catalog.id === 'ds160' ? ['announceSubmitted'] : []),
        ...(b.catalog.id === 'preassessment' ? [] : [`navigate(${response.checkout.url})`]),
      ]);
      const row = await leadRow(world, leadId as string);
      expect(row?.completion_status).toBe(b.catalog.id === 'preassessment' ? 'incomplete' : 'completed');
      expect(JSON.parse(row?.form_data ?? '{}')).toMatchObject(submitted(b.catalog, b.answers));
      break;
    }
    case 'xstate.error.actor.submitLead': {
      expect(after.hasTag('busy')).toBe(false);
      expect(a.answers).toEqual(b.answers);
      expect(names).toEqual([`announceSubmitFailed(${FAILED[b.catalog.id]})`]);
      const refused = refusedField(world, b.catalog);
      if (!refused) {
        expect(after.hasTag('submitFailed')).toBe(true);
        expect(after.hasTag(hasReview(b.catalog) ? 'review' : 'question')).toBe(true);
        break;
      }
      // The server named an answer: the applicant is taken to it, with the rule's message (or the server's).
      expect(after.hasTag('question')).toBe(true);
      expect(after.matches({ active: { flow: hasReview(b.catalog) ? 'revising' : 'answering' } })).toBe(true);
      const question = b.catalog.questions.find((q) => q.id === refused.field) as Question;
      const local = verdict(b.catalog, question, b.answers[refused.field] ?? '');
      expect({ currentId: a.currentId, draft: a.draft, error: a.error }).toEqual({
        currentId: refused.field,
        draft: b.answers[refused.field] ?? '',
        error: local ?? { key: 'wizard:refused', params: { message: refused.message } },
      });
      break;
    }
  }
}

export const questionWizardPaths: PathModel = {
  machine: questionWizardMachine,
  // The transition cover's paths and the required sequences' (four).
  // 180 before the official ESTA's follow-ups (issue 45 item 21) added three cases of about 7 paths each.
  budget: 205,
  // What a person does after a refusal or a failure, whatever the transition cover picks: a refused answer's
  // message goes once a good one is kept; a lost submit or save is sent again.
  required: [
    {
      name: 'an answer refused, then another typed and Next',
      case: 'ESTA, a new applicant: the lead is captured from the e-mail step',
      through: [(e) => e.type === 'NEXT', (e, before) => e.type === 'ANSWER.CHANGE' && context(before).error !== null, (e) => e.type === 'NEXT'],
    },
    {
      name: 'a submit lost, then sent again',
      case: 'ESTA, the last question without a lead: the full lead is made at submit',
      through: [(e) => e.type === 'xstate.error.actor.submitLead', (e) => e.type === 'NEXT' || e.type === 'SUBMIT', (e) => e.type === 'xstate.done.actor.submitLead'],
    },
    {
      name: 'a capture lost, then the lead captured',
      case: 'ESTA, a new applicant: the lead is captured from the e-mail step',
      through: [(e) => e.type === 'xstate.error.actor.capture', (e) => e.type === 'xstate.done.actor.capture'],
    },
    {
      name: 'a save lost at the phone step, then saved',
      case: 'ESTA, the phone step with a captured lead',
      through: [(e) => e.type === 'xstate.error.actor.save', (e) => e.type === 'xstate.done.actor.save'],
    },
  ],
  // The page's calls, and its child's for the catalog (client/api/actors/questionWizard.ts provides them alike).
  calls: (http, input: { catalog: Catalog }) => ({ ...questionWizardCalls(http), ...questionWizardSyncCalls(input.catalog)(http) }),
  abstraction: (s) => {
    const { catalog: _catalog, today: _today, leadId, checkout: _checkout, ...rest } = context(s);
    return { value: s.value, lead: leadId !== null, ...rest };
  },
  // The child holds the answers as last told (at a step that saves): what matters is what it has unsaved and sends.
  children: ['leadSync'],
  childAbstraction: (_id, child) => {
    const c = child.context as LeadSyncContext;
    return {
      value: child.value,
      lead: c.leadId !== null,
      capture: c.capture !== null,
      unsaved: Object.entries(c.values[ANSWERS] ?? {}).filter(([id, value]) => c.synced[ANSWERS]?.[id] !== value).map(([id]) => id).sort(),
      pending: c.pending,
      failures: Math.min(c.failures, 2),
    };
  },
  cases,
  // An answer counts by its kind: valid, padded with spaces, empty, or broken in its own way (a rule's message).
  payloadKind: (before, event) => {
    if (event.type !== 'ANSWER.CHANGE') return JSON.stringify(event);
    const c = context(before);
    const question = onScreen(c);
    const value = String(event.value);
    if (value === '') return 'ANSWER.CHANGE empty';
    if (value !== value.trim()) return 'ANSWER.CHANGE padded';
    const error = verdict(c.catalog, question, value);
    return `ANSWER.CHANGE ${question.options ? `option ${value}` : (error?.key ?? 'valid')}`;
  },
  // Beyond one path per transition: one per kind of step, so a mutant that changes which transitions exist
  // still meets the paths that would show the difference.
  variety: ({ before, event }) => {
    const c = context(before);
    const question = onScreen(c);
    const fields = c.catalog.capture;
    const visible = shown(c.catalog, c.answers);
    const next = visible[visible.findIndex((q) => q.id === c.currentId) + 1];
    const role = !next
      ? 'last'
      : question.id === fields?.email
        ? 'email'
        : question.id === fields?.firstName
          ? 'first-name'
          : question.id === fields?.phone
            ? 'phone'
            : next.section !== question.section
              ? 'section-end'
              : 'other';
    // Where the applicant stands matters to Next (it may capture, update or submit) and to a call's outcome;
    // typing and going back are covered by their payloads already.
    if (event.type !== 'NEXT' && !event.type.startsWith('xstate.')) return null;
    const draftValid = verdict(c.catalog, question, c.draft) === null;
    const syncBusy = before.hasTag('saving');
    if (event.type !== 'NEXT') return JSON.stringify([event.type, before.hasTag('busy'), syncBusy]);
    return JSON.stringify([event.type, role, draftValid, syncBusy, c.leadId !== null]);
  },
  oracle: {
    initial: (s, world) => {
      // A returning browser resumes where it stopped (a question it can see), else on the first question.
      const input = world.input as { catalog: Catalog; answers?: Answers; currentId?: string; leadId?: string; synced?: Answers };
      const answers = input.answers ?? {};
      const visible = shown(input.catalog, answers);
      const currentId = visible.find((q) => q.id === input.currentId)?.id ?? visible[0]?.id;
      expect(context(s)).toMatchObject({
        answers,
        currentId,
        draft: answers[currentId as string] ?? '',
        error: null,
        leadId: input.leadId ?? null,
        synced: input.synced ?? {},
        checkout: null,
      });
      expect(s.matches({ active: { flow: { answering: 'editing' }, sync: 'idle' } })).toBe(true);
      expect(world.held).toEqual([]);
    },
    step: async (step) => {
      const { before, event, after } = step;
      const b = context(before);
      const a = context(after);
      // The wizard's sync region says what the child is doing: the submit waits on it, so it must never lag.
      if (after.status === 'active') expect(syncOf(after), `the sync region with the child ${leadState(after)}`).toBe(leadState(after) === 'saving' ? 'updating' : leadState(after));
      switch (event.type) {
        case 'ANSWER.CHANGE':
          expect({ draft: a.draft, error: a.error, currentId: a.currentId, answers: a.answers }).toEqual({
            draft: event.value,
            error: null,
            currentId: b.currentId,
            answers: b.answers,
          });
          expect(after.hasTag('submitFailed'), 'editing clears a failed submit').toBe(false);
          expect(step.started).toEqual([]);
          break;
        case 'NEXT':
          checkNext(step);
          break;
        case 'PREVIOUS': {
          if (before.hasTag('review')) {
            // From the review back to the last question, every answer kept.
            expect(after.hasTag('question')).toBe(true);
            expect({ currentId: a.currentId, answers: a.answers }).toEqual({ currentId: b.currentId, answers: b.answers });
            break;
          }
          if (before.matches({ active: { flow: 'revising' } })) {
            // Back to the review, without keeping what was being typed.
            expect(after.hasTag('review')).toBe(true);
            expect(a.answers).toEqual(b.answers);
            break;
          }
          const visible = shown(b.catalog, b.answers);
          const i = visible.findIndex((q) => q.id === b.currentId);
          if (i <= 0) {
            expect(a).toEqual(b);
            break;
          }
          const previous = visible[i - 1]?.id as string;
          expect({ currentId: a.currentId, draft: a.draft, error: a.error, answers: a.answers }).toEqual({
            currentId: previous,
            draft: b.answers[previous] ?? '',
            error: null,
            answers: b.answers,
          });
          expectPersisted(step);
          break;
        }
        case 'REVIEW.EDIT': {
          const visible = shown(b.catalog, b.answers).some((q) => q.id === event.questionId);
          if (!visible) {
            expect(after.hasTag('review'), 'a hidden question cannot be edited').toBe(true);
            break;
          }
          expect(after.matches({ active: { flow: 'revising' } })).toBe(true);
          expect({ currentId: a.currentId, draft: a.draft, error: a.error }).toEqual({
            currentId: event.questionId,
            draft: b.answers[event.questionId] ?? '',
            error: null,
          });
          break;
        }
        case 'SUBMIT':
          expect(after.hasTag('busy')).toBe(true);
          expect(a.answers).toEqual(b.answers);
          break;
        case 'FORM.SWITCH': {
          const allowed = b.catalog.id === 'esta' && b.error?.key === 'validation.esta.notWaiver';
          expect(after.status).toBe(allowed ? 'done' : 'active');
          if (!allowed) break;
          const answers = { ...b.answers, [b.currentId]: kept(onScreen(b), b.draft) };
          expect(after.output).toMatchObject({ kind: 'switched', to: '/apply/wizard' });
          // The DS-160 opens with what the ESTA shares already filled in.
          expect(step.asked.map((e) => named(e, b.catalog.id))).toEqual(['handOver', 'navigate(/apply/wizard)']);
          expect(lastKept(step.world, 'ds160')).toEqual({ answers: carried(answers), currentId: null, leadId: null, synced: {} });
          break;
        }
        default:
          await checkOutcome(step);
      }
    },
    states: {
      'active.flow.submitting.sending': (s, world) => {
        const c = context(s);
        expect(lastHeld(world, 'submitLead')?.input).toEqual({
          catalog: c.catalog,
          answers: submitted(c.catalog, c.answers),
          changes: unsynced(c.catalog, c.answers, c.synced),
          leadId: c.leadId,
        });
      },
      'active.sync.idle': (s) => {
        expect(pendingOf(s)).toBeNull();
        expect(s.hasTag('saving')).toBe(false);
      },
      'active.sync.failed': (s) => {
        expect(pendingOf(s)).toBeNull();
        expect(s.hasTag('saving')).toBe(false);
      },
      'active.sync.capturing': (s) => expect(s.hasTag('saving')).toBe(true),
      'active.sync.updating': (s, world) => {
        expect(s.hasTag('saving')).toBe(true);
        expect(pendingOf(s)).toEqual(lastHeld(world, 'save')?.input.changes);
      },
      'active.flow.answering': (s) => {
        // Previous is offered everywhere but on the first question the applicant can see.
        const c = context(s);
        expect(s.can({ type: 'PREVIOUS' })).toBe(shown(c.catalog, c.answers)[0]?.id !== c.currentId);
        // The way to the DS-160 shows only beside the message that calls for it.
        expect(s.can({ type: 'FORM.SWITCH' })).toBe(c.catalog.id === 'esta' && c.error?.key === 'validation.esta.notWaiver');
      },
      'active.flow.reviewing': (s) => {
        expect(s.hasTag('question')).toBe(false);
        expect(s.can({ type: 'SUBMIT' })).toBe(true);
      },
      'active.flow.submitting.waitingForSync': (s) => {
        // A capture or update is still running: the submit waits for it rather than racing it.
        expect(['capturing', 'updating']).toContain(syncOf(s));
      },
    },
  },
};
