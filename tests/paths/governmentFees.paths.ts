import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { governmentFeesCalls } from '../../client/api/actors/governmentFees';
import { governmentFeesMachine, type GovernmentFeesContext } from '../../machines/governmentFees.machine';
import type { AdminGovernmentFeesDto } from '../../openapi/schemas/governmentFees';
import { PATHS_OWNER, resetOperator, signIn } from './operators';
import { effectsOf, lastHeld, type PathModel, type Snap, type World } from './model';

// The admin's government fees tab (issue 44) against the real admin routes: the fees with their sources, "checked
// today", a change refused as the oracle says it must be (an amount that is not one, a day that is not after today)
// and one scheduled from tomorrow, each written to the database; and a session that is not an admin, refused.

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const SOURCE = 'https://www.federalregister.gov/d/2026-12345';

const context = (s: Snap) => s.context as GovernmentFeesContext;

/** The rule as the oracle states it: dollars with at most two decimals, in cents; anything else is no amount. */
function cents(text: string): number | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}
/** Which fields a change is refused for: no amount, no day, a day not after today, a source that is not https. */
function refusedFields(form: GovernmentFeesContext['form']): string[] {
  const fields: string[] = [];
  if (cents(form.amount) === null) fields.push('amount');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.effectiveFrom) || form.effectiveFrom <= day(0)) fields.push('effectiveFrom');
  if (!form.sourceUrl.startsWith('https://')) fields.push('sourceUrl');
  return fields;
}

/** A model's stand-in for the server's list (the live actor gets the real one): the ESTA fee, in force. */
const LIST: AdminGovernmentFeesDto = {
  today: day(0),
  checkIntervalDays: 90,
  due: 1,
  fees: [
    {
      code: 'esta',
      subject: 'ESTA',
      paidAt: 'withApplication',
      refundable: false,
      current: { id: 'x', amountCents: 4000, currency: 'USD', effectiveFrom: '2025-09-30', sourceUrl: SOURCE, note: '' },
      upcoming: [],
      past: [],
      unscheduled: [],
      lastCheckedAt: null,
      checkDue: true,
    },
  ],
};

/** The admin signed in, and the ESTA fee as seeded: no change scheduled, never checked. */
async function signedInAdmin(world: World): Promise<void> {
  await world.app.db.deleteFrom('government_fees').where('id', 'not like', 'seed:%').execute();
  await world.app.db.updateTable('government_fees').set({ last_checked_at: null }).execute();
  // The owner with the second step (issue 44), as every admin signs in.
  await resetOperator(world.app, PATHS_OWNER);
  await signIn(world, PATHS_OWNER);
}

const done = (id: string, output: unknown = LIST): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const lost = (id: string): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error: 'network' });
const field = (name: string, value: string): AnyEventObject => ({ type: 'FEE.FIELD', field: name, value });

function adminEvents(s: Snap): AnyEventObject[] {
  if (s.matches('loading')) return [done('fetchFees'), lost('fetchFees')];
  if (s.matches('failed')) return [{ type: 'RETRY' }];
  if (s.matches({ ready: 'saving' })) return [done('scheduleFee'), lost('scheduleFee')];
  if (s.matches({ ready: 'checking' })) return [done('markChecked'), lost('markChecked')];
  if (s.matches({ ready: 'editing' })) {
    const { form } = context(s);
    const moves: AnyEventObject[] = [{ type: 'FEE.SAVE' }, { type: 'FEE.CANCEL' }];
    if (form.amount === '') moves.push(field('amount', '45.00'), field('amount', 'abc'));
    if (form.amount === 'abc') moves.push(field('amount', '45'));
    if (form.effectiveFrom === '') moves.push(field('effectiveFrom', day(1)), field('effectiveFrom', day(0)));
    if (form.effectiveFrom === day(0)) moves.push(field('effectiveFrom', day(1)));
    return moves;
  }
  // A fee that is not listed (the ESTA is no visa class) is nothing the page offers, and nothing the machine does.
  return [
    { type: 'FEE.EDIT', code: 'esta', subject: 'ESTA' },
    { type: 'FEE.CHECK', code: 'esta', subject: 'ESTA' },
    { type: 'FEE.EDIT', code: 'esta', subject: 'K' },
  ];
}

const refused = (id: string): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error: { status: 401 }, sent: true });

/** A session that is not an admin: the list is refused, and the tab ends. */
function strangerEvents(s: Snap): AnyEventObject[] {
  return s.matches('loading') ? [refused('fetchFees')] : [];
}

