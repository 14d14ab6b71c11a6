import { and, assign, emit, fromPromise, setup } from 'xstate';
import { findCountry } from './domain/countries';
import { guardianErrors, limitProblem, mayRemoveTraveller, newTravellerErrors, travellerPath, type GuardianRole, type NewTraveller, type NewTravellerErrors, type Relationship } from './domain/travellerGroup';
import { navigate, type WorldEffect } from './effects';
import type { GroupDto, GuardianBody, TravellerDto } from '../openapi/schemas/groups';

// Families and groups (issue 36): the group panel beside a traveller's form. It shows who travels (done or in
// progress), opens another traveller's form, and 'Add a traveller' turns the application into a group led by the
// person filling it, then adds the traveller with their own application, shared answers filled in by the server.

export interface TravellerGroupInput {
  /** The application open on the page: the leader's, or a traveller's the leader opened. */
  leadId: string | null;
  /** Opened as 'Add a traveller' (from /apply/summary or the dashboard): the form to add one opens once the group is read. */
  openAdd?: boolean;
  /** Opened from the checkout's 'Add the parent or guardian': the open minor's guardian form opens once the group is read. */
  openGuardian?: boolean;
}

export type GroupFailure = 'loadFailed' | 'full' | 'ds160Full' | 'failed' | 'removeFailed' | 'guardianFailed' | null;

/** The parent-or-guardian form: a traveller of the group by lead ('' for someone else, then named), and a role. */
export interface GuardianDraft {
  leadId: string;
  name: string;
  role: string;
}

export type GuardianDraftErrors = ReturnType<typeof guardianErrors>;

export interface TravellerGroupContext {
  leadId: string | null;
  group: GroupDto | null;
  draft: NewTraveller;
  errors: NewTravellerErrors;
  failure: GroupFailure;
  /** The traveller added last: the page opens their form. */
  added: string | null;
  /** 'Add a traveller' was asked for before the page opened: the add form opens once the group is read. */
  openAdd: boolean;
  /** The open minor's guardian form was asked for before the page opened (issue 45 item 10). */
  openGuardian: boolean;
  /** The birth date the open traveller's form last saved: a new one may make them a minor, so the group is read again. */
  savedBirthDate: string;
  /** The minor whose parent or guardian is being given, the form's values and its errors. */
  guardianFor: string | null;
  guardianDraft: GuardianDraft;
  guardianErrors: GuardianDraftErrors;
  /** The traveller whose removal waits for Confirm (issue 45 item 4): removing deletes their answers, so it is asked first. */
  removal: string | null;
}

export type TravellerGroupEvent =
  | { type: 'ADD.OPEN' }
  | { type: 'ADD.CANCEL' }
  | { type: 'FIELD.CHANGE'; field: keyof NewTraveller; value: string }
  | { type: 'ADD.SUBMIT' }
  /** A traveller by their place in the group (the panel's rows): the leader is 0. */
  | { type: 'TRAVELLER.OPEN'; position: number }
  | { type: 'TRAVELLER.REMOVE'; position: number }
  /** The answer to 'Remove <traveller>?': delete their application, or keep them. */
  | { type: 'REMOVE.CONFIRM' }
  | { type: 'REMOVE.CANCEL' }
  /** A minor's parent or guardian (issue 36), by the minor's place in the group. */
  | { type: 'GUARDIAN.OPEN'; position: number }
  | { type: 'GUARDIAN.CHANGE'; field: 'name' | 'role'; value: string }
  /** The guardian among the travellers by their place in the group, or null for someone else (then named). */
  | { type: 'GUARDIAN.PICK'; position: number | null }
  | { type: 'GUARDIAN.SUBMIT' }
  | { type: 'GUARDIAN.CANCEL' }
  | { type: 'REFRESH' }
  /** The form beside the panel saved its birth date (issue 45 item 10): a traveller who turns out a minor is noticed at once. */
  | { type: 'FORM.SAVED'; birthDate: string };

const EMPTY: NewTraveller = { firstName: '', lastName: '', relationship: '', nationality: '' };

export const draftErrors = (draft: NewTraveller) => newTravellerErrors(draft, (name) => Boolean(findCountry(name.trim())));

const NO_GUARDIAN: GuardianDraft = { leadId: '', name: '', role: '' };

/** The form's values as the server takes them: a traveller by lead, or someone else by name. */
export const guardianBody = (draft: GuardianDraft): GuardianBody =>
  draft.leadId ? { leadId: draft.leadId, role: draft.role as GuardianRole } : { leadId: null, name: draft.name, role: draft.role as GuardianRole };

