import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { travellerGroupCalls } from '../../client/api/actors/travellerGroup';
import { estaCatalog } from '../../machines/domain/catalogs/index';
import { travellerGroupMachine } from '../../machines/travellerGroup.machine';
import type { GroupDto, TravellerDto } from '../../openapi/schemas/groups';
import { answersFor } from '../helpers/answers';
import { injectTransport } from '../helpers/transport';
import { effectsOf, lastCall, lastHeld, type PathCase, type PathModel, type Snap, type World } from './model';

// The group panel (issue 36) against the real routes: the group of the application on the page, 'Add a traveller'
// (which makes the group first), opening and removing a traveller, and the limits as the server keeps them. The
// oracle reads the server's rows: who owns the new traveller's lead, what was copied into it, who was removed.

const HOME = 'Calle Mayor 5, 28013 Madrid, Spain';
/** Answers that are each traveller's own: the group never copies them (the oracle's own list). */
const PERSONAL = ['email', 'birth-date', 'birth-city', 'passport-number', 'passport-expiry', 'phone', 'gender', 'current-occupation'];
/** Which form a passport needs for a holiday, as the oracle knows it (not taken from the machine). */
const FORM_OF: Record<string, TravellerDto['form']> = { Spain: 'ESTA', Mexico: 'DS-160' };
/** A birth date ten years ago: a minor, as the oracle counts (under 18). */
const MINOR_BIRTH = `${new Date().getUTCFullYear() - 10}-03-01`;
const GUARDIAN_ROLES = ['parent', 'legalGuardian', 'relative', 'other'];

async function estaLead(http: World['http']): Promise<string> {
  const answers = answersFor(estaCatalog, { email: 'ana.group@example.com', 'first-name': 'Ana', 'last-name': 'Garcia', 'home-address': HOME, purpose: 'tourism' });
  const res = await http({ method: 'POST', path: '/api/leads', body: { email: answers.email, formType: 'ESTA', source: 'esta-wizard', formData: answers } });
  return (JSON.parse(res.text) as { id: string }).id;
}

/** The lead led into a group with these travellers added, as another tab of the same browser would have done. */
async function groupWith(http: World['http'], leadId: string, travellers: Array<[string, string, string]>): Promise<void> {
  const res = await http({ method: 'POST', path: `/api/leads/${leadId}/group`, body: undefined });
  const { id } = JSON.parse(res.text) as { id: string };
  for (const [firstName, relationship, nationality] of travellers) {
    const added = await http({ method: 'POST', path: `/api/groups/${id}/travellers`, body: { firstName, lastName: 'Garcia', relationship, nationality } });
    expect(added.status).toBe(201);
  }
}

/** A group as the model imagines the server's answer: only the places, relationships and forms its guards read. */
function modelGroup(rows: Array<Partial<TravellerDto>>): GroupDto {
  const travellers = rows.map((row, position) => ({
    leadId: `lead-${position}`,
    position,
    relationship: position === 0 ? 'leader' : 'friend',
    form: 'ESTA',
    name: '',
    completionStatus: 'incomplete',
    paymentStatus: 'unpaid',
    prefilled: [],
    updatedAt: '',
    minor: null,
    guardian: null,
    ...row,
  })) as TravellerDto[];
  return { id: 'group', leaderLeadId: 'lead-0', purpose: 'tourism', limits: { travellers: 50, ds160: 12 }, travellers, createdAt: '' };
}

