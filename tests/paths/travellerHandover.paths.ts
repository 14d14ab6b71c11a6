import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { travellerHandoverCalls } from '../../client/api/actors/travellerHandover';
import { estaCatalog } from '../../machines/domain/catalogs/index';
import { travellerHandoverMachine } from '../../machines/travellerHandover.machine';
import { answersFor } from '../helpers/answers';
import { lastCall, lastHeld, type PathModel, type Snap, type World } from './model';

// A traveller's form opened from the group panel (issue 36), against the real leads route: the answers the form
// starts from are the server's for that traveller, and only for someone who may read them.

// Fixed ids, so the events a path sends name the same travellers the server holds.
const LUIS = '00000000-0000-4000-8000-00000000ab01';
const LUCIA = '00000000-0000-4000-8000-00000000ab02';
const STRANGER = '00000000-0000-4000-8000-00000000ab03';

/** An ESTA application at a fixed id, made by this path's browser session (or, for `owner`, by another browser). */
async function leadAt(world: World, id: string, firstName: string, owner?: string): Promise<string> {
  const email = `${firstName.toLowerCase()}.handover@example.com`;
  const answers = answersFor(estaCatalog, { email, 'first-name': firstName, 'last-name': 'Garcia' });
  const res = await world.http({ method: 'POST', path: '/api/leads', body: { email, formType: 'ESTA', source: 'esta-wizard', formData: answers } });
  const made = await world.app.db.selectFrom('leads').selectAll().where('id', '=', (JSON.parse(res.text) as { id: string }).id).executeTakeFirstOrThrow();
  await world.app.db.deleteFrom('leads').where('id', '=', id).execute();
  await world.app.db.insertInto('leads').values({ ...made, id, ...(owner ? { owner_token: owner, user_id: null } : {}) }).execute();
  return id;
}

/** Whether the server's answer for this traveller says their service is paid (the oracle reads the reply, not the machine). */
function paidOnServer(world: World, leadId: string): boolean {
  const reply = [...world.calls].reverse().find((c) => c.method === 'GET' && c.path === `/api/leads/${leadId}`)?.response as { paymentStatus?: string } | undefined;
  return reply?.paymentStatus === 'paid';
}

const done = (output: unknown): AnyEventObject => ({ type: 'xstate.done.actor.fetchLead', output });
const dropped: AnyEventObject = { type: 'xstate.error.actor.fetchLead', error: 'network' };
const refused: AnyEventObject = { type: 'xstate.error.actor.fetchLead', error: { status: 403 }, sent: true };

const FIRST_NAMES: Record<string, string> = { [LUIS]: 'Luis', [LUCIA]: 'Lucia' };

function events(refusedByServer: boolean) {
  return (s: Snap): AnyEventObject[] => {
    if (s.matches('loading')) return refusedByServer ? [refused, dropped] : [done({ id: s.context.leadId, formData: {} }), dropped];
    if (s.matches('failed')) return [{ type: 'RETRY' }, { type: 'OPEN', leadId: null }];
    if (s.matches('ready')) return [{ type: 'OPEN', leadId: LUCIA }, { type: 'OPEN', leadId: s.context.leadId }, { type: 'OPEN', leadId: null }];
    return [{ type: 'OPEN', leadId: LUCIA }];
  };
}

export const travellerHandoverPaths: PathModel = {
  machine: travellerHandoverMachine,
  budget: 31,
  // What a person does after a failure, whatever the transition cover picks (issue 46 item 2).
  required: [
    {
      name: "a traveller's form not loaded, then Try again, then opened",
      through: [(e) => e.type === 'xstate.error.actor.fetchLead', (e) => e.type === 'RETRY', (e) => e.type === 'xstate.done.actor.fetchLead'],
    },
  ],
  calls: travellerHandoverCalls,
  cases: [
    {
      name: "a traveller of this browser's group",
      input: { leadId: LUIS },
      setup: async (world, input) => (await leadAt(world, LUIS, 'Luis'), await leadAt(world, LUCIA, 'Lucia'), input),
      events: events(false),
    },
    {
      name: "another browser's application",
      input: { leadId: STRANGER },
      setup: async (world, input) => (await leadAt(world, STRANGER, 'Eva', 'another-browser'), input),
      events: events(true),
    },
    { name: "the applicant's own form", input: { leadId: null }, setup: async (world, input) => (await leadAt(world, LUCIA, 'Lucia'), input), events: events(false) },
    {
      // The ten-section form's page: the answers read are handed to the form, which restores them.
      name: 'a traveller opened on the ten-section form',
      input: { leadId: LUIS, handTo: 'ds160Form' },
      setup: async (world, input) => (await leadAt(world, LUIS, 'Luis'), await leadAt(world, LUCIA, 'Lucia'), input),
      events: events(false),
    },
  ],
  abstraction: (s) => [s.value, s.context.leadId === null ? 'none' : 'some'],
  oracle: {
    initial: (s, world) => {
      expect(s.value).toBe(world.input.leadId ? 'loading' : 'none');
      expect(s.context.formData).toBeNull();
    },
    step: ({ before, event, after, started, asked, world }) => {
      // The traveller's answers, once read, go to the form the flow was told of (and only then), once per traveller.
      const read = after.matches('ready') && !before.matches('ready');
      const handTo = (world.input as { handTo?: string }).handTo;
      expect(asked.map((e) => e.params)).toEqual(
        read && handTo ? [{ type: 'handOff', flow: handTo, event: { type: 'RESTORE', leadId: after.context.leadId, values: after.context.formData, from: 'traveller', paid: paidOnServer(world, after.context.leadId) } }] : [],
      );
      // Asking for the traveller already open changes nothing; another one starts again from the server.
      if (event.type === 'OPEN') {
        const same = event.leadId === before.context.leadId;
        expect(after.value).toEqual(same ? before.value : event.leadId ? 'loading' : 'none');
        if (!same) expect(after.context.formData).toBeNull();
        expect(started.map((h) => h.name)).toEqual(!same && event.leadId ? ['fetchLead'] : []);
      }
      if (event.type === 'RETRY') expect(started.map((h) => h.name)).toEqual(['fetchLead']);
    },
    states: {
      loading: (s, world) => expect(lastHeld(world, 'fetchLead')?.input).toEqual({ leadId: s.context.leadId }),
      // The form starts from the answers the server holds for that traveller.
      ready: (s, world) => {
        const answer = lastCall(world, 'GET', `/api/leads/${s.context.leadId}`);
        expect(answer?.status).toBe(200);
        expect(s.context.formData).toEqual((answer?.response as { formData: unknown }).formData);
        expect(s.context.formData).toMatchObject({ 'first-name': FIRST_NAMES[s.context.leadId], 'last-name': 'Garcia' });
      },
      // Refused to another browser, or the connection lost: nothing of the traveller's is shown.
      failed: (s, world) => {
        const held = lastHeld(world, 'fetchLead');
        const answer = lastCall(world, 'GET', `/api/leads/${s.context.leadId}`);
        expect(held?.verdict === 'dropped' || answer?.status === 403).toBe(true);
        expect(s.context.formData).toBeNull();
      },
      none: (s, world) => expect(s.context).toEqual({ leadId: null, formData: null, paid: false, handTo: (world.input as { handTo?: string }).handTo ?? null }),
    },
  },
};
