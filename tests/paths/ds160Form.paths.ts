import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { ds160FormCalls } from '../../client/api/actors/ds160Form';
import { leadSyncCalls } from '../../client/api/actors/leadSync';
import { SHIPPED_SETTINGS } from '../fixtures/settings';
import type { Ds160FormSection } from '../../machines/domain/ds160Form';
import { ds160FormMachine, type Ds160FormContext } from '../../machines/ds160Form.machine';
import { leadSyncMachine, type LeadSyncContext } from '../../machines/leadSync.machine';
import { validForm } from '../helpers/ds160Form';
import { lastCall, lastHeld, type Effect, type PathModel, type Snap, type World } from './model';
import { childOf } from './system';
import { modelPrice } from './startChoice';
import { application, pay } from './commerce';

// /ds160-wizard (spec 2-wizards §2.4, §4.4-§4.6) against the real leads routes. Each case starts where
// something happens (the lead can be captured, the waiver panel, the last section), restored as a returning
// browser would, and offers the moves that matter there.

const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const TODAY = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
const FORM = validForm();
const PRO_FORM = validForm({ 'personal-info': { selectedPlan: 'pro' } });

// The oracle's own statement of the form's rules (spec 2-wizards §3.4, §4.4), not the machine's or the validator
// library's functions: a path file that called them would agree with a wrong rule (tests/domain/oracleImports.test.ts).

/** The ten sections, in the spec's order. */
const SECTIONS: readonly Ds160FormSection[] = [
  'personal-info', 'travel-info', 'address-phone', 'passport-info', 'travel-companions',
  'previous-travel', 'family-info', 'work-education', 'security-background', 'photo-submission',
];
const LAST = SECTIONS.length - 1;
/** The completion card shows once every one of the ten sections is done. */
const allDone = (c: Pick<Ds160FormContext, 'completed'>) => SECTIONS.every((section) => c.completed.includes(section));
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
/** A lead can be made from a first name and a whole e-mail (the contact section's, else the personal one's). */
function canCapture(c: Pick<Ds160FormContext, 'values'>): boolean {
  const email = trimmed(c.values['address-phone']?.emailAddress) || trimmed(c.values['personal-info']?.email);
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email) && trimmed(c.values['personal-info']?.firstName) !== '';
}
/** Per section, the answers that differ from the server's copy (a list compared whole). */
function unsaved(values: Ds160FormContext['values'], synced: Ds160FormContext['values']): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const section of SECTIONS) {
    const fields = Object.entries(values[section] ?? {}).filter(([field, value]) => JSON.stringify(value) !== JSON.stringify(synced[section]?.[field]));
    if (fields.length > 0) out[section] = Object.fromEntries(fields);
  }
  return out;
}
/** The card has a price only when the server's answer was for the plan chosen now and this application. */
const hasPrice = (s: Snap) => {
  const { price, leadId } = context(s);
  return price !== null && price.plan === chosenPlan(s) && price.leadId === leadId;
};
/** The answers the spec does not require (spec 2-wizards §4.5): a plan (Basic when none), other nationalities. */
const OPTIONAL = new Set(['selectedPlan', 'otherNationalities']);
/**
 * The fields Next must name as wrong in a section: a required fixture field left out or blank, the photo's
 * certification unticked when there is a photo, and, travelling with others, the companions list with no row or
 * a blank one. The cases type nothing else that is wrong (a one-letter birth city is a city).
 */
function wrongFields(section: Ds160FormSection, values: Record<string, unknown>): string[] {
  const wrong = Object.keys(FORM[section]).filter((field) => !OPTIONAL.has(field) && trimmed(values[field]) === '' && typeof values[field] !== 'boolean');
  if (section === 'photo-submission' && values.hasPhoto === 'Yes' && values.agreeToRequirements !== true) wrong.push('agreeToRequirements');
  if (section === 'travel-companions' && values.travelingWithOthers === 'Yes') {
    const rows = (values.companions as Record<string, unknown>[] | undefined) ?? [];
    if (rows.length === 0 || rows.some((row) => Object.values(row).every((v) => trimmed(v) === ''))) wrong.push('companions');
  }
  return [...new Set(wrong)].sort();
}
/** What Next keeps: every text trimmed, the passport number in capitals. */
function keptAsTyped(section: Ds160FormSection, values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([field, value]) => [field, typeof value !== 'string' ? value : section === 'passport-info' && field === 'passportNumber' ? value.trim().toUpperCase() : value.trim()]),
  );
}
/** Long delays, so the second the runner lets pass before each event never ends one by accident. */
const AUTOSAVE_MS = 1_000_000;
const RETRY_MS = 2_000_000;

/** What a resumed lead holds: three whole sections, one begun, and a key that is no section (dropped). */
const RESTORED = {
  'personal-info': FORM['personal-info'],
  'travel-info': FORM['travel-info'],
  'address-phone': FORM['address-phone'],
  'passport-info': { passportNumber: 'X12345678' },
  'not-a-section': { anything: true },
};