/** An admin signed out in another tab after the list came: a change or a check is refused, and the tab ends. */
function signedOutEvents(s: Snap): AnyEventObject[] {
  if (s.matches('loading')) return [done('fetchFees')];
  if (s.matches({ ready: 'saving' })) return [refused('scheduleFee')];
  if (s.matches({ ready: 'checking' })) return [refused('markChecked')];
  if (s.matches({ ready: 'editing' })) {
    const { form } = context(s);
    return form.amount === '' ? [field('amount', '45')] : form.effectiveFrom === '' ? [field('effectiveFrom', day(1))] : [{ type: 'FEE.SAVE' }];
  }
  return s.matches({ ready: 'idle' }) ? [{ type: 'FEE.CHECK', code: 'esta', subject: 'ESTA' }, { type: 'FEE.EDIT', code: 'esta', subject: 'ESTA' }] : [];
}

/** The page's calls; for a session signed out elsewhere, the sign-out happens just before a change or a check is sent. */
function calls(http: Parameters<typeof governmentFeesCalls>[0], input: { signedOutElsewhere?: boolean } | undefined) {
  const real = governmentFeesCalls(http);
  if (!input?.signedOutElsewhere) return real;
  const signOut = () => http({ method: 'POST', path: '/api/auth/logout' });
  return {
    ...real,
    scheduleFee: async (i: Parameters<typeof real.scheduleFee>[0]) => (await signOut(), real.scheduleFee(i)),
    markChecked: async (i: Parameters<typeof real.markChecked>[0]) => (await signOut(), real.markChecked(i)),
  };
}

async function estaRows(world: World) {
  return world.app.db.selectFrom('government_fees').selectAll().where('code', '=', 'esta').where('subject', '=', 'ESTA').orderBy('effective_from').execute();
}

/** A toast the tab raised, in the oracle's words: the admin namespace's, a refusal red with the server's reason when it gave one. */
const feeToast = (name: 'feeScheduled' | 'feeChecked' | 'feeScheduleFailed' | 'feeCheckFailed') => ({
  type: 'toast',
  toast: { title: `admin:toast.${name}.title`, description: `admin:toast.${name}.description`, ...(name.endsWith('Failed') ? { variant: 'destructive' } : {}) },
});
const toastsOf = (world: World, name: Parameters<typeof feeToast>[0]) => effectsOf(world, 'toast').filter((e) => e.params.toast.title === `admin:toast.${name}.title`);

