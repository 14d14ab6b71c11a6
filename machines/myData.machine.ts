import { assign, emit, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { navigate, type WorldEffect } from './effects';
import type { Erased } from '../openapi/schemas/rights';
import type { PdfFile } from './confirmation.machine';

// "Your data" on the dashboard (issue 44; GDPR 15, 17, 20): download everything held (JSON or PDF) and erase an
// application or the whole account, each erasure only after the applicant confirms it.

/** What the flow does to the world: the app's effects, and one the card itself hears (the dashboard reloads). */
export type MyDataEffect = WorldEffect | { type: 'erasedOne' };

export type ErasureTarget = { kind: 'application'; leadId: string } | { kind: 'all' };

export interface MyDataContext {
  /** What the open confirmation dialog would erase. */
  target: ErasureTarget | null;
  /** The last failure's server message, shown under the buttons; null once anything succeeds. */
  error: string | null;
  /** What the last erasure did, for the confirmation message. */
  erased: Erased | null;
}

export type MyDataEvent =
  | { type: 'DOWNLOAD'; format: 'json' | 'pdf' }
  | { type: 'DELETE_APPLICATION'; leadId: string }
  | { type: 'DELETE_ALL' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

// The server's own words when it gave some (an HttpError's serverMessage), else a plain 'failed'.
const messageOf = (error: unknown) => String((error as { serverMessage?: unknown } | null)?.serverMessage ?? '') || 'failed';

export const myDataMachine = setup({
  types: { context: {} as MyDataContext, events: {} as MyDataEvent, emitted: {} as MyDataEffect },
  actors: {
    downloadMyData: {} as import('xstate').PromiseActorLogic<PdfFile, { format: 'json' | 'pdf' }>,
    erase: {} as import('xstate').PromiseActorLogic<Erased, ErasureTarget>,
  },
  actions: {
    // The app's handler hands the file to the browser.
    saveFile: emit((_, params: { file: PdfFile }) => ({ type: 'download' as const, file: params.file })),
    // The dashboard reads its lists again: an application is gone or anonymised.
    erasedOne: emit({ type: 'erasedOne' as const }),
    // Nothing is left to show: the session ended with the data; the app forgets the account and goes home.
    leave: emit({ type: 'signOut' as const }),
    goHome: emit(() => navigate('/', true)),
    setTarget: assign({ target: (_, params: { target: ErasureTarget }) => params.target }),
    failed: assign({ error: (_, params: { error: unknown }) => messageOf(params.error) }),
  },
}).createMachine({
  id: 'myData',
  context: { target: null, error: null, erased: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        DOWNLOAD: { target: 'downloading' },
        DELETE_APPLICATION: { target: 'confirming', actions: { type: 'setTarget', params: ({ event }) => ({ target: { kind: 'application', leadId: event.leadId } }) } },
        DELETE_ALL: { target: 'confirming', actions: { type: 'setTarget', params: () => ({ target: { kind: 'all' } }) } },
      },
    },
    downloading: {
      tags: ['busy'],
      invoke: {
        id: 'downloadMyData',
        src: 'downloadMyData',
        input: ({ event }) => ({ format: event.type === 'DOWNLOAD' ? event.format : 'json' }),
        onDone: {
          target: 'idle',
          actions: [assign({ error: null }), { type: 'saveFile', params: ({ event }: { event: DoneActorEvent<PdfFile> }) => ({ file: event.output }) }],
        },
        onError: { target: 'idle', actions: { type: 'failed', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) } },
      },
    },
    confirming: {
      on: { CONFIRM: 'erasing', CANCEL: { target: 'idle', actions: assign({ target: null }) } },
    },
    erasing: {
      tags: ['busy'],
      invoke: {
        id: 'erase',
        src: 'erase',
        input: ({ context }) => context.target ?? { kind: 'all' },
        onDone: [
          { guard: ({ context }) => context.target?.kind === 'all', target: 'left', actions: assign({ erased: ({ event }) => event.output, error: null }) },
          { target: 'idle', actions: [assign({ erased: ({ event }) => event.output, error: null, target: null }), 'erasedOne'] },
        ],
        onError: { target: 'idle', actions: [{ type: 'failed', params: ({ event }) => ({ error: event.error }) }, assign({ target: null })] },
      },
    },
    left: { type: 'final', entry: ['leave', 'goHome'] },
  },
});
