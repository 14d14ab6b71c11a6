import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { DS160_FORM_SECTIONS } from '../../machines/domain/ds160Form';
import { toIsoDate } from '../../machines/domain/validators';
import { allCompleted, changedValues, ds160FormMachine, retryDelay, type Ds160FormInput, type SaveInput } from '../../machines/ds160Form.machine';
import { leadSyncMachine } from '../../machines/leadSync.machine';
import { validForm } from '../helpers/ds160Form';
import { effectsOf, heard, lastNavigation } from './emitted';

/** Where this browser keeps the form (the oracle's own statement, not the machine's constant). */
const FORM_KEY = 'rumbo-ds160-form';

const TODAY = toIsoDate(new Date());
// Stand-ins for the calls: one answer, whatever the input.
const resolves = (value: unknown): any => fromPromise(async () => value);
const rejects = (): any =>
  fromPromise(async () => {
    throw new Error('offline');
  });

function start(input: Partial<Ds160FormInput> = {}, implementations: { actors?: Record<string, unknown>; actions?: Record<string, unknown> } = {}) {
  // The lead's capture and saves are the lead-sync child's calls.
  const { captureLead = resolves({ leadId: 'lead', existing: false }), saveLead = resolves(null), ...actors } = implementations.actors ?? {};
  return createActor(
    ds160FormMachine.provide({
      actors: {
        submitForm: resolves({ leadId: 'lead', checkout: { url: '/checkout?formType=DS-160&amount=50&plan=basic&lead=lead', amount: 50 } }),
        ...actors,
        leadSync: leadSyncMachine.provide({ actors: { capture: captureLead, save: saveLead } as never }),
      } as never,
      actions: implementations.actions as never,
    }),
    { input: { today: TODAY, ...input } },
  ).start();
}

/** Types every answer of the section on screen. */
function fill(actor: ReturnType<typeof start>, values: Record<string, unknown>) {
  for (const [field, value] of Object.entries(values)) actor.send({ type: 'FIELD.CHANGE', field, value });
}

