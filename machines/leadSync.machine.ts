import { and, assign, enqueueActions, fromPromise, setup } from 'xstate';

/** Answers by group (a DS-160 section, or one group for a question wizard), each a record of fields. */
export type LeadGroups = Record<string, Record<string, unknown>>;

/** What POST /api/leads/immediate makes a lead of (spec 2-wizards §4.3, §4.4). */
export interface LeadCapture {
  email: string;
  firstName: string;
  lastName: string;
  formType: string;
  nationality: string;
}

export interface LeadCaptured {
  leadId: string;
  existing: boolean;
}

export interface LeadSave {
  leadId: string;
  changes: LeadGroups;
}

/** What the parent says is saved at once rather than after a pause: the capture, changes in these groups. */
export interface LeadDue {
  capture: boolean;
  groups: string[];
}

export interface LeadSyncInput {
  leadId?: string | null;
  values?: LeadGroups;
  synced?: LeadGroups;
  capture?: LeadCapture | null;
  due?: LeadDue;
  /** The pause in typing after which what changed is saved, with retries after a failure; absent: only on SYNC. */
  autosaveMs?: number;
}

export interface LeadSyncContext {
  leadId: string | null;
  /** The answers as the applicant has them now. */
  values: LeadGroups;
  /** What the server has, so a save sends only what changed. */
  synced: LeadGroups;
  /** The changes a save in flight sends; they join `synced` only once the server has them. */
  pending: LeadGroups | null;
  /** What a capture sends now; null while the answers cannot make a lead. */
  capture: LeadCapture | null;
  due: LeadDue;
  /** Saves that failed in a row: the next retry waits 2^n seconds, at most a minute. */
  failures: number;
  autosaveMs: number | null;
}

export type LeadSyncEvent =
  /** The answers changed; `typing` starts the pause again. */
  | { type: 'CHANGE'; values: LeadGroups; capture: LeadCapture | null; due?: LeadDue; typing?: boolean }
  /** Capture or save now (with the answers last sent), if there is something to do and nothing in flight. */
  | { type: 'SYNC' }
  | { type: 'RETRY' }
  /** Another application replaces this one (restored, submitted, started afresh): what is in flight is forgotten. */
  | { type: 'RESET'; leadId: string | null; values: LeadGroups; synced: LeadGroups; capture?: LeadCapture | null };

/** What the parent hears: the lead's id once known, each save, and whether something is in flight. */
export type LeadSyncReport =
  | { type: 'LEAD.CAPTURING' }
  | { type: 'LEAD.SAVING'; changes: LeadGroups }
  | { type: 'LEAD.CAPTURED'; leadId: string; existing: boolean }
  | { type: 'LEAD.SAVED'; synced: LeadGroups }
  | { type: 'LEAD.FAILED'; error: unknown; failures: number }
  | { type: 'LEAD.IDLE' };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields that differ from what the server has, by group; a list is sent whole. */
export function changedGroups(values: LeadGroups, synced: LeadGroups): LeadGroups {
  const changes: LeadGroups = {};
  for (const [group, now] of Object.entries(values)) {
    const had = synced[group] ?? {};
    const fields = Object.fromEntries(Object.entries(now ?? {}).filter(([field, value]) => !same(value, had[field])));
    if (Object.keys(fields).length > 0) changes[group] = fields;
  }
  return changes;
}

/** What the server has once a save of `saved` succeeded. */
export function mergeGroups(synced: LeadGroups, saved: LeadGroups): LeadGroups {
  const merged: LeadGroups = { ...synced };
  for (const [group, fields] of Object.entries(saved)) merged[group] = { ...(synced[group] ?? {}), ...fields };
  return merged;
}

/** The retry delay after `failures` failed saves: 2, 4, 8… seconds, at most a minute. */
export const retryDelay = (failures: number) => Math.min(60_000, 1000 * 2 ** Math.max(1, failures));

const NOTHING_DUE: LeadDue = { capture: false, groups: [] };
/** A capture while there is no lead, else a save of what changed; nothing when neither has anything to send. */
const syncNow = [
  { guard: 'canCapture', target: 'capturing' },
  { guard: 'canSave', target: 'saving' },
] as const;
const changesOf = (context: LeadSyncContext) => changedGroups(context.values, context.synced);

/**
 * The lead an applicant's answers make, kept on the server in the background (spec 2-wizards §4.3, §4.4, §8), for
 * every wizard: captured once the answers name someone, then saved with only what changed. A child of the wizard:
 * the wizard tells it the answers (CHANGE) and when to save (SYNC, or what is `due`), and hears back the lead's id,
 * each save and whether something is in flight, so its submit waits for that and completes the same lead.
 */
