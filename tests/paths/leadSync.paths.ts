import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { leadSyncCalls } from '../../client/api/actors/leadSync';
import { leadSyncMachine, type LeadCapture, type LeadGroups, type LeadSyncContext } from '../../machines/leadSync.machine';
import { lastHeld, type PathModel, type Snap, type World } from './model';

// The lead both wizards keep in the background (spec 2-wizards §4.3, §4.4, §8), as a child of neither: its calls
// reach the real leads routes, and the oracle judges each capture and save by the server's lead rows.

/** The pause before a background save, long, so the second the runner lets pass before each event never ends it. */
const AUTOSAVE_MS = 1_000_000;
const EMAIL = 'ana@example.com';
const CAPTURE: LeadCapture = { email: EMAIL, firstName: 'Ana', lastName: 'Silva', formType: 'DS-160', nationality: 'Brazil' };
const ANSWERS: LeadGroups = { 'personal-info': { firstName: 'Ana', lastName: 'Silva' }, 'address-phone': { emailAddress: EMAIL, homeCity: 'Lima' } };
/** What the server was sent before the path starts, for the cases that begin with a lead. */
const SAVED: LeadGroups = { 'personal-info': { firstName: 'Ana', lastName: 'Silva' }, 'address-phone': { emailAddress: EMAIL } };

const context = (s: Snap) => s.context as LeadSyncContext;
const stateOf = (s: Snap) => s.value as string;
/** The city typed, the other way each time: a change the server may or may not have. */
const otherCity = (s: Snap) => (context(s).values['address-phone']?.homeCity === 'Lima' ? 'Cusco' : 'Lima');
const typed = (s: Snap, typing: boolean): AnyEventObject => ({
  type: 'CHANGE',
  values: { ...context(s).values, 'address-phone': { ...context(s).values['address-phone'], homeCity: otherCity(s) } },
  capture: context(s).capture,
  typing,
});

/** The retry rule as the spec's backoff says it: 2, 4, 8… seconds after the n-th failure in a row, a minute at most. */
const expectedRetry = (failures: number) => Math.min(60_000, 1000 * 2 ** Math.max(1, failures));

/** When the machine last entered idle (or typing restarted the pause) and failed, by path. */
const clock = new WeakMap<World, { idleSince: number; failedSince: number; state: string; failures: number }>();

function outcomes(s: Snap, existing: boolean): AnyEventObject[] {
  const state = stateOf(s);
  const c = context(s);
  if (state === 'capturing') return [{ type: 'xstate.done.actor.capture', output: { leadId: 'lead', existing } }, { type: 'xstate.error.actor.capture', error: 'network' }];
  if (state === 'saving') return [{ type: 'xstate.done.actor.save', output: null }, { type: 'xstate.error.actor.save', error: 'network' }];
  if (state === 'failed') {
    // One move at most in failed before the retry's own time: the runner lets a second pass before each.
    const leaves = (c.leadId === null && c.capture !== null) || c.leadId !== null;
    return [
      ...(c.autosaveMs !== null ? [{ type: 'xstate.after.RETRY.leadSync.failed' }] : []),
      { type: 'RETRY' },
      ...(leaves ? [{ type: 'SYNC' }] : []),
    ];
  }
  return [];
}

function moves(existing: boolean) {
  return (s: Snap): AnyEventObject[] => {
    const c = context(s);
    const state = stateOf(s);
    // Another application replacing this one (restored, started afresh) while a call is in flight.
    const reset = { type: 'RESET', leadId: null, values: {}, synced: {} };
    if (state !== 'idle') return [...outcomes(s, existing), ...(state === 'failed' ? [] : [typed(s, true), reset])];
    return [
      typed(s, true),
      typed(s, false),
      { type: 'SYNC' },
      ...(c.autosaveMs !== null ? [{ type: 'xstate.after.AUTOSAVE.leadSync.idle' }] : []),
    ];
  };
}

type Input = { values: LeadGroups; capture: LeadCapture; synced?: LeadGroups; leadId?: string };

/** This session's lead, captured and saved as a wizard would have left it. */
async function savedLead(world: World, input: Input): Promise<string> {
  const res = await world.http({ method: 'POST', path: '/api/leads/immediate', body: { ...input.capture } });
  const leadId = (JSON.parse(res.text) as { leadId: string }).leadId;
  await world.http({ method: 'PATCH', path: `/api/leads/${leadId}/update`, body: { formData: input.synced ?? {} } });
  return leadId;
}