describe('the ten-section form', () => {
  it('refuses Next with the section’s messages, then stores it, marks it done and moves on', () => {
    const focusError = vi.fn();
    const actor = start({}, { actions: { focusError } });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.current).toBe(0);
    expect(actor.getSnapshot().context.errors.firstName?.key).toBe('ds160form:validation.firstName.required');
    expect(focusError).toHaveBeenCalledOnce();
    fill(actor, validForm()['personal-info']);
    expect(actor.getSnapshot().context.errors.firstName).toBeUndefined();
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context).toMatchObject({ current: 1, completed: ['personal-info'] });
  });

  it('keeps the answers as they are when Next finds them already in their stored form, and replaces them when not', () => {
    const form = validForm();
    const actor = start({ values: form });
    actor.send({ type: 'NEXT' });
    // personal-info is stored as the validator library writes it: the page has nothing new to draw.
    expect(actor.getSnapshot().context.values).toBe(form);
    actor.send({ type: 'GOTO', section: 'address-phone' });
    actor.send({ type: 'NEXT' });
    // address-phone's phone is rewritten as + and digits and the mailing address is filled in: new answers.
    const values = actor.getSnapshot().context.values;
    expect(values).not.toBe(form);
    expect(values['address-phone']).toMatchObject({ primaryPhone: '+523312345678', mailingCity: 'Guadalajara' });
    expect(values['personal-info']).toBe(form['personal-info']);
  });

  it('Previous is refused on the first section; the sidebar jumps anywhere', () => {
    const actor = start();
    actor.send({ type: 'PREVIOUS' });
    expect(actor.getSnapshot().context.current).toBe(0);
    actor.send({ type: 'GOTO', section: 'family-info' });
    expect(actor.getSnapshot().context.current).toBe(DS160_FORM_SECTIONS.indexOf('family-info'));
    actor.send({ type: 'PREVIOUS' });
    expect(actor.getSnapshot().context.current).toBe(DS160_FORM_SECTIONS.indexOf('family-info') - 1);
  });

  it('adds and removes companion rows, numbering their messages', () => {
    const actor = start({ current: DS160_FORM_SECTIONS.indexOf('travel-companions') });
    fill(actor, { travelingWithOthers: 'Yes', groupTravel: 'No' });
    actor.send({ type: 'ROW.ADD', list: 'companions' });
    actor.send({ type: 'ROW.ADD', list: 'companions' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.errors['companions.1.firstName']).toMatchObject({ params: { n: 2 } });
    actor.send({ type: 'ROW.REMOVE', list: 'companions', index: 0 });
    expect(actor.getSnapshot().context.values['travel-companions']?.companions).toHaveLength(1);
  });

  it('captures the lead once the first name and the e-mail exist, then saves only what changed', async () => {
    const saves: SaveInput[] = [];
    const announceLeadStarted = vi.fn();
    const actor = start(
      { values: { 'address-phone': { emailAddress: 'maria@example.com' } } },
      { actors: { saveLead: fromPromise(async ({ input }: { input: SaveInput }) => void saves.push(input)) }, actions: { announceLeadStarted } },
    );
    expect(actor.getSnapshot().context.leadId).toBeNull();
    fill(actor, validForm()['personal-info']);
    await waitFor(actor, (s) => s.context.leadId === 'lead');
    expect(announceLeadStarted).toHaveBeenCalledOnce();
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => saves.length === 1 && s.matches({ active: { sync: 'idle' } }));
    expect(Object.keys(saves[0]!.changes)).toEqual(['personal-info', 'address-phone']);
    expect(changedValues(actor.getSnapshot().context.values, actor.getSnapshot().context.synced)).toEqual({});
  });

  it('offers the ESTA to a visa-waiver nationality and hands over the shared answers', async () => {
    const actor = start();
    fill(actor, validForm({ 'personal-info': { nationality: 'Spain', birthCountry: 'Spain' } })['personal-info']);
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.waiver).toBe('shown');
    actor.send({ type: 'WAIVER.SWITCH' });
    const output = actor.getSnapshot().output;
    expect(output).toMatchObject({ kind: 'switched', to: '/apply/esta-wizard', answers: { 'first-name': 'Maria', 'last-name': 'Lopez' } });
  });

  it('submits on the last section and ends on the checkout the server names', async () => {
    const all = validForm();
    const actor = start({ values: all, current: DS160_FORM_SECTIONS.length - 1, completed: DS160_FORM_SECTIONS.slice(0, -1), leadId: 'lead', synced: all });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ kind: 'submitted', to: '/checkout?formType=DS-160&amount=50&plan=basic&lead=lead' });
  });

  it('keeps the submitted form in the browser, complete and saved, for the completion card on the way back', async () => {
    const all = validForm();
    const actor = start({ values: all, current: DS160_FORM_SECTIONS.length - 1, completed: DS160_FORM_SECTIONS.slice(0, -1) });
    const effects = heard(actor);
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.status === 'done');
    // What the browser keeps under the form's key: the last write, never a removal.
    const writes = effectsOf(effects, 'store').filter((e) => FORM_KEY in e.values).map((e) => e.values[FORM_KEY]);
    expect(writes).not.toContain(null);
    const kept = JSON.parse(writes.at(-1) as string);
    expect(kept).toMatchObject({ values: all, leadId: 'lead', synced: all, current: DS160_FORM_SECTIONS.length - 1 });
    expect([...kept.completed].sort()).toEqual([...DS160_FORM_SECTIONS].sort());
    // It leaves for the checkout the server named.
    expect(lastNavigation(effects)).toBe('/checkout?formType=DS-160&amount=50&plan=basic&lead=lead');
    // Opened again from what was kept: every section done, so the card shows, and nothing is sent again.
    const back = start(kept);
    expect(allCompleted(back.getSnapshot().context)).toBe(true);
    expect(changedValues(back.getSnapshot().context.values, back.getSnapshot().context.synced)).toEqual({});
  });

  it('starts a new application only from a finished one, emptying the form kept in this browser', () => {
    const all = validForm();
    const unfinished = start({ values: all, current: 3, completed: DS160_FORM_SECTIONS.slice(0, 3), leadId: 'lead', synced: all });
    const before = heard(unfinished);
    unfinished.send({ type: 'RESET' });
    expect(unfinished.getSnapshot().context.values).toBe(all);
    expect(before).toEqual([]);
    const finished = start({ values: all, current: DS160_FORM_SECTIONS.length - 1, completed: [...DS160_FORM_SECTIONS], leadId: 'lead', synced: all });
    const after = heard(finished);
    finished.send({ type: 'RESET' });
    expect(finished.getSnapshot().context).toMatchObject({ values: {}, current: 0, completed: [], leadId: null, synced: {} });
    expect(effectsOf(after, 'store').filter((e) => e.values[FORM_KEY] === null)).toHaveLength(1);
  });

  it('keeps everything and stays put when the submit fails', async () => {
    const all = validForm();
    const announceSubmitFailed = vi.fn();
    const actor = start(
      { values: all, current: DS160_FORM_SECTIONS.length - 1, completed: DS160_FORM_SECTIONS.slice(0, -1), leadId: 'lead', synced: all },
      { actors: { submitForm: rejects() }, actions: { announceSubmitFailed } },
    );
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches({ active: { flow: 'editing' } }));
    expect(announceSubmitFailed).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.values).toEqual(all);
  });
});