const context = (s: Snap) => s.context as Ds160FormContext;
const priceOf = (s: Snap): string => {
  const price = (s.value as { active?: { price?: unknown } }).active?.price;
  return typeof price === 'string' ? price : 'ended';
};
const syncOf = (s: Snap): string => {
  const sync = (s.value as { active?: { sync?: unknown } }).active?.sync;
  if (sync === undefined) return 'ended';
  return typeof sync === 'string' ? sync : `busy.${Object.values(sync as object)[0]}`;
};
const omit = (errors: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(errors).filter(([path]) => path !== key));
/** The lead-sync child (captures and saves in the background): its state, and its context. */
const leadOf = (s: Snap) => childOf(s, 'leadSync');
const leadState = (s: Snap): string => (leadOf(s)?.value as string | undefined) ?? 'ended';
const leadContext = (s: Snap) => leadOf(s)?.context as LeadSyncContext | undefined;
const failuresOf = (s: Snap) => leadContext(s)?.failures ?? 0;
const sectionOf = (s: Snap) => SECTIONS[context(s).current] as Ds160FormSection;
/** The plan a submit pays for: the form's choice, else Basic (the choice's default). */
const chosenPlan = (s: Snap) => (context(s).values['personal-info']?.selectedPlan as string | undefined) || 'basic';

const AUTOSAVE_ENDS = 'xstate.after.AUTOSAVE.leadSync.idle';
const RETRY_ENDS = 'xstate.after.RETRY.leadSync.failed';

/** When the lead-sync child last entered idle or failed, by path: its delays end counted from there. */
const clock = new WeakMap<World, { idleSince: number; failedSince: number; sync: string }>();

/**
 * What the server says of the payment of the lead a case holds: unpaid, paid (issue 45: the form opens read-only), or
 * nothing, for a lead it does not have (a resume code's made-up id here): the form then stays open.
 */
type Payment = 'unpaid' | 'paid' | 'unknown';
const paymentOf = (s: Snap): string => {
  const payment = (s.value as { active?: { payment?: unknown } }).active?.payment;
  return typeof payment === 'string' ? payment : 'ended';
};

function outcomes(s: Snap, existing = false, payment: Payment = 'unpaid'): AnyEventObject[] {
  const sync = syncOf(s);
  // The child's calls and timers are the child's: offered by where it is (the form mirrors it in its sync region).
  const lead = leadState(s);
  const events: AnyEventObject[] = [];
  if (lead === 'capturing') events.push({ type: 'xstate.done.actor.capture', output: { leadId: 'lead', existing } }, { type: 'xstate.error.actor.capture', error: 'network' });
  if (lead === 'saving') events.push({ type: 'xstate.done.actor.save', output: null }, { type: 'xstate.error.actor.save', error: 'network' });
  const c = context(s);
  const capturable = c.leadId === null && canCapture(c);
  // The pause ends whenever typing stops; with nothing to send (a lead, nothing changed) it sends nothing.
  if (lead === 'idle' && (capturable || c.leadId !== null)) {
    events.push({ type: AUTOSAVE_ENDS });
  }
  if (lead === 'failed') events.push({ type: RETRY_ENDS }, { type: 'RETRY' });
  // The completion card's price: the server's quote for the chosen plan and this application, or a lost connection.
  // Its outcomes are offered once the saving has settled, so its interleavings with saving stay few.
  if (priceOf(s) === 'loading' && sync === 'idle') {
    const fee = SHIPPED_SETTINGS.pricing[`DS160_${chosenPlan(s).toUpperCase()}` as keyof typeof SHIPPED_SETTINGS.pricing];
    const price = modelPrice(fee, SHIPPED_SETTINGS.fees.processingFee, 'B');
    events.push({ type: 'xstate.done.actor.fetchPrice', output: { plan: chosenPlan(s), leadId: c.leadId, price } }, { type: 'xstate.error.actor.fetchPrice', error: 'network' });
  }
  if (priceOf(s) === 'failed' && sync === 'idle') events.push({ type: 'PRICE.RETRY' });
  if (paymentOf(s) === 'checking') {
    events.push(
      payment === 'unknown'
        ? { type: 'xstate.error.actor.fetchPayment', error: { status: 404 }, sent: true }
        : { type: 'xstate.done.actor.fetchPayment', output: { leadId: c.leadId, paid: payment === 'paid' } },
      // A lost answer leaves the form open (the server still keeps a paid one's answers): offered where the lead is not
      // paid, so the card's price is an unpaid application's.
      ...(payment === 'paid' ? [] : [{ type: 'xstate.error.actor.fetchPayment', error: 'network' }]),
    );
  }
  if (s.matches({ active: { flow: { submitting: 'sending' } } })) {
    events.push({ type: 'xstate.done.actor.submitForm', output: { leadId: 'lead', checkout: { url: '/checkout', amount: 50 } } }, { type: 'xstate.error.actor.submitForm', error: 'network' });
  }
  return events;
}