const many = (n: number, row: Partial<TravellerDto> = {}) => Array.from({ length: n }, () => row);
const done = (actor: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${actor}`, output });
const dropped = (actor: string): AnyEventObject => ({ type: `xstate.error.actor.${actor}`, error: 'network' });
const refused = (actor: string, error: object): AnyEventObject => ({ type: `xstate.error.actor.${actor}`, error, sent: true });

/** The add form filled in field by field (an empty submit first, refused before anything is sent), then sent. */
function filling(traveller: { firstName: string; relationship: string; nationality: string }) {
  return (s: Snap): AnyEventObject[] => {
    const { draft } = s.context;
    if (draft.firstName === '') return [{ type: 'ADD.SUBMIT' }, { type: 'ADD.CANCEL' }, { type: 'FIELD.CHANGE', field: 'firstName', value: traveller.firstName }];
    if (draft.lastName === '') return [{ type: 'FIELD.CHANGE', field: 'lastName', value: 'Garcia' }, { type: 'ADD.CANCEL' }];
    if (draft.relationship === '') return [{ type: 'FIELD.CHANGE', field: 'relationship', value: traveller.relationship }];
    if (draft.nationality === '') return [{ type: 'FIELD.CHANGE', field: 'nationality', value: traveller.nationality }];
    return [{ type: 'ADD.SUBMIT' }];
  };
}

const cases: PathCase[] = [
  {
    name: 'an ESTA application travelling alone adds a child',
    input: { leadId: 'lead' },
    setup: async (world, input) => ({ ...input, leadId: await estaLead(world.http) }),
    events: (s) => {
      if (s.matches('loading')) return [done('loadGroup', null), dropped('loadGroup')];
      if (s.matches({ adding: { saving: 'grouping' } })) return [done('createGroup', modelGroup([{}])), dropped('createGroup')];
      if (s.matches({ adding: { saving: 'adding' } })) {
        return [done('addTraveller', { leadId: 'lead-1', group: modelGroup([{}, { relationship: 'child' }]) }), dropped('addTraveller')];
      }
      if (s.matches({ adding: 'editing' })) return filling({ firstName: 'Lucia', relationship: 'child', nationality: 'Spain' })(s);
      if (s.context.failure === 'loadFailed') return [{ type: 'REFRESH' }];
      return s.context.group ? [] : [{ type: 'ADD.OPEN' }];
    },
  },
  {
    // A Mexican passport needs a visa: the traveller added opens on the DS-160, not on the leader's ESTA.
    name: 'an ESTA application adds a Mexican husband',
    input: { leadId: 'lead' },
    setup: async (world, input) => ({ ...input, leadId: await estaLead(world.http) }),
    events: (s) => {
      if (s.matches('loading')) return [done('loadGroup', null)];
      if (s.matches({ adding: { saving: 'grouping' } })) return [done('createGroup', modelGroup([{}]))];
      if (s.matches({ adding: { saving: 'adding' } })) return [done('addTraveller', { leadId: 'lead-1', group: modelGroup([{}, { relationship: 'spouse', form: 'DS-160' }]) })];
      if (s.matches({ adding: 'editing' })) return filling({ firstName: 'Luis', relationship: 'spouse', nationality: 'Mexico' })(s);
      return s.context.group ? [] : [{ type: 'ADD.OPEN' }];
    },
  },
  {
    name: 'a family with a Mexican child: open and remove travellers',
    input: { leadId: 'lead' },
    setup: async (world, input) => {
      const leadId = await estaLead(world.http);
      await groupWith(world.http, leadId, [['Diego', 'child', 'Mexico']]);
      return { ...input, leadId };
    },
    events: (s) => {
      if (s.matches('loading')) return [done('loadGroup', modelGroup([{}, { relationship: 'child', form: 'DS-160' }]))];
      if (s.matches('removing')) return [done('removeTraveller', modelGroup([{}])), dropped('removeTraveller')];
      if (s.matches('confirmingRemoval')) return [{ type: 'REMOVE.CONFIRM' }, { type: 'REMOVE.CANCEL' }];
      if (s.context.group?.travellers.length === 2 && s.context.failure === null) {
        return [
          { type: 'TRAVELLER.OPEN', position: 1 },
          { type: 'TRAVELLER.OPEN', position: 0 },
          { type: 'TRAVELLER.REMOVE', position: 0 },
          { type: 'TRAVELLER.REMOVE', position: 1 },
          { type: 'REFRESH' },
        ];
      }
      return s.matches('idle') && s.context.failure === 'removeFailed' ? [{ type: 'REFRESH' }] : [];
    },
  },
  {
    name: 'a group with twelve DS-160 travellers adds one more Mexican',
    input: { leadId: 'lead' },
    setup: async (world, input) => {
      const leadId = await estaLead(world.http);
      await groupWith(world.http, leadId, Array.from({ length: 12 }, (_, i) => [`Mexicano${String.fromCharCode(65 + i)}`, 'friend', 'Mexico'] as [string, string, string]));
      return { ...input, leadId };
    },
    events: (s) => {
      if (s.matches('loading')) return [done('loadGroup', modelGroup([{}, ...many(12, { form: 'DS-160' })]))];
      if (s.matches({ adding: { saving: 'adding' } })) return [refused('addTraveller', { status: 409, code: 'group_ds160_full' })];
      if (s.matches({ adding: 'editing' })) return s.context.failure ? [] : filling({ firstName: 'Diego', relationship: 'child', nationality: 'Mexico' })(s);
      return s.matches('idle') && s.context.failure === null ? [{ type: 'ADD.OPEN' }] : [];
    },
  },
  {
    // Fifty travellers: the panel offers no more, and when it could not read the group the server still refuses.
    name: 'a full group of fifty',
    input: { leadId: 'lead' },
    setup: async (world, input) => {
      const leadId = await estaLead(world.http);
      await groupWith(world.http, leadId, Array.from({ length: 49 }, (_, i) => [`Member${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`, 'groupMember', 'Spain'] as [string, string, string]));
      return { ...input, leadId };
    },
    events: (s) => {
      if (s.matches('loading')) return [done('loadGroup', modelGroup(many(50))), dropped('loadGroup')];
      if (s.matches({ adding: { saving: 'grouping' } })) return [done('createGroup', modelGroup(many(50)))];
      if (s.matches({ adding: { saving: 'adding' } })) return [refused('addTraveller', { status: 409, code: 'group_full' })];
      if (s.matches({ adding: 'editing' })) return s.context.failure ? [] : filling({ firstName: 'Eva', relationship: 'friend', nationality: 'Spain' })(s);
      return s.matches('idle') && (s.context.failure === 'loadFailed' || s.context.group) ? [{ type: 'ADD.OPEN' }] : [];
    },
  },
  {
    name: "another browser's application",
    input: { leadId: 'lead' },
    setup: async (world, input) => ({ ...input, leadId: await estaLead(injectTransport(world.app)) }),
    events: (s) => {
      if (s.matches('loading')) return [refused('loadGroup', { status: 403 })];
      if (s.matches({ adding: { saving: 'grouping' } })) return [refused('createGroup', { status: 403 })];
      if (s.matches({ adding: 'editing' })) return s.context.failure ? [] : filling({ firstName: 'Eva', relationship: 'friend', nationality: 'Spain' })(s);
      return s.matches('idle') && s.context.failure === 'loadFailed' ? [{ type: 'ADD.OPEN' }] : [];
    },
  },
  {
    // 'Add a traveller' from /apply/summary or the dashboard: the add form opens as soon as the group is read.
    name: 'opened to add a traveller to a couple',
    input: { leadId: 'lead', openAdd: true },
    setup: async (world, input) => {
      const leadId = await estaLead(world.http);
      await groupWith(world.http, leadId, [['Luis', 'spouse', 'Spain']]);
      return { ...input, leadId };
    },
    events: (s) => {
      if (s.matches('loading')) return [done('loadGroup', modelGroup([{}, { relationship: 'spouse' }])), dropped('loadGroup')];
      if (s.matches({ adding: { saving: 'adding' } })) return [done('addTraveller', { leadId: 'lead-2', group: modelGroup([{}, { relationship: 'spouse' }, { relationship: 'child' }]) })];
      if (s.matches({ adding: 'editing' })) return filling({ firstName: 'Lucia', relationship: 'child', nationality: 'Spain' })(s);
      return [];
    },
  },
  {
    // A daughter of ten: her parent is the leader (or someone named), with a role; the leader needs none.
    name: 'a family with a minor: her parent or guardian',
    input: { leadId: 'lead' },
    setup: async (world, input) => {
      const leadId = await estaLead(world.http);
      await groupWith(world.http, leadId, [['Lucia', 'child', 'Spain']]);
      const [child] = await world.app.db.selectFrom('group_members').select('lead_id').where('relationship', '=', 'child').where('lead_id', 'in', world.app.db.selectFrom('group_members as g').select('g.lead_id').where('g.group_id', 'in', world.app.db.selectFrom('group_members as l').select('l.group_id').where('l.lead_id', '=', leadId))).execute();
      const patched = await world.http({ method: 'PATCH', path: `/api/leads/${child!.lead_id}/update`, body: { formData: { 'birth-date': MINOR_BIRTH } } });
      expect(patched.status).toBe(200);
      return { ...input, leadId };
    },
    events: (s) => {
      if (s.matches('loading')) return [done('loadGroup', modelGroup([{}, { relationship: 'child', minor: true }]))];
      if (s.matches({ guardian: 'saving' })) return [done('setGuardian', modelGroup([{}, { relationship: 'child', minor: true }])), dropped('setGuardian')];
      if (s.matches({ guardian: 'editing' })) {
        const { guardianDraft: draft, guardianErrors: errors } = s.context;
        if (draft.role === '') return [{ type: 'GUARDIAN.SUBMIT' }, { type: 'GUARDIAN.CANCEL' }, ...(Object.keys(errors).length ? [{ type: 'GUARDIAN.CHANGE', field: 'role', value: 'parent' }] : [])];
        if (draft.leadId === '' && draft.name === '') {
          return [
            { type: 'GUARDIAN.PICK', position: 0 },
            { type: 'GUARDIAN.CHANGE', field: 'name', value: 'Pilar Garcia' },
          ];
        }
        return [{ type: 'GUARDIAN.SUBMIT' }];
      }
      return s.matches('idle') ? [{ type: 'GUARDIAN.OPEN', position: 1 }, { type: 'GUARDIAN.OPEN', position: 0 }] : [];
    },
  },
  {
    // A minor's form opened from the checkout's 'Add the parent or guardian' (issue 45 item 10): the form opens on
    // reading the group; a birth date the form saves later reads the group again (a new minor noticed at once).
    name: "a minor's form opened from the checkout's guardian link",
    input: { leadId: 'lead', openGuardian: true },
    setup: async (world, input) => {
      const leaderId = await estaLead(world.http);
      await groupWith(world.http, leaderId, [['Lucia', 'child', 'Spain']]);
      const [child] = await world.app.db.selectFrom('group_members').select('lead_id').where('relationship', '=', 'child').where('lead_id', 'in', world.app.db.selectFrom('group_members as g').select('g.lead_id').where('g.group_id', 'in', world.app.db.selectFrom('group_members as l').select('l.group_id').where('l.lead_id', '=', leaderId))).execute();
      const patched = await world.http({ method: 'PATCH', path: `/api/leads/${child!.lead_id}/update`, body: { formData: { 'birth-date': MINOR_BIRTH } } });
      expect(patched.status).toBe(200);
      return { ...input, leadId: child!.lead_id };
    },
    events: (s) => {
      if (s.matches('loading')) return [done('loadGroup', modelGroup([{}, { leadId: s.context.leadId as string, relationship: 'child', minor: true }])), { type: 'FORM.SAVED', birthDate: MINOR_BIRTH }];
      if (s.matches({ guardian: 'editing' })) return [{ type: 'GUARDIAN.CANCEL' }];
      return s.matches('idle') ? [{ type: 'FORM.SAVED', birthDate: MINOR_BIRTH }, { type: 'FORM.SAVED', birthDate: '' }] : [];
    },
  },
  { name: 'no application yet', input: { leadId: null }, events: () => [{ type: 'ADD.OPEN' }, { type: 'REFRESH' }] },
  { name: 'no application yet, opened to add a traveller', input: { leadId: null, openAdd: true }, events: () => [{ type: 'ADD.OPEN' }, { type: 'REFRESH' }] },
];

/** The group as the server keeps it now: each traveller's place, lead, relationship and form. */
async function rowsOf(world: World) {
  return world.app.db
    .selectFrom('group_members as m')
    .innerJoin('traveller_groups as g', 'g.id', 'm.group_id')
    .innerJoin('leads as l', 'l.id', 'm.lead_id')
    .select(['m.position', 'm.lead_id', 'm.relationship', 'l.form_type', 'l.owner_token', 'l.form_data'])
    .where('g.leader_lead_id', '=', world.input.leadId)
    .orderBy('m.position')
    .execute();
}

/** A traveller's own form, opened on them (the oracle's statement of the address, not the machine's). */
const formPage = (form: string | undefined, leadId: string) => `${form === 'ESTA' ? '/apply/esta-wizard' : '/ds160-wizard'}?traveller=${leadId}`;

export const travellerGroupPaths: PathModel = {
  machine: travellerGroupMachine,
  budget: 110,
  calls: travellerGroupCalls,
  cases,
  required: [
    // The group that could not be read, read again: the failure goes with it.
    { name: 'a lost group, then Refresh', through: [(e) => e.type === 'xstate.error.actor.loadGroup', (e) => e.type === 'REFRESH', (e) => e.type === 'xstate.done.actor.loadGroup'] },
    // A removal that failed, then the group read again.
    { name: 'a lost removal, then Refresh', case: 'a family with a Mexican child: open and remove travellers', through: [(e) => e.type === 'xstate.error.actor.removeTraveller', (e) => e.type === 'REFRESH'] },
    // Remove asked, then kept: nothing is deleted, and Remove can be asked again.
    {
      name: 'a removal asked, then Keep',
      case: 'a family with a Mexican child: open and remove travellers',
      through: [(e) => e.type === 'TRAVELLER.REMOVE' && e.position === 1, (e) => e.type === 'REMOVE.CANCEL', (e) => e.type === 'TRAVELLER.REMOVE' && e.position === 1],
    },
    // A guardian given, then the form opened again: it shows who was given, and Cancel leaves them as they are.
    {
      name: 'a guardian given, opened again, then Cancel',
      case: 'a family with a minor: her parent or guardian',
      through: [(e) => e.type === 'xstate.done.actor.setGuardian', (e) => e.type === 'GUARDIAN.OPEN' && e.position === 1, (e) => e.type === 'GUARDIAN.CANCEL'],
    },
  ],
  abstraction: (s) => [
    s.value,
    s.context.failure,
    Object.values(s.context.draft).filter(Boolean).length,
    Object.keys(s.context.errors).length,
    s.context.group?.travellers.length ?? -1,
    Object.values(s.context.guardianDraft).filter(Boolean).length,
    Object.keys(s.context.guardianErrors).length,
  ],
  oracle: {
    initial: (s, world) => {
      expect(s.value).toBe(world.input.leadId ? 'loading' : 'idle');
      // Without an application the wish to add waits for the panel that has one.
      expect(s.context.openAdd).toBe(world.input.openAdd === true);
    },
    step: async ({ event, before, after, world, started, asked }) => {
      // The group on the panel is the server's: none for an application travelling alone.
      if (event.type === 'xstate.done.actor.loadGroup') {
        const answer = lastCall(world, 'GET', `/api/leads/${world.input.leadId}/group`);
        expect(after.context.group).toEqual(answer?.status === 200 ? answer.response : null);
        // Opened to add a traveller, the add form opens at once where the group has room (under fifty), once.
        const travellers = answer?.status === 200 ? ((answer.response as GroupDto | null)?.travellers.length ?? 0) : 0;
        expect(after.matches('adding')).toBe(world.input.openAdd === true && travellers < 50 && !before.context.group && world.events.filter((e) => e.type === event.type).length === 1);
        expect(after.context.openAdd).toBe(false);
        expect(after.context.failure).toBeNull();
      }
      if (event.type === 'xstate.error.actor.loadGroup') {
        expect(after.context.failure).toBe('loadFailed');
        if ((event as { sent?: boolean }).sent) expect(lastCall(world, 'GET', '/api/leads/')?.status).toBe(403);
      }
      // Nothing is sent for a traveller the page can tell is incomplete.
      if (event.type === 'ADD.SUBMIT' && before.matches({ adding: 'editing' })) {
        const complete = Object.values(before.context.draft).every((v) => v !== '');
        expect(started.map((h) => h.name)).toEqual(complete ? (before.context.group ? ['addTraveller'] : ['createGroup']) : []);
        if (!complete) expect(Object.keys(after.context.errors).length).toBeGreaterThan(0);
      }
      const EMPTY = { firstName: '', lastName: '', relationship: '', nationality: '' };
      // Where each answer leads: the panel, or back to the form (with its failure) when adding did not work.
      const lands: Record<string, unknown> = {
        'xstate.done.actor.loadGroup': 'idle',
        'xstate.error.actor.loadGroup': 'idle',
        'xstate.done.actor.createGroup': { adding: { saving: 'adding' } },
        'xstate.error.actor.createGroup': { adding: 'editing' },
        'xstate.done.actor.addTraveller': 'idle',
        'xstate.error.actor.addTraveller': { adding: 'editing' },
        'xstate.done.actor.removeTraveller': 'idle',
        'xstate.error.actor.removeTraveller': 'idle',
        'xstate.done.actor.setGuardian': 'idle',
        'xstate.error.actor.setGuardian': { guardian: 'editing' },
      };
      // (A panel opened to add a traveller goes to the add form once the group is read: said where loadGroup's answer is checked.)
      if (lands[event.type] && !(event.type === 'xstate.done.actor.loadGroup' && (world.input.openAdd || world.input.openGuardian))) expect(after.value, `where ${event.type} leads`).toEqual(lands[event.type]);
      // Remove only asks (issue 45 item 4): nothing is sent, and the question names the traveller the server has there.
      if (event.type === 'TRAVELLER.REMOVE') expect(started).toEqual([]);
      if (event.type === 'REMOVE.CONFIRM' && before.matches('confirmingRemoval')) expect(after.value).toBe('removing');
      if (event.type === 'REMOVE.CANCEL' && before.matches('confirmingRemoval')) {
        expect(after.value).toBe('idle');
        expect(after.context.removal).toBeNull();
        expect((await rowsOf(world)).length).toBe(2);
      }
      // 'Add a traveller' opens an empty form, only for an application with a lead and a group under fifty.
      if (event.type === 'ADD.OPEN' && before.matches('idle')) {
        const opens = Boolean(world.input.leadId) && (before.context.group?.travellers.length ?? 0) < 50;
        expect(after.matches('adding')).toBe(opens);
        if (opens) expect({ draft: after.context.draft, errors: after.context.errors, failure: after.context.failure }).toEqual({ draft: EMPTY, errors: {}, failure: null });
      }
      // Cancelled, the form forgets what was typed.
      if (event.type === 'ADD.CANCEL' && before.matches('adding')) {
        expect(after.value).toBe('idle');
        expect({ draft: after.context.draft, errors: after.context.errors, failure: after.context.failure }).toEqual({ draft: EMPTY, errors: {}, failure: null });
      }
      // A field typed takes its value and loses its own message (and the last failure), keeping the others'.
      if (event.type === 'FIELD.CHANGE' && before.matches({ adding: 'editing' })) {
        const { [event.field]: _gone, ...others } = before.context.errors;
        expect(after.context.draft).toEqual({ ...before.context.draft, [event.field]: event.value });
        expect(after.context.errors).toEqual(others);
        expect(after.context.failure).toBeNull();
      }
      // A new birth date saved beside the panel reads the group again; the same one, or none, reads nothing.
      if (event.type === 'FORM.SAVED' && (before.matches('idle') || before.matches('loading'))) {
        const fresh = event.birthDate !== '' && event.birthDate !== before.context.savedBirthDate;
        expect(after.matches('loading')).toBe(fresh || before.matches('loading'));
        if (fresh) expect(after.context.savedBirthDate).toBe(event.birthDate);
      }
      // Opened for a guardian, the open minor's form is open once the group is read, and only once.
      if (event.type === 'xstate.done.actor.loadGroup' && world.input.openGuardian && before.context.openGuardian) {
        const open = after.context.group?.travellers.find((tr: TravellerDto) => tr.leadId === world.input.leadId);
        expect(after.matches('guardian')).toBe(open?.minor === true);
        if (open?.minor) expect(after.context.guardianFor).toBe(world.input.leadId);
      }
      if (event.type === 'xstate.done.actor.loadGroup') expect(after.context.openGuardian).toBe(false);
      if (event.type === 'REFRESH') expect(started.map((h) => h.name)).toEqual(before.matches('idle') && world.input.leadId ? ['loadGroup'] : []);
      if (event.type === 'xstate.error.actor.addTraveller' && !(event as { sent?: boolean }).sent) expect(after.context.failure).toBe('failed');
      // Another session's application is never made a group here.
      if (event.type === 'xstate.error.actor.createGroup') {
        expect(after.context.failure).toBe('failed');
        expect(await rowsOf(world)).toEqual([]);
      }
      if (event.type === 'xstate.done.actor.createGroup') {
        const answer = lastCall(world, 'POST', `/api/leads/${world.input.leadId}/group`);
        expect([200, 201]).toContain(answer?.status);
        expect(after.context.group).toEqual(answer?.response);
        expect((await rowsOf(world))[0]).toMatchObject({ position: 0, lead_id: world.input.leadId, relationship: 'leader' });
      }
      // The new traveller's own application, owned as the leader's, with the shared answers and nothing personal.
      if (event.type === 'xstate.done.actor.addTraveller') {
        const answer = lastCall(world, 'POST', '/api/groups/');
        expect(answer?.status).toBe(201);
        const { leadId, group } = answer?.response as { leadId: string; group: GroupDto };
        expect(after.context.group).toEqual(group);
        expect(after.context.added).toBe(leadId);
        expect(after.context.failure).toBeNull();
        const form = FORM_OF[before.context.draft.nationality];
        expect(effectsOf(world, 'navigate').at(-1)?.params).toEqual({ type: 'navigate', to: formPage(form, leadId) });
        const rows = await rowsOf(world);
        const added = rows.find((r) => r.lead_id === leadId);
        expect(added).toMatchObject({ relationship: before.context.draft.relationship, form_type: form, owner_token: rows[0]?.owner_token });
        const answers = JSON.parse(added?.form_data ?? '{}') as Record<string, unknown>;
        if (form === 'ESTA') {
          expect(answers['home-address']).toBe(HOME);
          for (const id of PERSONAL) expect(answers[id], id).toBeUndefined();
        } else {
          // The ten-section form's shape: his names and nationality typed in the panel, the home address and trip
          // shared, the leader as his travel companion; nothing else of his own.
          expect(answers['personal-info']).toEqual({ firstName: before.context.draft.firstName, lastName: before.context.draft.lastName, nationality: before.context.draft.nationality });
          expect(answers['address-phone']).toEqual({ homeAddress: HOME });
          expect(Object.keys(answers).sort()).toEqual(['address-phone', 'personal-info', 'travel-companions', 'travel-info']);
        }
        expect(after.context.draft).toEqual({ firstName: '', lastName: '', relationship: '', nationality: '' });
      } else {
        expect(asked.filter((e) => e.type === 'navigate' && event.type !== 'TRAVELLER.OPEN')).toEqual([]);
      }
      // The limits as the server keeps them: the group is never past them, and the panel says which one.
      if (event.type === 'xstate.error.actor.addTraveller' && (event as { sent?: boolean }).sent) {
        const answer = lastCall(world, 'POST', '/api/groups/');
        expect(answer?.status).toBe(409);
        const code = (answer?.response as { code: string }).code;
        expect(after.context.failure).toBe(code === 'group_full' ? 'full' : code === 'group_ds160_full' ? 'ds160Full' : 'failed');
        const rows = await rowsOf(world);
        expect(rows.length).toBeLessThanOrEqual(50);
        expect(rows.filter((r) => r.form_type === 'DS-160').length).toBeLessThanOrEqual(12);
        expect(after.context.draft).toEqual(before.context.draft);
      }
      // Opening a traveller opens the server's traveller at that place, never the one on the page.
      if (event.type === 'TRAVELLER.OPEN') {
        const row = (await rowsOf(world)).find((r) => r.position === Number(event.position));
        const other = row && row.lead_id !== world.input.leadId;
        expect(asked).toEqual(other ? [{ type: 'navigate', params: { type: 'navigate', to: formPage(row.form_type, row.lead_id) } }] : []);
      }
      // Only a minor of the group, as the server counts them, is given a parent or guardian.
      if (event.type === 'GUARDIAN.OPEN' && before.matches('idle')) {
        const row = (await rowsOf(world)).find((r) => r.position === Number(event.position));
        const birth = row ? (JSON.parse(row.form_data) as Record<string, unknown>)['birth-date'] : undefined;
        expect(after.matches('guardian')).toBe(birth === MINOR_BIRTH);
      }
      const NO_GUARDIAN = { leadId: '', name: '', role: '' };
      // Opened for a minor, the form shows the guardian the server keeps (a traveller by lead, else a name), or nothing.
      if (event.type === 'GUARDIAN.OPEN' && after.matches('guardian')) {
        const row = (await rowsOf(world)).find((r) => r.position === Number(event.position));
        const stored = (await world.app.db.selectFrom('group_members').select('guardian').where('lead_id', '=', row!.lead_id).executeTakeFirstOrThrow()).guardian;
        const given = stored ? (JSON.parse(stored as string) as { leadId: string | null; name: string; role: string }) : null;
        expect(after.context.guardianFor).toBe(row!.lead_id);
        expect(after.context.guardianDraft).toEqual(given ? { leadId: given.leadId ?? '', name: given.leadId ? '' : given.name, role: given.role } : NO_GUARDIAN);
        expect({ errors: after.context.guardianErrors, failure: after.context.failure }).toEqual({ errors: {}, failure: null });
      }
      // Cancelled, the form forgets the minor and what was chosen.
      if (event.type === 'GUARDIAN.CANCEL' && before.matches('guardian')) {
        expect(after.value).toBe('idle');
        expect({ for: after.context.guardianFor, draft: after.context.guardianDraft, errors: after.context.guardianErrors, failure: after.context.failure }).toEqual({
          for: null,
          draft: NO_GUARDIAN,
          errors: {},
          failure: null,
        });
      }
      // A traveller picked is their lead (none for 'someone else'), and the missing-name message goes.
      if (event.type === 'GUARDIAN.PICK' && before.matches({ guardian: 'editing' })) {
        const row = event.position === null ? undefined : (await rowsOf(world)).find((r) => r.position === Number(event.position));
        const { name: _name, ...others } = before.context.guardianErrors;
        expect(after.context.guardianDraft).toEqual({ ...before.context.guardianDraft, leadId: row?.lead_id ?? '' });
        expect(after.context.guardianErrors).toEqual(others);
        expect(after.context.failure).toBeNull();
      }
      if (event.type === 'GUARDIAN.CHANGE' && before.matches({ guardian: 'editing' })) {
        const { [event.field]: _gone, ...others } = before.context.guardianErrors;
        expect(after.context.guardianDraft).toEqual({ ...before.context.guardianDraft, [event.field]: event.value });
        expect(after.context.guardianErrors).toEqual(others);
        expect(after.context.failure).toBeNull();
      }
      // Nothing is sent before a role and a traveller or a name are given.
      if (event.type === 'GUARDIAN.SUBMIT' && before.matches({ guardian: 'editing' })) {
        const draft = before.context.guardianDraft;
        const complete = GUARDIAN_ROLES.includes(draft.role) && (draft.leadId !== '' || draft.name.trim().split(/\s+/).length >= 2);
        expect(started.map((h) => h.name)).toEqual(complete ? ['setGuardian'] : []);
        if (!complete) expect(Object.keys(after.context.guardianErrors).length).toBeGreaterThan(0);
      }
      // The server keeps the guardian: the leader by their lead, someone else by name, with the role given.
      if (event.type === 'xstate.done.actor.setGuardian') {
        const answer = lastCall(world, 'PUT', '/api/groups/');
        expect(answer?.status).toBe(200);
        expect(after.context.group).toEqual(answer?.response);
        const draft = before.context.guardianDraft;
        const stored = await world.app.db.selectFrom('group_members').select('guardian').where('lead_id', '=', before.context.guardianFor).executeTakeFirstOrThrow();
        const leader = (await rowsOf(world))[0];
        expect(JSON.parse(stored.guardian as string)).toEqual(
          draft.leadId ? { leadId: leader?.lead_id, name: 'Ana Garcia', role: draft.role } : { leadId: null, name: 'Pilar Garcia', role: draft.role },
        );
        expect(after.value).toBe('idle');
      }
      if (event.type === 'xstate.error.actor.setGuardian') {
        expect(after.context.failure).toBe('guardianFailed');
        expect(after.context.guardianDraft).toEqual(before.context.guardianDraft);
      }
      if (event.type === 'TRAVELLER.REMOVE') {
        const row = (await rowsOf(world)).find((r) => r.position === Number(event.position));
        const removable = before.matches('idle') && row && row.relationship !== 'leader' && row.lead_id !== world.input.leadId;
        expect(after.matches('confirmingRemoval')).toBe(Boolean(removable));
        if (removable) expect(after.context.removal).toBe(row.lead_id);
      }
      // Confirmed, the traveller asked about is the one removed.
      if (event.type === 'REMOVE.CONFIRM' && before.matches('confirmingRemoval')) {
        expect(started.map((h) => [h.name, h.input])).toEqual([['removeTraveller', { groupId: before.context.group.id, leadId: before.context.removal }]]);
      }
      if (event.type === 'xstate.done.actor.removeTraveller') {
        const answer = lastCall(world, 'DELETE', '/api/groups/');
        expect(answer?.status).toBe(200);
        expect(after.context.group).toEqual(answer?.response);
        expect(after.context.failure).toBeNull();
        const removed = lastHeld(world, 'removeTraveller')?.input.leadId as string;
        expect(await world.app.db.selectFrom('leads').select('id').where('id', '=', removed).execute()).toEqual([]);
        expect((await rowsOf(world)).map((r) => r.lead_id)).toEqual([world.input.leadId]);
      }
      if (event.type === 'xstate.error.actor.removeTraveller') {
        expect(after.context.failure).toBe('removeFailed');
        expect((await rowsOf(world)).length).toBe(2);
      }
    },
    states: {
      // While the server is asked the panel shows it is busy, and only then.
      idle: (s) => expect(s.hasTag('busy')).toBe(false),
      'adding.editing': (s) => expect(s.hasTag('busy')).toBe(false),
      'adding.saving': (s) => expect(s.hasTag('busy')).toBe(true),
      loading: (s, world) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(lastHeld(world, 'loadGroup')?.input).toEqual({ leadId: world.input.leadId });
      },
      'adding.saving.grouping': (_, world) => expect(lastHeld(world, 'createGroup')?.input).toEqual({ leadId: world.input.leadId }),
      'adding.saving.adding': (s, world) => {
        const held = lastHeld(world, 'addTraveller');
        expect(held?.input).toEqual({ groupId: s.context.group.id, traveller: s.context.draft });
      },
      confirmingRemoval: (s) => {
        expect(s.hasTag('busy')).toBe(false);
        expect(s.context.removal).not.toBeNull();
      },
      removing: (s, world) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(lastHeld(world, 'removeTraveller')?.input.groupId).toBe(s.context.group.id);
      },
      'guardian.editing': (s) => expect(s.hasTag('busy')).toBe(false),
      'guardian.saving': (s, world) => {
        expect(s.hasTag('busy')).toBe(true);
        const { guardianDraft: draft } = s.context;
        expect(lastHeld(world, 'setGuardian')?.input).toEqual({
          groupId: s.context.group.id,
          leadId: s.context.guardianFor,
          guardian: draft.leadId ? { leadId: draft.leadId, role: draft.role } : { leadId: null, name: draft.name, role: draft.role },
        });
      },
    },
  },
};