describe('saving that fails', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says so once, keeps the answers and retries with a growing wait', async () => {
    const announceSaveFailed = vi.fn();
    let calls = 0;
    const actor = start(
      { leadId: 'lead', values: { 'personal-info': { firstName: 'Maria' } }, synced: {} },
      {
        actors: {
          saveLead: fromPromise(async () => {
            calls += 1;
            throw new Error('offline');
          }),
        },
        actions: { announceSaveFailed },
      },
    );
    await vi.advanceTimersByTimeAsync(1500);
    expect(calls).toBe(1);
    expect(actor.getSnapshot().matches({ active: { sync: 'failed' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(retryDelay(1) + 1500);
    expect(calls).toBe(2);
    expect(announceSaveFailed).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.values['personal-info']).toEqual({ firstName: 'Maria' });
    expect([1, 2, 3, 10].map(retryDelay)).toEqual([2000, 4000, 8000, 60000]);
  });
});

// Issue 45 item 9: a group's traveller opened from the panel (who may be new) is not greeted "your answers are back";
// answers brought back by a resume code are.
describe('a paid application (issue 45)', () => {
  const form = validForm();
  const finished = { values: form, current: DS160_FORM_SECTIONS.length - 1, completed: [...DS160_FORM_SECTIONS], leadId: 'paid-lead', synced: form };

  it('asks whether the lead it holds is paid, and when it is opens read-only: nothing typed, moved on or submitted', async () => {
    const fetchPayment = vi.fn(async ({ input }: { input: { leadId: string } }) => ({ leadId: input.leadId, paid: true }));
    const fetchPrice = vi.fn(async () => ({}));
    const actor = start(finished, { actors: { fetchPayment: fromPromise(fetchPayment), fetchPrice: fromPromise(fetchPrice) } });
    await waitFor(actor, (s) => s.hasTag('paid'));
    expect(fetchPayment).toHaveBeenCalledOnce();
    expect(fetchPayment.mock.calls[0]?.[0].input).toEqual({ leadId: 'paid-lead' });
    // No completion card, so no quote for it.
    expect(fetchPrice).not.toHaveBeenCalled();
    const before = actor.getSnapshot().context.values;
    actor.send({ type: 'FIELD.CHANGE', field: 'agreeToRequirements', value: false });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.values).toBe(before);
    expect(actor.getSnapshot().hasTag('paid')).toBe(true);
    // Its sections can still be looked through.
    actor.send({ type: 'GOTO', section: 'personal-info' });
    expect(actor.getSnapshot().context.current).toBe(0);
    // The next applicant starts on an empty, open form.
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().hasTag('paid')).toBe(false);
    expect(actor.getSnapshot().context).toMatchObject({ values: {}, leadId: null, paid: false });
  });

  it('stays open when the lead is not paid, or the server cannot say', async () => {
    for (const fetchPayment of [resolves({ leadId: 'paid-lead', paid: false }), rejects()]) {
      const actor = start(finished, { actors: { fetchPayment, fetchPrice: rejects() } });
      await waitFor(actor, (s) => s.context.paymentKnownFor === 'paid-lead');
      expect(actor.getSnapshot().matches({ active: { flow: 'editing' } })).toBe(true);
    }
  });

  it("opens a paid traveller handed over read-only without asking again, and another's answers open again", () => {
    const fetchPayment = vi.fn(async () => ({ leadId: 'x', paid: false }));
    const actor = start({}, { actors: { fetchPayment: fromPromise(fetchPayment) } });
    actor.send({ type: 'RESTORE', leadId: 'luis', values: form, from: 'traveller', paid: true });
    expect(actor.getSnapshot().hasTag('paid')).toBe(true);
    actor.send({ type: 'RESTORE', leadId: 'lucia', values: form, from: 'traveller', paid: false });
    expect(actor.getSnapshot().matches({ active: { flow: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().context.leadId).toBe('lucia');
    expect(fetchPayment).not.toHaveBeenCalled();
  });
});

describe('answers brought into the form', () => {
  it('says "Application Restored" for a resume code, and nothing for a traveller opened from the group panel', () => {
    const restoredToasts = (from?: 'code' | 'traveller') => {
      const actor = start();
      const effects = heard(actor);
      actor.send({ type: 'RESTORE', leadId: 'luis', values: { 'personal-info': { firstName: 'Luis' } }, ...(from ? { from } : {}) });
      expect(actor.getSnapshot().context.leadId).toBe('luis');
      return effectsOf(effects, 'toast').filter((e) => e.toast.title === 'ds160form:toasts.resumed.title');
    };
    expect(restoredToasts('traveller')).toEqual([]);
    expect(restoredToasts('code')).toHaveLength(1);
    expect(restoredToasts()).toHaveLength(1);
  });
});