/**
 * The moves around the case's section: a wrong answer and its fix there, Next from it, Previous back to it,
 * the panel's buttons. Staying near one section keeps the graph small; other cases start elsewhere.
 */
function moves(home: number, field: string, wrong: unknown) {
  return (s: Snap): AnyEventObject[] => {
    const events = outcomes(s);
    if (s.hasTag('busy')) return events;
    const c = context(s);
    const here = sectionOf(s);
    const right = FORM[here][field];
    return [
      ...events,
      ...(c.current === home ? [{ type: 'FIELD.CHANGE', field, value: c.values[here]?.[field] === right ? wrong : right }, { type: 'NEXT' }] : [{ type: 'PREVIOUS' }]),
      ...(c.waiver === 'shown' ? [{ type: 'WAIVER.SWITCH' }, { type: 'WAIVER.DISMISS' }] : [{ type: 'WAIVER.SWITCH' }]),
      { type: 'SUBMIT' },
      // The completion card's other button, where the card shows.
      ...(allDone(c) ? [{ type: 'RESET' }] : []),
    ];
  };
}

const upTo = (section: Ds160FormSection) => SECTIONS.slice(0, SECTIONS.indexOf(section));

/** A lead of this browser, as the form would have captured it, with every section but the last saved. */
async function savedLead(world: World, form: typeof FORM): Promise<string> {
  const res = await world.http({ method: 'POST', path: '/api/leads/immediate', body: { email: 'maria@example.com', firstName: 'Maria', lastName: 'Lopez', formType: 'DS-160' } });
  const leadId = (JSON.parse(res.text) as { leadId: string }).leadId;
  const saved = Object.fromEntries(upTo('photo-submission').map((s) => [s, form[s]]));
  await world.http({ method: 'PATCH', path: `/api/leads/${leadId}/update`, body: { formData: saved } });
  return leadId;
}

/** Where this browser keeps the form (the oracle's own statement of the key). */
const FORM_KEY = 'rumbo-ds160-form';

/** The toasts the form says, each exactly as the applicant sees it (spec 2-wizards §8), by the oracle's name for it. */
const TOASTS: Record<string, unknown> = {
  announceLeadStarted: { title: 'ds160form:toasts.started.title', description: 'ds160form:toasts.started.description' },
  announceWelcomeBack: { title: 'ds160form:toasts.welcomeBack.title', description: 'ds160form:toasts.welcomeBack.description' },
  announceRestored: { title: 'ds160form:toasts.resumed.title', description: 'ds160form:toasts.resumed.description' },
  // A destructive toast for 3 seconds.
  announceSaveFailed: { title: 'ds160form:toasts.saveError.title', description: 'ds160form:toasts.saveError.description', variant: 'destructive', duration: 3000 },
  announceSubmitted: { title: 'ds160form:toasts.submitted.title' },
  announceSubmitFailed: { title: 'ds160form:toasts.error', description: 'ds160form:toasts.submitFailed', variant: 'destructive' },
};

/**
 * What the form emitted, by the oracle's names: the form kept in this browser (read back) or forgotten, a toast by
 * what it says, focus on the first error of this form; anything else (where it goes, another form opened) as is.
 */
function said(effect: Effect): Effect {
  const e = effect.params;
  if (e.type === 'store' && FORM_KEY in e.values) {
    const value = e.values[FORM_KEY];
    return value === null ? { type: 'clearForm', params: null } : { type: 'persistForm', params: JSON.parse(value) };
  }
  if (e.type === 'toast') {
    const name = Object.keys(TOASTS).find((n) => JSON.stringify(TOASTS[n]) === JSON.stringify(e.toast));
    return { type: name ?? `unexpected toast ${JSON.stringify(e.toast)}`, params: e.toast };
  }
  if (e.type === 'focusError') return { type: e.form === 'ds160-form' ? 'focusError' : `focusError(${e.form})`, params: null };
  return effect;
}

const effectsOf = (world: World, type: string) => world.effects.map(said).filter((e) => e.type === type);