export const leadSyncMachine = setup({
  types: {
    input: {} as LeadSyncInput,
    context: {} as LeadSyncContext,
    events: {} as LeadSyncEvent,
  },
  actors: {
    /** POST /api/leads/immediate; provided by the wizard. */
    capture: fromPromise<LeadCaptured, LeadCapture>(async () => {
      throw new Error('capture is provided by the caller');
    }),
    /** PATCH /api/leads/{id}/update with the changed fields; provided by the wizard. */
    save: fromPromise<unknown, LeadSave>(async () => {
      throw new Error('save is provided by the caller');
    }),
  },
  delays: {
    AUTOSAVE: ({ context }) => context.autosaveMs ?? 0,
    RETRY: ({ context }) => retryDelay(context.failures),
  },
  actions: {
    /** Tells the wizard; alone (a test of its own), it tells no one. */
    report: enqueueActions(({ self, enqueue }, report: LeadSyncReport) => {
      if (self._parent) enqueue.sendParent(report);
    }),
    take: assign(({ context, event }) => (event.type === 'CHANGE' ? { values: event.values, capture: event.capture, due: event.due ?? context.due } : {})),
  },
  guards: {
    canCapture: ({ context }) => context.leadId === null && context.capture !== null,
    canSave: ({ context }) => context.leadId !== null && Object.keys(changesOf(context)).length > 0,
    captureDue: ({ context }) => context.due.capture,
    /** Changes in a group the wizard says is saved at once (a completed section). */
    changesDue: ({ context }) => Object.keys(changesOf(context)).some((group) => context.due.groups.includes(group)),
    autosaves: ({ context }) => context.autosaveMs !== null,
    typing: ({ event }) => event.type === 'CHANGE' && event.typing === true,
  },
}).createMachine({
  id: 'leadSync',
  context: ({ input }) => ({
    leadId: input.leadId ?? null,
    values: input.values ?? {},
    synced: input.synced ?? {},
    pending: null,
    capture: input.capture ?? null,
    due: input.due ?? NOTHING_DUE,
    failures: 0,
    autosaveMs: input.autosaveMs ?? null,
  }),
  initial: 'idle',
  on: {
    CHANGE: { actions: 'take' },
    RESET: {
      target: '.idle',
      actions: [
        assign(({ event }) => ({
          leadId: event.leadId,
          values: event.values,
          synced: event.synced,
          capture: event.capture ?? null,
          pending: null,
          failures: 0,
        })),
        // What was in flight is forgotten: the wizard's save indicator must not wait for it.
        { type: 'report', params: { type: 'LEAD.IDLE' } },
      ],
    },
  },
  states: {
    idle: {
      // What is due goes at once; the rest after a pause in typing, so a lead is never made from an e-mail
      // address half typed.
      always: [
        { guard: and(['canCapture', 'captureDue']), target: 'capturing' },
        { guard: and(['canSave', 'changesDue']), target: 'saving' },
      ],
      after: {
        AUTOSAVE: [
          { guard: and(['autosaves', 'canCapture']), target: 'capturing' },
          { guard: and(['autosaves', 'canSave']), target: 'saving' },
        ],
      },
      on: {
        // Each keystroke starts the pause again.
        CHANGE: [{ guard: 'typing', target: 'idle', reenter: true, actions: 'take' }, { actions: 'take' }],
        SYNC: syncNow,
      },
    },
    capturing: {
      tags: ['saving'],
      entry: { type: 'report', params: { type: 'LEAD.CAPTURING' } },
      invoke: {
        id: 'capture',
        src: 'capture',
        input: ({ context }) => context.capture as LeadCapture,
        onDone: {
          target: 'idle',
          actions: [
            assign({ leadId: ({ event }) => event.output.leadId, failures: 0 }),
            { type: 'report', params: ({ event }) => ({ type: 'LEAD.CAPTURED', leadId: event.output.leadId, existing: event.output.existing }) },
          ],
        },
        onError: 'failed',
      },
    },
    saving: {
      tags: ['saving'],
      entry: [
        assign({ pending: ({ context }) => changesOf(context) }),
        { type: 'report', params: ({ context }) => ({ type: 'LEAD.SAVING', changes: context.pending ?? {} }) },
      ],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ leadId: context.leadId as string, changes: context.pending ?? {} }),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ context }) => ({ synced: mergeGroups(context.synced, context.pending ?? {}), pending: null, failures: 0 })),
            { type: 'report', params: ({ context }) => ({ type: 'LEAD.SAVED', synced: context.synced }) },
          ],
        },
        onError: { target: 'failed', actions: assign({ pending: null }) },
      },
    },
    // Nothing is lost: the answers stay with the wizard; what changed goes with the next capture, save or submit.
    failed: {
      entry: enqueueActions(({ context, event, enqueue }) => {
        enqueue.assign({ failures: context.failures + 1 });
        enqueue({ type: 'report', params: { type: 'LEAD.FAILED', error: (event as { error?: unknown }).error, failures: context.failures + 1 } });
      }),
      after: { RETRY: { guard: 'autosaves', target: 'idle', actions: { type: 'report', params: { type: 'LEAD.IDLE' } } } },
      on: {
        RETRY: { target: 'idle', actions: { type: 'report', params: { type: 'LEAD.IDLE' } } },
        SYNC: syncNow,
      },
    },
  },
});