export const governmentFeesPaths: PathModel = {
  machine: governmentFeesMachine,
  budget: 40,
  calls,
  abstraction: (s) => {
    const c = context(s);
    return { value: s.value, form: c.form.amount + '|' + c.form.effectiveFrom, errors: Object.keys(c.errors).sort(), editing: c.editing, checking: c.checking };
  },
  cases: [
    { name: 'the signed-in admin', input: undefined, setup: async (w, i) => (await signedInAdmin(w), i), events: adminEvents },
    { name: 'a session that is not an admin', input: undefined, events: strangerEvents },
    { name: 'an admin signed out in another tab', input: { signedOutElsewhere: true }, setup: async (w, i) => (await signedInAdmin(w), i), events: signedOutEvents },
  ],
  required: [
    { name: 'a change refused, corrected, then scheduled', through: [(e, before) => e.type === 'FEE.SAVE' && refusedFields(context(before).form).length > 0, (e) => e.type === 'FEE.FIELD', (e) => e.type === 'xstate.done.actor.scheduleFee'] },
    { name: 'the list lost, then Retry', through: [(e) => e.type === 'xstate.error.actor.fetchFees', (e) => e.type === 'RETRY', (e) => e.type === 'xstate.done.actor.fetchFees'] },
    { name: 'checked today, then a change', through: [(e) => e.type === 'xstate.done.actor.markChecked', (e) => e.type === 'FEE.EDIT' && e.subject === 'ESTA'] },
  ],
  oracle: {
    initial: (s, world) => {
      expect(s.value).toBe('loading');
      expect(world.held.map((h) => h.name)).toEqual(['fetchFees']);
    },
    step: ({ before, event, after, started, asked }) => {
      // Every answer the tab hears is said once, in its own words; nothing else is said.
      const said = {
        'xstate.done.actor.scheduleFee': [feeToast('feeScheduled')],
        'xstate.done.actor.markChecked': [feeToast('feeChecked')],
        'xstate.error.actor.scheduleFee': after.status === 'done' ? [] : [feeToast('feeScheduleFailed')],
        'xstate.error.actor.markChecked': after.status === 'done' ? [] : [feeToast('feeCheckFailed')],
        // A refused change moves focus to the form's first field with an error.
        'FEE.SAVE': before.matches({ ready: 'editing' }) && refusedFields(context(before).form).length > 0 ? [{ type: 'focusError', form: 'fee-change' }] : [],
      }[event.type];
      if (after.status === 'done') expect(asked.map((e) => e.params)).toEqual([{ type: 'handOff', flow: 'adminGate', event: { type: 'EXPIRED' } }]);
      else expect(asked.map((e) => e.params)).toEqual(said ?? []);
      const listed = (e: AnyEventObject) => e.subject === 'ESTA' && e.code === 'esta';
      // "Checked today" asks the server for that fee, once, from the list only.
      if (event.type === 'FEE.CHECK') {
        expect(started.map((h) => [h.name, h.input])).toEqual(before.matches({ ready: 'idle' }) && listed(event) ? [['markChecked', { code: 'esta', subject: 'ESTA' }]] : []);
      }
      // Opening a change: the form starts with the fee's source and note as they stand, no amount or day typed.
      if (event.type === 'FEE.EDIT') {
        if (before.matches({ ready: 'idle' }) && listed(event)) {
          expect(after.matches({ ready: 'editing' })).toBe(true);
          const current = context(before).fees?.fees.find((f) => f.code === 'esta')?.current;
          expect(context(after).form).toEqual({ amount: '', effectiveFrom: '', sourceUrl: current?.sourceUrl, note: current?.note });
        } else expect(after.value).toEqual(before.value);
      }
      // Saving sends exactly the change the oracle reads from the form, or names what is wrong and sends nothing.
      if (event.type === 'FEE.SAVE' && before.matches({ ready: 'editing' })) {
        const form = context(before).form;
        const wrong = refusedFields(form);
        if (wrong.length) {
          expect(started).toEqual([]);
          expect(Object.keys(context(after).errors).sort()).toEqual(wrong.sort());
          expect(after.matches({ ready: 'editing' })).toBe(true);
        } else {
          expect(started.map((h) => [h.name, h.input])).toEqual([
            ['scheduleFee', { code: 'esta', subject: 'ESTA', change: { amountCents: cents(form.amount), effectiveFrom: form.effectiveFrom, sourceUrl: form.sourceUrl, note: form.note } }],
          ]);
        }
      }
      // Typing in a field takes its message away, and only its own.
      if (event.type === 'FEE.FIELD') {
        const { [event.field as 'amount']: _gone, ...others } = context(before).errors;
        expect(context(after).errors).toEqual(others);
      }
    },
    states: {
      'ready.idle': async (s, world) => {
        const c = context(s);
        expect([c.editing, c.checking, c.form, c.errors]).toEqual([null, null, { amount: '', effectiveFrom: '', sourceUrl: '', note: '' }, {}]);
        // What the tab shows is the server's last answer, whichever call gave it.
        const last = [...world.calls].reverse().find((call) => call.path.startsWith('/api/admin/government-fees') && call.status === 200);
        expect(c.fees).toEqual(last?.response);
        const rows = await estaRows(world);
        const scheduled = world.events.filter((e) => e.type === 'xstate.done.actor.scheduleFee').length;
        // A scheduled change is a new row from its day; the fee in force and its history are never touched.
        expect(rows.map((r) => [r.amount_cents, r.effective_from])).toEqual([[2100, '2022-05-26'], [4000, '2025-09-30'], ...(scheduled ? [[4500, day(1)]] : [])]);
        expect(c.fees?.fees.find((f) => f.code === 'esta')?.upcoming.map((r) => r.amountCents)).toEqual(scheduled ? [4500] : []);
        // "Checked today" marks every row of the fee; a change is checked as it is made; nothing else is.
        const checked = world.events.some((e) => e.type === 'xstate.done.actor.markChecked');
        if (checked) expect(rows.every((r) => r.last_checked_at?.startsWith(day(0)))).toBe(true);
        else expect(rows.filter((r) => r.last_checked_at).map((r) => r.effective_from)).toEqual(scheduled ? [day(1)] : []);
        expect(toastsOf(world, 'feeScheduled')).toHaveLength(scheduled);
        expect(toastsOf(world, 'feeChecked')).toHaveLength(world.events.filter((e) => e.type === 'xstate.done.actor.markChecked').length);
      },
      'ready.editing': (s, world) => {
        expect(context(s).editing).toEqual({ code: 'esta', subject: 'ESTA' });
        // A change lost on the way keeps what was typed and says so.
        expect(toastsOf(world, 'feeScheduleFailed')).toHaveLength(world.events.filter((e) => e.type === 'xstate.error.actor.scheduleFee').length);
      },
      'ready.checking': (s) => expect(s.hasTag('busy')).toBe(true),
      'ready.saving': (s, world) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(lastHeld(world, 'scheduleFee')?.input.change.effectiveFrom > day(0)).toBe(true);
      },
      failed: (s, world) => {
        expect(lastHeld(world, 'fetchFees')?.verdict).toBe('dropped');
        expect(context(s).fees).toBeNull();
      },
      expired: (s, world) => {
        expect([...world.calls].reverse().find((c) => c.path.startsWith('/api/admin/government-fees'))?.status).toBe(401);
        expect(s.status).toBe('done');
        expect(s.output).toEqual({ expired: true });
        // The gate hears that the server no longer answers this session as an admin, and shows its sign-in again.
        expect(world.effects.at(-1)?.params).toEqual({ type: 'handOff', flow: 'adminGate', event: { type: 'EXPIRED' } });
      },
    },
  },
};