export const ds160FormPaths: PathModel = {
  machine: ds160FormMachine.provide({ actors: { leadSync: leadSyncMachine.provide({ delays: { AUTOSAVE: AUTOSAVE_MS, RETRY: RETRY_MS } }) } }),
  // The completion card's price region (issue 30) and 'Start a new application' beside it (issue 34) add their own paths.
  budget: 240,
  // The page's calls, the child's with them (client/api/actors/ds160Form.ts provides the child leadSyncCalls).
  calls: (http) => ({ ...ds160FormCalls(http), ...leadSyncCalls(http) }),
  abstraction: (s) => {
    const c = context(s);
    return {
      value: s.value,
      current: c.current,
      completed: c.completed.length,
      lead: c.leadId !== null,
      unsaved: Object.keys(unsaved(c.values, c.synced)).sort(),
      errors: Object.keys(c.errors).length > 0,
      waiver: c.waiver,
      failures: Math.min(failuresOf(s), 2),
      price: [priceOf(s), hasPrice(s)],
      section: JSON.stringify(c.values[SECTIONS[c.current] as Ds160FormSection] ?? {}),
      paid: c.paid,
      paymentKnown: c.paymentKnownFor !== null && c.paymentKnownFor === c.leadId,
    };
  },
  // The child's answers are the form's (told at every change): what it has unsaved and in flight is what counts.
  children: ['leadSync'],
  childAbstraction: (_id, child) => {
    const c = child.context as LeadSyncContext;
    return {
      value: child.value,
      lead: c.leadId !== null,
      capture: c.capture !== null,
      unsaved: Object.keys(unsaved(c.values, c.synced)).sort(),
      pending: c.pending ? Object.keys(c.pending).sort() : null,
      failures: Math.min(c.failures, 2),
      due: c.due,
    };
  },
  delayEndsAt: (world) => {
    const at = clock.get(world) ?? { idleSince: 0, failedSince: 0, sync: 'idle' };
    return at.sync === 'failed' ? at.failedSince + RETRY_MS : at.idleSince + AUTOSAVE_MS;
  },
  // The child's pause is its own: only a path that types and then waits shows each keystroke starting it again.
  required: [
    {
      name: 'a keystroke starts the pause again: the lead is captured a pause after the last one, not the first',
      through: [
        (event, before) => event.type === 'FIELD.CHANGE' && leadState(before) === 'idle',
        (event) => event.type === AUTOSAVE_ENDS,
      ],
    },
  ],
  cases: [
    {
      // The first name is typed and the e-mail is there: the lead is captured when the typing pauses.
      name: 'personal details and the e-mail, no lead yet',
      input: { today: TODAY, values: { 'personal-info': FORM['personal-info'], 'address-phone': { emailAddress: 'maria@example.com' } } },
      events: moves(0, 'firstName', ''),
    },
    {
      name: 'a Spanish national on the travel section, the lead saved',
      // The birth city typed with spaces around it: Next keeps it trimmed.
      input: {
        today: TODAY,
        values: { 'personal-info': { ...FORM['personal-info'], nationality: 'Spain', birthCity: ` ${FORM['personal-info'].birthCity} ` } },
        current: 0,
        leadId: 'restored',
        synced: {},
      },
      setup: async (world, input) => {
        const res = await world.http({ method: 'POST', path: '/api/leads/immediate', body: { email: 'pilar@example.com', firstName: 'Pilar', formType: 'DS-160' } });
        return { ...input, leadId: (JSON.parse(res.text) as { leadId: string }).leadId };
      },
      events: moves(0, 'birthCity', 'X'),
    },
    {
      // The Pro plan chosen: the submit asks for it, not the Basic one a form without a choice gets.
      name: 'the photo section, every other done, the lead saved',
      input: { today: TODAY, values: PRO_FORM, current: LAST, completed: upTo('photo-submission'), leadId: 'restored', synced: Object.fromEntries(upTo('photo-submission').map((s) => [s, PRO_FORM[s]])) },
      setup: async (world, input) => ({ ...input, leadId: await savedLead(world, PRO_FORM) }),
      events: moves(LAST, 'agreeToRequirements', false),
    },
    {
      // This browser began the form before (same e-mail): the capture finds that lead and says Welcome Back.
      name: 'the companions section, the lead begun earlier',
      input: { today: TODAY, values: { ...FORM, 'travel-companions': { travelingWithOthers: 'Yes', groupTravel: 'No' } }, current: 4, completed: upTo('travel-companions') },
      setup: async (world, input) => {
        await world.http({ method: 'POST', path: '/api/leads/immediate', body: { email: 'maria@example.com', firstName: 'Maria', formType: 'DS-160' } });
        return input;
      },
      events: (s) => {
        const events = outcomes(s, true);
        if (s.hasTag('busy')) return events;
        const rows = (context(s).values['travel-companions']?.companions as unknown[] | undefined)?.length ?? 0;
        const onCompanions = context(s).current === 4;
        return [
          ...events,
          ...(!onCompanions ? [] : rows < 1 ? [{ type: 'ROW.ADD', list: 'companions' }] : [{ type: 'ROW.REMOVE', list: 'companions', index: 0 }]),
          ...(context(s).current === 4 ? [{ type: 'NEXT' }, { type: 'GOTO', section: 'personal-info' }] : [{ type: 'GOTO', section: 'travel-companions' }]),
        ];
      },
    },
    {
      // Another browser's application, brought back with its resume code (the server's side is in
      // tests/api/resume.test.ts): it replaces the empty form and opens where the applicant stopped.
      name: 'a fresh browser given an application back',
      input: { today: TODAY, values: {} },
      events: (s) => {
        if (s.hasTag('busy')) return outcomes(s, false, 'unknown');
        const c = context(s);
        if (c.leadId === null) return [{ type: 'RESTORE', leadId: 'restored-lead', values: RESTORED }];
        if (paymentOf(s) === 'checking') return outcomes(s, false, 'unknown');
        // Next on the begun passport section shows several messages; one of them is answered once.
        const field = Object.keys(c.errors)[0]?.split('.')[0];
        const once = Object.keys(c.values['passport-info'] ?? {}).length === 1;
        return [{ type: 'NEXT' }, ...(field && once ? [{ type: 'FIELD.CHANGE', field, value: FORM['passport-info'][field] }] : [])];
      },
    },
    {
      // Issue 45: a DS-160 paid alone (no group), reopened in the browser that paid for it. The server keeps its answers
      // (409 application_paid), so the form learns it is paid and opens read-only; another application, or a new one
      // for the next applicant, opens editable.
      name: 'a paid application reopened in this browser',
      input: { today: TODAY, values: FORM, current: LAST, completed: SECTIONS, leadId: 'restored', synced: FORM },
      setup: async (world, input) => {
        const leadId = await application(world);
        await pay(world, 'basic', leadId);
        return { ...input, leadId };
      },
      events: (s) => {
        const c = context(s);
        const payment: Payment = c.leadId === 'restored-lead' ? 'unknown' : 'paid';
        if (s.hasTag('busy') || !s.hasTag('paid')) return outcomes(s, false, payment);
        return [
          ...outcomes(s, false, payment),
          { type: 'FIELD.CHANGE', field: 'agreeToRequirements', value: false },
          { type: 'NEXT' },
          { type: 'PREVIOUS' },
          { type: 'SUBMIT' },
          { type: 'GOTO', section: 'personal-info' },
          { type: 'RESET' },
          { type: 'RESTORE', leadId: 'restored-lead', values: RESTORED },
        ];
      },
    },
    {
      // The capture is tried at once; when it fails the submit makes the whole lead (spec §4.4).
      name: 'the photo section with no lead yet',
      input: { today: TODAY, values: FORM, current: LAST, completed: upTo('photo-submission') },
      events: (s) => (s.hasTag('busy') ? outcomes(s) : [{ type: 'NEXT' }, { type: 'SUBMIT' }, { type: 'RESET' }]),
    },
  ],
  oracle: {
    initial: (s, world) => {
      clock.set(world, { idleSince: 0, failedSince: 0, sync: leadState(s) });
      expect(context(s).current).toBe(Math.min(LAST, world.input.current ?? 0));
    },
    step: ({ before, event, after, world, started, asked: emitted }) => {
      const asked = emitted.map(said);
      const now = world.times.at(-1) ?? 0;
      const at = clock.get(world) ?? { idleSince: 0, failedSince: 0, sync: 'idle' };
      const sync = syncOf(after);
      const lead = leadState(after);
      // Typing restarts the child's pause; a restored or emptied form resets it (back to idle, the pause anew).
      const editing = before.matches({ active: { flow: 'editing' } });
      const resets =
        (editing && (event.type === 'RESTORE' || (event.type === 'RESET' && allDone(context(before))))) ||
        (before.hasTag('paid') && (event.type === 'RESTORE' || event.type === 'RESET'));
      const reentered = (editing && event.type === 'FIELD.CHANGE' && leadState(before) === 'idle') || resets;
      if (lead === 'idle' && (at.sync !== 'idle' || reentered)) at.idleSince = now;
      if (lead === 'failed' && at.sync !== 'failed') at.failedSince = now;
      at.sync = lead;
      clock.set(world, at);
      // The form's save indicator says what the child is doing: never saving when it is not, nor idle when it is.
      if (after.status === 'active') expect(sync, `the form's sync region with the child ${lead}`).toBe(lead === 'capturing' ? 'busy.capturing' : lead === 'saving' ? 'busy.saving' : lead);

      // Next moves on only from a section with no wrong answer, and then marks it done; else it names each wrong field.
      if (event.type === 'NEXT' && before.matches({ active: { flow: 'editing' } })) {
        const section = sectionOf(before);
        const values = context(before).values[section] ?? {};
        const wrong = wrongFields(section, values);
        expect(context(after).completed.includes(section), 'marked done').toBe(wrong.length === 0 || context(before).completed.includes(section));
        if (wrong.length > 0) {
          expect([...new Set(Object.keys(context(after).errors).map((path) => path.split('.')[0]))].sort()).toEqual(wrong);
          expect(asked.map((a) => a.type)).toContain('focusError');
        } else {
          expect(context(after).errors).toEqual({});
          // Kept trimmed (the passport number in capitals), every other section as it was.
          expect(context(after).values).toEqual({ ...context(before).values, [section]: keptAsTyped(section, values) });
          if (context(before).current < LAST) expect(context(after).current).toBe(context(before).current + 1);
        }
      }
      if (event.type === 'PREVIOUS' && before.matches({ active: { flow: 'editing' } })) expect(context(after).current).toBe(Math.max(0, context(before).current - 1));
      // 'Start a new application' is the completion card's: it empties this browser's form, and only a finished one.
      if (event.type === 'RESET') {
        // A paid application's notice offers it too: the next applicant starts on an empty form.
        const resets = (before.matches({ active: { flow: 'editing' } }) && allDone(context(before))) || before.hasTag('paid');
        expect(asked.map((a) => a.type)).toEqual(resets ? ['clearForm'] : []);
        if (resets) expect(context(after)).toMatchObject({ values: {}, current: 0, completed: [], leadId: null, synced: {}, errors: {}, paid: false });
        else expect(context(after).values).toBe(context(before).values);
      }
      // Every change is kept in the browser at once (spec §4.4: a reload resumes with every answer).
      if (event.type === 'FIELD.CHANGE' && before.matches({ active: { flow: 'editing' } })) {
        expect(effectsOf(world, 'persistForm').at(-1)?.params.values).toEqual(context(after).values);
      }
      // An edit changes its own answer only, and takes away its own message (a list's: every row's), no other.
      if (['FIELD.CHANGE', 'ROW.ADD', 'ROW.REMOVE'].includes(event.type) && before.matches({ active: { flow: 'editing' } })) {
        const section = sectionOf(before);
        const was = context(before).values[section] ?? {};
        const e = event as unknown as { field: string; value: unknown; list: string; index: number };
        const rows = (Array.isArray(was[e.list]) ? was[e.list] : []) as unknown[];
        const answers =
          event.type === 'FIELD.CHANGE'
            ? { ...was, [e.field]: e.value }
            : { ...was, [e.list]: event.type === 'ROW.ADD' ? [...rows, {}] : rows.filter((_, i) => i !== e.index) };
        expect(context(after).values).toEqual({ ...context(before).values, [section]: answers });
        const name = event.type === 'FIELD.CHANGE' ? e.field : e.list;
        const kept = Object.fromEntries(Object.entries(context(before).errors).filter(([path]) => path !== name && !path.startsWith(`${name}.`)));
        // Row messages are numbered: removing a row leaves them to the next Next.
        expect(context(after).errors).toEqual(event.type === 'ROW.REMOVE' ? {} : event.type === 'ROW.ADD' ? omit(context(before).errors, name) : kept);
      }
      // A completed section is sent at once (spec 2-wizards §4.4): idle never sits on a lead it could capture
      // from a completed contact section, nor on a completed section the server has not got.
      if (after.status === 'active' && sync === 'idle') {
        const c = context(after);
        const changes = unsaved(c.values, c.synced);
        expect(c.leadId === null && canCapture(c) && c.completed.includes('address-phone'), 'a lead left to capture').toBe(false);
        expect(c.leadId !== null && c.completed.some((section) => changes[section] !== undefined), 'a completed section left unsaved').toBe(false);
      }
      // The pause after typing sends what there is: the lead when it can be made, else the changes to it.
      if (event.type === AUTOSAVE_ENDS) {
        const c = context(before);
        const capturable = c.leadId === null && canCapture(c);
        const savable = c.leadId !== null && Object.keys(unsaved(c.values, c.synced)).length > 0;
        expect(sync).toBe(capturable ? 'busy.capturing' : savable ? 'busy.saving' : 'idle');
      }
      // 'Welcome Back' only for a lead this browser already had; 'Application Started' for a new one.
      if (event.type === 'xstate.done.actor.capture') {
        const { existing } = lastCall(world, 'POST', '/api/leads/immediate')?.response as { existing: boolean };
        expect(asked.map((a) => a.type).filter((t) => t.startsWith('announce'))).toEqual([existing ? 'announceWelcomeBack' : 'announceLeadStarted']);
      }
      // A restored application replaces the form's, with the server's copy as what is saved: nothing is sent again.
      if (event.type === 'RESTORE') {
        const c = context(after);
        const { 'not-a-section': _dropped, ...sections } = (event as unknown as { values: typeof RESTORED }).values;
        expect(c.values).toEqual(sections);
        expect(c.synced).toEqual(c.values);
        expect(c.leadId).toBe((event as unknown as { leadId: string }).leadId);
        expect(c.completed).toEqual(['personal-info', 'travel-info', 'address-phone']);
        expect(c.current).toBe(SECTIONS.indexOf('passport-info'));
        expect(asked.map((a) => a.type)).toEqual(['persistForm', 'announceRestored']);
        expect(effectsOf(world, 'persistForm').at(-1)?.params).toMatchObject({ values: c.values, leadId: c.leadId, current: c.current });
        // Nothing is saved again; its payment is asked unless the handover said it.
        const told = (event as unknown as { paid?: boolean }).paid !== undefined;
        expect(started.map((h) => h.name)).toEqual(told ? [] : ['fetchPayment']);
      }
      // A save sends the fields that differ from what the server has (the form's synced copy), to this lead, no more.
      for (const h of started.filter((c) => c.name === 'save')) {
        const { values, synced, leadId } = context(after);
        const differs = (section: string) =>
          Object.fromEntries(Object.entries(values[section as Ds160FormSection] ?? {}).filter(([field, value]) => JSON.stringify(value) !== JSON.stringify(synced[section as Ds160FormSection]?.[field])));
        const expected = Object.fromEntries(Object.keys(values).map((section) => [section, differs(section)]).filter(([, fields]) => Object.keys(fields as object).length > 0));
        expect(h.input).toEqual({ leadId, changes: expected });
      }
      // 'Save Error' once per run of failures, never at a retry.
      for (const h of started) expect(['capture', 'save', 'submitForm', 'fetchPrice', 'fetchPayment']).toContain(h.name);
      // The payment is asked once for each lead the form holds and has not been told of: never for a lead made just
      // now, nor again for one it knows.
      for (const h of started.filter((c) => c.name === 'fetchPayment')) {
        expect(h.input).toEqual({ leadId: context(after).leadId });
        expect(event.type === 'xstate.done.actor.capture' && lastCall(world, 'POST', '/api/leads/immediate')?.response && !(lastCall(world, 'POST', '/api/leads/immediate')?.response as { existing: boolean }).existing, 'asked about a new lead').toBe(false);
      }
      expect(world.held.filter((h) => h.name === 'fetchPayment' && h.input.leadId === context(after).leadId).length, 'asked twice about one lead').toBeLessThanOrEqual(1);
      // A paid application is read-only: nothing typed, added, removed, moved on or submitted changes it, nothing is sent.
      if (before.hasTag('paid') && ['FIELD.CHANGE', 'ROW.ADD', 'ROW.REMOVE', 'NEXT', 'PREVIOUS', 'SUBMIT'].includes(event.type)) {
        expect(context(after).values).toBe(context(before).values);
        expect(started).toEqual([]);
        expect(after.hasTag('paid')).toBe(true);
      }
      // The card's price is asked for once every section is done and the form is open again (the card shows),
      // for the chosen plan and this application.
      for (const h of started.filter((c) => c.name === 'fetchPrice')) {
        expect(allDone(context(after)) && after.matches({ active: { flow: 'editing' } })).toBe(true);
        expect(h.input).toEqual({ plan: chosenPlan(after), leadId: context(after).leadId });
      }
      expect(asked.filter((a) => a.type === 'announceSaveFailed')).toHaveLength(sync === 'failed' && syncOf(before) !== 'failed' && failuresOf(before) === 0 ? 1 : 0);
      // What a reload restores (answers, section, sections done, the lead and what it holds) is kept in the browser in
      // the step that changes it (spec §4.4), unless the step empties the form ('Start a new application').
      const restored = (c: Ds160FormContext) => ({ values: c.values, current: c.current, completed: c.completed, leadId: c.leadId, synced: c.synced });
      if (!asked.some((a) => a.type === 'clearForm') && JSON.stringify(restored(context(before))) !== JSON.stringify(restored(context(after)))) {
        expect(asked.map((a) => a.type), `${event.type} changed what a reload restores`).toContain('persistForm');
        expect(effectsOf(world, 'persistForm').at(-1)?.params).toEqual(restored(context(after)));
      }
      // 'No thanks' to the visa waiver offer: it is not offered again for this application.
      if (event.type === 'WAIVER.DISMISS' && context(before).waiver === 'shown') expect(context(after).waiver).toBe('dismissed');
      // A submitted form is announced once, as it leaves for the checkout.
      expect(asked.filter((a) => a.type === 'announceSubmitted')).toHaveLength(event.type === 'xstate.done.actor.submitForm' ? 1 : 0);
    },
    states: {
      // The completion card shows the server's quote, the one checkout charges: our fee, processing, the consular
      // fee and the total as their sum, for the chosen plan (issue 30). Not the service fee alone.
      'active.price.idle': async (s, world) => {
        if (!hasPrice(s) || lastHeld(world, 'fetchPrice')?.verdict !== 'sent') return;
        const price = context(s).price!.price;
        const leadId = context(s).leadId;
        const query = new URLSearchParams({ formType: 'DS-160', plan: chosenPlan(s), ...(leadId ? { lead: leadId } : {}) });
        const quote = JSON.parse((await world.http({ method: 'GET', path: `/api/checkout/quote?${query.toString()}` })).text) as { options: Array<{ product: string; price: unknown }> };
        expect(price).toEqual(quote.options.find((o) => o.product === chosenPlan(s))?.price);
        const fee = SHIPPED_SETTINGS.pricing[`DS160_${chosenPlan(s).toUpperCase()}` as keyof typeof SHIPPED_SETTINGS.pricing];
        // The form's trip is tourism (tests/helpers/ds160Form.ts): a visitor visa's consular fee.
        expect(price).toEqual(modelPrice(fee, SHIPPED_SETTINGS.fees.processingFee, 'B'));
        expect(price.outOfPocket).toBe(price.serviceFee + price.processingFee + price.governmentFee);
      },
      'active.price.failed': (s, world) => {
        expect(lastHeld(world, 'fetchPrice')?.verdict).toBe('dropped');
        expect(hasPrice(s)).toBe(false);
      },
      'active.sync.busy.capturing': (s, world) => {
        expect(lastHeld(world, 'capture')?.input).toMatchObject({ email: 'maria@example.com', firstName: 'Maria', formType: 'DS-160' });
      },
      'active.sync.busy.saving': (s, world) => {
        // Only what changed since the server last had it, to this session's own lead.
        const held = lastHeld(world, 'save');
        expect(held?.input.changes).toEqual(leadContext(s)?.pending);
        expect(Object.keys(held?.input.changes ?? {}).length).toBeGreaterThan(0);
      },
      'active.sync.idle': async (s, world) => {
        const c = context(s);
        if (c.leadId === null || lastHeld(world, 'save')?.verdict !== 'sent') return;
        // What the form says is saved, the server holds.
        const lead = await world.http({ method: 'GET', path: `/api/leads/${c.leadId}` });
        const stored = (JSON.parse(lead.text) as { formData: Record<string, Record<string, unknown>> }).formData;
        for (const [section, fields] of Object.entries(c.synced)) for (const [field, value] of Object.entries(fields ?? {})) expect(stored[section]?.[field], `${section}.${field}`).toEqual(value);
      },
      'active.flow.submitting.sending': (s, world) => {
        expect(lastHeld(world, 'submitForm')?.input).toMatchObject({ leadId: context(s).leadId, plan: chosenPlan(s) });
      },
      submitted: async (s, world) => {
        const answer = [...world.calls].reverse().find((c) => c.path.startsWith('/api/leads'));
        expect(answer && answer.status < 300).toBe(true);
        const { checkout } = answer?.response as { checkout: { url: string } };
        expect(s.output).toEqual({ kind: 'submitted', to: checkout.url });
        // The plan's price as the server's pricing has it (the defaults here): Basic 50, Pro 100.
        const plan = chosenPlan(s);
        const amount = SHIPPED_SETTINGS.pricing[`DS160_${plan.toUpperCase()}` as keyof typeof SHIPPED_SETTINGS.pricing];
        expect(checkout.url).toMatch(new RegExp(`^/checkout\\?formType=DS-160&amount=${amount}&plan=${plan}&lead=`));
        const leadId = new URL(checkout.url, 'http://x').searchParams.get('lead') as string;
        const row = await world.app.db.selectFrom('leads').select(['completion_status', 'source', 'subscription_plan']).where('id', '=', leadId).executeTakeFirstOrThrow();
        expect(row).toMatchObject({ completion_status: 'completed', source: 'ds160-wizard', subscription_plan: chosenPlan(s) });
        // Kept in this browser, complete and saved, so coming back shows the completion card (issue 34).
        expect(effectsOf(world, 'clearForm')).toHaveLength(0);
        const kept = effectsOf(world, 'persistForm').at(-1)?.params as Ds160FormContext;
        expect(kept).toMatchObject({ values: context(s).values, current: LAST, leadId, synced: context(s).values });
        expect([...kept.completed].sort()).toEqual([...SECTIONS].sort());
        // And the applicant goes on to the checkout the server named.
        expect(effectsOf(world, 'navigate').map((e) => e.params.to)).toEqual([checkout.url]);
      },
      switched: (s, world) => {
        expect(s.output).toMatchObject({ kind: 'switched', to: '/apply/esta-wizard', answers: { 'first-name': 'Maria' } });
        // The ESTA wizard opens on its first question with what both forms share, and the applicant goes there.
        const esta = effectsOf(world, 'store').filter((e) => 'rumbo-wizard-esta' in e.params.values);
        expect(JSON.parse(esta.at(-1)?.params.values['rumbo-wizard-esta'])).toEqual({ answers: (s.output as { answers: unknown }).answers, currentId: null, leadId: null, synced: {} });
        expect(effectsOf(world, 'navigate').map((e) => e.params.to)).toEqual(['/apply/esta-wizard']);
      },
      // Read-only only for an application the server holds as paid; no completion card, no Proceed to Payment.
      'active.flow.paid': async (s, world) => {
        const lead = await world.http({ method: 'GET', path: `/api/leads/${context(s).leadId}` });
        expect((JSON.parse(lead.text) as { paymentStatus: string }).paymentStatus).toBe('paid');
        expect(s.can({ type: 'SUBMIT' })).toBe(false);
        expect(s.can({ type: 'FIELD.CHANGE', field: 'firstName', value: 'Changed' })).toBe(false);
      },
      'active.flow.editing': async (s, world) => {
        expect(effectsOf(world, 'announceSubmitFailed')).toHaveLength(world.events.filter((e) => e.type === 'xstate.error.actor.submitForm').length);
        expect(lastCall(world, 'POST', '/api/leads/immediate')?.status ?? 201).toBeLessThan(300);
        // Open for typing: the server does not hold this application as paid, once the form has asked.
        const { leadId, paymentKnownFor } = context(s);
        if (leadId !== null && paymentKnownFor === leadId && lastHeld(world, 'fetchPayment')?.verdict === 'sent') {
          const lead = await world.http({ method: 'GET', path: `/api/leads/${leadId}` });
          expect((JSON.parse(lead.text) as { paymentStatus?: string }).paymentStatus).not.toBe('paid');
        }
      },
    },
  },
};