export const guardianDraftErrors = (draft: GuardianDraft) => guardianErrors({ leadId: draft.leadId || null, name: draft.name, role: draft.role });

/** Whether the group takes another traveller at all (a DS-160 one may still be refused by its own limit, said after). */
export const hasRoom = (group: GroupDto | null) =>
  !group || limitProblem({ travellers: group.travellers.length, ds160: group.travellers.filter((t) => t.form === 'DS-160').length }, 'ESTA') === null;

export const travellerAt = (context: Pick<TravellerGroupContext, 'group'>, position: number) => context.group?.travellers.find((t) => t.position === position);

/** The guardian form's start for a minor: the parent or guardian on record, or none yet. */
const guardianOpening = (minor: TravellerDto) => {
  const given = minor.guardian;
  return {
    guardianFor: minor.leadId,
    guardianDraft: given ? { leadId: given.leadId ?? '', name: given.leadId ? '' : given.name, role: given.role } : NO_GUARDIAN,
    guardianErrors: {},
    failure: null,
  };
};

const openMinor = (context: Pick<TravellerGroupContext, 'leadId'>, group: GroupDto | null) => group?.travellers.find((t) => t.leadId === context.leadId && t.minor === true);

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

export const travellerGroupMachine = setup({
  types: { input: {} as TravellerGroupInput, context: {} as TravellerGroupContext, events: {} as TravellerGroupEvent, emitted: {} as WorldEffect },
  actors: {
    /** GET /api/leads/{id}/group, null when the application travels alone; provided by the client. */
    loadGroup: fromPromise<GroupDto | null, { leadId: string }>(async () => {
      throw new Error('loadGroup is provided by the caller');
    }),
    /** POST /api/leads/{id}/group; provided by the client. */
    createGroup: fromPromise<GroupDto, { leadId: string }>(async () => {
      throw new Error('createGroup is provided by the caller');
    }),
    /** POST /api/groups/{id}/travellers; provided by the client. */
    addTraveller: fromPromise<{ leadId: string; group: GroupDto }, { groupId: string; traveller: NewTraveller }>(async () => {
      throw new Error('addTraveller is provided by the caller');
    }),
    /** DELETE /api/groups/{id}/travellers/{leadId}; provided by the client. */
    removeTraveller: fromPromise<GroupDto, { groupId: string; leadId: string }>(async () => {
      throw new Error('removeTraveller is provided by the caller');
    }),
    /** PUT /api/groups/{id}/travellers/{leadId}/guardian; provided by the client. */
    setGuardian: fromPromise<GroupDto, { groupId: string; leadId: string; guardian: GuardianBody }>(async () => {
      throw new Error('setGuardian is provided by the caller');
    }),
  },
  actions: {
    /** Opens a traveller's form: their own page and lead. */
    openTraveller: emit((_, params: { leadId: string; form: TravellerDto['form'] }) => navigate(travellerPath(params.form, params.leadId))),
  },
  guards: {
    hasLead: ({ context }) => Boolean(context.leadId),
    hasGroup: ({ context }) => Boolean(context.group),
    hasRoom: ({ context }) => hasRoom(context.group),
    /** Asked to add a traveller on opening, and the group just read has room for one. */
    addsOnOpening: ({ context }, params: { group: GroupDto | null }) => context.openAdd && hasRoom(params.group),
    /** Asked for the open traveller's guardian form on opening, and the group just read holds them as a minor. */
    guardsOnOpening: ({ context }, params: { group: GroupDto | null }) => context.openGuardian && Boolean(openMinor(context, params.group)),
    /** A birth date the form saved that the group was not read with (and a lead to read it again by). */
    isNewBirthDate: ({ context }, params: { birthDate: string }) => Boolean(context.leadId) && params.birthDate.trim() !== '' && params.birthDate !== context.savedBirthDate,
    isDraftValid: ({ context }) => Object.keys(draftErrors(context.draft)).length === 0,
    isOtherTraveller: ({ context }, params: { position: number }) => {
      const traveller = travellerAt(context, params.position);
      return Boolean(traveller && traveller.leadId !== context.leadId);
    },
    /** Anyone but the leader and the traveller whose form is open, while they hold no payment (domain/travellerGroup.ts). */
    isRemovable: ({ context }, params: { position: number }) => {
      const traveller = travellerAt(context, params.position);
      return Boolean(traveller && mayRemoveTraveller(traveller) && traveller.leadId !== context.leadId);
    },
    isMinorAt: ({ context }, params: { position: number }) => travellerAt(context, params.position)?.minor === true,
    isGuardianValid: ({ context }) => Object.keys(guardianDraftErrors(context.guardianDraft)).length === 0,
    isGroupFull: (_, params: { error: unknown }) => codeOf(params.error) === 'group_full',
    isDs160Full: (_, params: { error: unknown }) => codeOf(params.error) === 'group_ds160_full',
  },
}).createMachine({
  id: 'travellerGroup',
  context: ({ input }) => ({ leadId: input.leadId, group: null, draft: EMPTY, errors: {}, failure: null, added: null, openAdd: input.openAdd === true, openGuardian: input.openGuardian === true, savedBirthDate: '', guardianFor: null, guardianDraft: NO_GUARDIAN, guardianErrors: {}, removal: null }),
  initial: 'starting',
  states: {
    // Nothing to show before the application has a lead (its first autosave makes one); the page starts the
    // machine again with the lead once it has one.
    starting: { always: [{ guard: 'hasLead', target: 'loading' }, { target: 'idle' }] },
    loading: {
      tags: ['busy'],
      // A birth date saved while the group is read may not be in what comes back: read it again.
      on: {
        'FORM.SAVED': {
          guard: { type: 'isNewBirthDate', params: ({ event }) => ({ birthDate: event.birthDate }) },
          target: 'loading',
          reenter: true,
          actions: assign({ savedBirthDate: ({ event }) => event.birthDate }),
        },
      },
      invoke: {
        id: 'loadGroup',
        src: 'loadGroup',
        input: ({ context }) => ({ leadId: context.leadId as string }),
        onDone: [
          {
            guard: { type: 'addsOnOpening', params: ({ event }) => ({ group: event.output }) },
            target: 'adding',
            actions: assign({ group: ({ event }) => event.output, failure: null, openAdd: false }),
          },
          {
            guard: { type: 'guardsOnOpening', params: ({ event }) => ({ group: event.output }) },
            target: 'guardian',
            actions: assign(({ context, event }) => ({ group: event.output, openAdd: false, openGuardian: false, ...guardianOpening(openMinor(context, event.output) as TravellerDto) })),
          },
          { target: 'idle', actions: assign({ group: ({ event }) => event.output, failure: null, openAdd: false, openGuardian: false }) },
        ],
        onError: { target: 'idle', actions: assign({ failure: 'loadFailed', openAdd: false, openGuardian: false }) },
      },
    },
    idle: {
      on: {
        'ADD.OPEN': { guard: and(['hasLead', 'hasRoom']), target: 'adding', actions: assign({ draft: EMPTY, errors: {}, failure: null }) },
        'TRAVELLER.OPEN': {
          guard: { type: 'isOtherTraveller', params: ({ event }) => ({ position: event.position }) },
          actions: {
            type: 'openTraveller',
            params: ({ context, event }) => {
              const traveller = travellerAt(context, event.position) as TravellerDto;
              return { leadId: traveller.leadId, form: traveller.form };
            },
          },
        },
        'TRAVELLER.REMOVE': {
          guard: { type: 'isRemovable', params: ({ event }) => ({ position: event.position }) },
          target: 'confirmingRemoval',
          actions: assign({ removal: ({ context, event }) => travellerAt(context, event.position)?.leadId ?? null, failure: null }),
        },
        REFRESH: { guard: 'hasLead', target: 'loading' },
        'FORM.SAVED': {
          guard: { type: 'isNewBirthDate', params: ({ event }) => ({ birthDate: event.birthDate }) },
          target: 'loading',
          actions: assign({ savedBirthDate: ({ event }) => event.birthDate }),
        },
        'GUARDIAN.OPEN': {
          guard: { type: 'isMinorAt', params: ({ event }) => ({ position: event.position }) },
          target: 'guardian',
          actions: assign(({ context, event }) => guardianOpening(travellerAt(context, event.position) as TravellerDto)),
        },
      },
    },
    // A minor's parent or guardian: one of the group's adults, or someone else by name, with their role.
    guardian: {
      initial: 'editing',
      on: { 'GUARDIAN.CANCEL': { target: 'idle', actions: assign({ guardianFor: null, guardianDraft: NO_GUARDIAN, guardianErrors: {}, failure: null }) } },
      states: {
        editing: {
          on: {
            'GUARDIAN.CHANGE': {
              actions: assign(({ context, event }) => {
                const { [event.field]: _gone, ...errors } = context.guardianErrors;
                return { guardianDraft: { ...context.guardianDraft, [event.field]: event.value }, guardianErrors: errors, failure: null };
              }),
            },
            'GUARDIAN.PICK': {
              actions: assign(({ context, event }) => {
                const { name: _name, ...errors } = context.guardianErrors;
                const leadId = event.position === null ? '' : (travellerAt(context, event.position)?.leadId ?? '');
                return { guardianDraft: { ...context.guardianDraft, leadId }, guardianErrors: errors, failure: null };
              }),
            },
            'GUARDIAN.SUBMIT': [
              { guard: 'isGuardianValid', target: 'saving' },
              { actions: assign({ guardianErrors: ({ context }) => guardianDraftErrors(context.guardianDraft) }) },
            ],
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'setGuardian',
            src: 'setGuardian',
            input: ({ context }) => ({ groupId: context.group?.id as string, leadId: context.guardianFor as string, guardian: guardianBody(context.guardianDraft) }),
            onDone: {
              target: '#travellerGroup.idle',
              actions: assign({ group: ({ event }) => event.output, guardianFor: null, guardianDraft: NO_GUARDIAN, guardianErrors: {}, failure: null }),
            },
            onError: { target: 'editing', actions: assign({ failure: 'guardianFailed' }) },
          },
        },
      },
    },
    adding: {
      initial: 'editing',
      on: { 'ADD.CANCEL': { target: 'idle', actions: assign({ draft: EMPTY, errors: {}, failure: null }) } },
      states: {
        editing: {
          on: {
            'FIELD.CHANGE': {
              actions: assign(({ context, event }) => {
                const { [event.field]: _gone, ...errors } = context.errors;
                return { draft: { ...context.draft, [event.field]: event.value }, errors, failure: null };
              }),
            },
            'ADD.SUBMIT': [
              { guard: 'isDraftValid', target: 'saving' },
              { actions: assign({ errors: ({ context }) => draftErrors(context.draft) }) },
            ],
          },
        },
        saving: {
          tags: ['busy'],
          initial: 'grouping',
          states: {
            // The first traveller added makes the application a group led by the person filling it.
            grouping: {
              always: { guard: 'hasGroup', target: 'adding' },
              invoke: {
                id: 'createGroup',
                src: 'createGroup',
                input: ({ context }) => ({ leadId: context.leadId as string }),
                onDone: { target: 'adding', actions: assign({ group: ({ event }) => event.output }) },
                onError: { target: '#travellerGroup.adding.editing', actions: assign({ failure: 'failed' }) },
              },
            },
            adding: {
              invoke: {
                id: 'addTraveller',
                src: 'addTraveller',
                input: ({ context }) => ({ groupId: context.group?.id as string, traveller: { ...context.draft, relationship: context.draft.relationship as Relationship } }),
                onDone: {
                  target: '#travellerGroup.idle',
                  actions: [
                    assign({ group: ({ event }) => event.output.group, added: ({ event }) => event.output.leadId, draft: EMPTY, errors: {}, failure: null }),
                    {
                      type: 'openTraveller',
                      params: ({ event }) => ({ leadId: event.output.leadId, form: event.output.group.travellers.find((t) => t.leadId === event.output.leadId)?.form ?? 'ESTA' }),
                    },
                  ],
                },
                onError: [
                  { guard: { type: 'isGroupFull', params: ({ event }) => ({ error: event.error }) }, target: '#travellerGroup.adding.editing', actions: assign({ failure: 'full' }) },
                  { guard: { type: 'isDs160Full', params: ({ event }) => ({ error: event.error }) }, target: '#travellerGroup.adding.editing', actions: assign({ failure: 'ds160Full' }) },
                  { target: '#travellerGroup.adding.editing', actions: assign({ failure: 'failed' }) },
                ],
              },
            },
          },
        },
      },
    },
    // One tap never deletes a traveller's answers: the panel asks, naming them, and only Confirm removes them.
    confirmingRemoval: {
      on: {
        'REMOVE.CONFIRM': { target: 'removing' },
        'REMOVE.CANCEL': { target: 'idle', actions: assign({ removal: null }) },
      },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        id: 'removeTraveller',
        src: 'removeTraveller',
        input: ({ context }) => ({ groupId: context.group?.id as string, leadId: context.removal as string }),
        onDone: { target: 'idle', actions: assign({ group: ({ event }) => event.output, failure: null, removal: null }) },
        onError: { target: 'idle', actions: assign({ failure: 'removeFailed', removal: null }) },
      },
    },
  },
});