/** What this path has had the server confirm: the case's saved answers, then each save that succeeded. */
const confirmed = new WeakMap<World, LeadGroups>();

/** The capture requests that reached the server in this path's session (a dropped one never does). */
const capturesSent = (world: World) => world.calls.filter((c) => c.method === 'POST' && c.path.startsWith('/api/leads/immediate'));
/** How many the case's setup sent. */
const before0 = new WeakMap<World, number>();

async function leadRow(world: World, id: string) {
  return world.app.db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
}

async function formDataOf(world: World, id: string): Promise<Record<string, Record<string, unknown>>> {
  const row = await leadRow(world, id);
  return JSON.parse(row?.form_data ?? '{}') as Record<string, Record<string, unknown>>;
}

/** The fields of `values` the server does not hold as they are, by group: the rule a save is judged by. */
function unsavedFields(values: LeadGroups, server: LeadGroups): LeadGroups {
  const out: LeadGroups = {};
  for (const [group, fields] of Object.entries(values)) {
    for (const [field, value] of Object.entries(fields)) {
      if (JSON.stringify(server[group]?.[field]) !== JSON.stringify(value)) out[group] = { ...out[group], [field]: value };
    }
  }
  return out;
}

const reports = (asked: Array<{ type: string; params: any }>) => asked.filter((e) => e.type === 'report').map((e) => e.params);

export const leadSyncPaths: PathModel = {
  machine: leadSyncMachine,
  budget: 120,
  calls: leadSyncCalls,
  effects: ['report'],
  abstraction: (s) => {
    const c = context(s);
    return {
      value: s.value,
      lead: c.leadId !== null,
      city: c.values['address-phone']?.homeCity,
      synced: c.synced['address-phone']?.homeCity ?? null,
      failures: Math.min(c.failures, 3),
      autosave: c.autosaveMs !== null,
      due: c.due,
    };
  },
  // What a person's connection does, whatever the transition cover picks: a failure and then success must clear the
  // count of failures (the next failure is a first again, said once), and another application must not inherit
  // what was in flight for the first.
  required: [
    {
      name: 'a lost save, then Retry, then saved: the failures clear',
      case: 'a saved lead with a change, saved on request',
      through: [(event) => event.type === 'xstate.error.actor.save', (event) => event.type === 'RETRY', (event) => event.type === 'xstate.done.actor.save'],
    },
    {
      name: "a lost capture, then the retry's time, then captured: the failures clear",
      through: [(event) => event.type === 'xstate.error.actor.capture', (event) => event.type === 'xstate.after.RETRY.leadSync.failed', (event) => event.type === 'xstate.done.actor.capture'],
    },
    {
      name: 'two lost saves in a row, then saved',
      case: 'a completed section changed',
      through: [(event) => event.type === 'xstate.error.actor.save', (event) => event.type === 'xstate.error.actor.save', (event) => event.type === 'xstate.done.actor.save'],
    },
    {
      name: 'another application while a save is in flight: nothing of the first carried over',
      case: 'a completed section changed',
      through: [(event, before) => event.type === 'RESET' && before.value === 'saving'],
    },
  ],
  delayEndsAt: (world) => {
    const at = clock.get(world) ?? { idleSince: 0, failedSince: 0, state: 'idle', failures: 0 };
    return at.state === 'failed' ? at.failedSince + expectedRetry(at.failures) : at.idleSince + AUTOSAVE_MS;
  },
  cases: [
    {
      // The DS-160 form: the answers name someone, the e-mail is there; the lead is made when typing pauses.
      name: 'answers that make a lead, saved in the background',
      input: { values: ANSWERS, capture: CAPTURE, autosaveMs: AUTOSAVE_MS },
      events: moves(false),
    },
    {
      // The section with the e-mail is complete: the capture goes at once; the lead already belongs to this session.
      name: 'a capture due at once',
      input: { values: ANSWERS, capture: CAPTURE, autosaveMs: AUTOSAVE_MS, due: { capture: true, groups: ['personal-info', 'address-phone'] } },
      setup: async (world, input) => {
        await savedLead(world, { ...input, synced: input.values });
        return input;
      },
      events: moves(true),
    },
    {
      // A question wizard: nothing goes until it asks (SYNC), and a failure waits for its next request.
      name: 'a saved lead with a change, saved on request',
      input: { values: ANSWERS, capture: CAPTURE, synced: SAVED, leadId: 'lead' },
      setup: async (world, input) => ({ ...input, leadId: await savedLead(world, input) }),
      events: moves(true),
    },
    {
      // A completed section changed on a restored lead: saved at once, without waiting for the pause.
      name: 'a completed section changed',
      input: { values: ANSWERS, capture: CAPTURE, synced: SAVED, leadId: 'lead', autosaveMs: AUTOSAVE_MS, due: { capture: true, groups: ['address-phone'] } },
      setup: async (world, input) => ({ ...input, leadId: await savedLead(world, input) }),
      events: moves(true),
    },
  ],
  oracle: {
    initial: (s, world) => {
      clock.set(world, { idleSince: 0, failedSince: 0, state: stateOf(s), failures: 0 });
      confirmed.set(world, (world.input as Input).synced ?? {});
      before0.set(world, capturesSent(world).length);
      expect(context(s).leadId).toBe(world.input.leadId ?? null);
    },
    step: async ({ before, event, after, world, started, asked }) => {
      const b = context(before);
      const a = context(after);
      const now = world.times.at(-1) ?? 0;
      const at = clock.get(world) ?? { idleSince: 0, failedSince: 0, state: 'idle', failures: 0 };
      const reentered = event.type === 'CHANGE' && event.typing === true && stateOf(before) === 'idle';
      if (stateOf(after) === 'idle' && (at.state !== 'idle' || reentered)) at.idleSince = now;
      if (stateOf(after) === 'failed' && at.state !== 'failed') at.failedSince = now;
      at.state = stateOf(after);
      at.failures = a.failures;
      clock.set(world, at);
      const told = reports(asked);
      // The save this step ends: the last one held before it (another may start in the same step).
      const ended = world.held.slice(0, world.held.length - started.length).reverse().find((c) => c.name === 'save')?.input.changes as LeadGroups | undefined;
      if (event.type === 'xstate.done.actor.save' && ended) {
        // The server confirmed it.
        const known = { ...(confirmed.get(world) ?? {}) };
        for (const [group, fields] of Object.entries(ended)) known[group] = { ...known[group], ...fields };
        confirmed.set(world, known);
      }

      // Nothing starts while a call is in flight, and a call starts only from idle or failed.
      const outcome = /^xstate\.(done|error)\.actor\./.test(event.type);
      if (before.hasTag('saving') && !outcome) expect(started, 'no second call while one is in flight').toEqual([]);
      expect(started.length).toBeLessThanOrEqual(1);
      // Without a pause to wait for, only a request or what is due starts a call (a question wizard's rule).
      if (b.autosaveMs === null && event.type !== 'SYNC' && !b.due.capture && b.due.groups.length === 0) expect(started).toEqual([]);

      for (const call of started) {
        if (call.name === 'capture') {
          // Spec §4.3: a lead is made only while there is none, from what the wizard says the answers name.
          expect(b.leadId).toBeNull();
          expect(call.input).toEqual(a.capture);
          expect(after.hasTag('saving')).toBe(true);
          expect(told).toContainEqual({ type: 'LEAD.CAPTURING' });
        }
        if (call.name === 'save') {
          // Only what the server does not have yet, judged by its row, and only for this applicant's lead.
          expect(b.leadId ?? (event.type === 'xstate.done.actor.capture' ? a.leadId : null)).not.toBeNull();
          expect(call.input.leadId).toBe(a.leadId);
          // Every answer the server lacks goes, and nothing it confirmed since and still has as the applicant does.
          const server = await formDataOf(world, a.leadId as string);
          expect(call.input.changes).toEqual(unsavedFields(a.values, confirmed.get(world) ?? {}));
          for (const [group, fields] of Object.entries(unsavedFields(a.values, server))) expect(call.input.changes[group]).toMatchObject(fields);
          expect(Object.keys(call.input.changes).length).toBeGreaterThan(0);
          expect(told).toContainEqual({ type: 'LEAD.SAVING', changes: call.input.changes });
        }
      }
      if (started.length === 0 && stateOf(after) !== stateOf(before)) expect(['idle', 'failed']).toContain(stateOf(after));

      // Due now: a lead made or a completed group saved the moment there is something to send.
      if (stateOf(after) === 'idle' && !after.hasTag('saving')) {
        if (a.leadId === null && a.capture !== null) expect(a.due.capture, 'a capture due is not left waiting').toBe(false);
        if (a.leadId !== null) {
          const unsaved = Object.keys(unsavedFields(a.values, confirmed.get(world) ?? {}));
          expect(unsaved.filter((g) => a.due.groups.includes(g)), 'a due group is not left unsaved').toEqual([]);
        }
      }
      // A pause that ends sends what is waiting, only where the wizard saves in the background.
      if (event.type === 'xstate.after.AUTOSAVE.leadSync.idle') {
        const waiting = b.leadId === null ? b.capture !== null : Object.keys(unsavedFields(b.values, confirmed.get(world) ?? {})).length > 0;
        expect(started.length, 'the pause sends what is waiting').toBe(waiting && b.autosaveMs !== null ? 1 : 0);
      }
      if (event.type === 'SYNC' && (stateOf(before) === 'idle' || stateOf(before) === 'failed')) {
        const waiting = b.leadId === null ? b.capture !== null : Object.keys(unsavedFields(b.values, confirmed.get(world) ?? {})).length > 0;
        expect(started.length, 'a request sends what is waiting').toBe(waiting ? 1 : 0);
      }

      switch (event.type) {
        case 'xstate.done.actor.capture': {
          // The server's lead for this e-mail, owned by this session; the wizard hears its id once.
          const row = await leadRow(world, a.leadId as string);
          expect(row?.email).toBe(lastHeld(world, 'capture')?.input.email);
          // A lead this session made before (the wizard's earlier visit) is the same lead, and not a new one.
          expect(told[0]).toEqual({ type: 'LEAD.CAPTURED', leadId: a.leadId, existing: capturesSent(world).length > 1 });
          expect(a.failures).toBe(0);
          expect(stateOf(after)).not.toBe('failed');
          break;
        }
        case 'xstate.error.actor.capture':
          expect(a.leadId).toBeNull();
          // A lost connection: the request never reached the server, so no lead was made.
          expect(capturesSent(world)).toHaveLength((before0.get(world) ?? 0) + world.events.filter((e) => e.type === 'xstate.done.actor.capture').length);
          break;
        case 'xstate.done.actor.save': {
          // What the server now has is what the machine counts as saved; the wizard hears it.
          const server = await formDataOf(world, a.leadId as string);
          expect(a.synced).toEqual(confirmed.get(world));
          for (const [group, fields] of Object.entries(ended ?? {})) expect(server[group]).toMatchObject(fields);
          for (const [group, fields] of Object.entries(a.synced)) expect(server[group]).toMatchObject(fields);
          expect(told[0]).toEqual({ type: 'LEAD.SAVED', synced: confirmed.get(world) });
          expect(a.failures).toBe(0);
          // Nothing in flight, unless what changed meanwhile went at once.
          expect(a.pending).toEqual(started.length ? started[0]?.input.changes : null);
          break;
        }
        case 'xstate.error.actor.save':
          // Not saved: the server keeps what it had, and the changes go with the next save.
          expect(a.synced).toEqual(b.synced);
          expect(a.pending).toBeNull();
          break;
        case 'RESET':
          // What was in flight is forgotten: the machine waits, with the new application's lead and answers.
          expect(stateOf(after)).toBe('idle');
          expect(a).toMatchObject({ leadId: null, values: {}, synced: {}, capture: null, pending: null, failures: 0 });
          expect(started).toEqual([]);
          confirmed.set(world, {});
          break;
        case 'RETRY':
        case 'xstate.after.RETRY.leadSync.failed':
          if (stateOf(before) === 'failed') expect(told[0]).toEqual({ type: 'LEAD.IDLE' });
          break;
        default:
      }
      if (event.type.startsWith('xstate.error.actor.')) {
        // Each failure in a row counts, and the wizard hears how many (it says so once, at the first).
        expect(stateOf(after)).toBe('failed');
        expect(a.failures).toBe(b.failures + 1);
        expect(told).toContainEqual({ type: 'LEAD.FAILED', error: expect.anything(), failures: b.failures + 1 });
      }
      // What is in flight is what the last save sent, until the server answers.
      if (stateOf(after) === 'saving') expect(a.pending).toEqual(lastHeld(world, 'save')?.input.changes);
    },
  },
};
