import { assign, emit, fromPromise, setup } from 'xstate';
import { toast, type WorldEffect } from './effects';
import type { AccountDto, MeDto } from '../openapi/schemas/auth';

export type Account = AccountDto;

export interface SessionContext {
  account: Account | null;
}

export type SessionEvent = { type: 'SIGNED_IN'; account: Account } | { type: 'SIGN_OUT' };

/**
 * Who the browser is signed in as, for the whole app: the header's user menu and the dashboard's gate read it.
 * It asks the server once (GET /api/auth/me); the sign-in page tells it about a new sign-in; signing out ends
 * the session on the server (POST /api/auth/logout) and is announced whatever the server answered, since the
 * person asked to be signed out here.
 */
export const sessionMachine = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent, emitted: {} as WorldEffect },
  actors: {
    fetchMe: fromPromise<MeDto>(async () => {
      throw new Error('fetchMe is provided by the caller');
    }),
    logout: fromPromise<null>(async () => {
      throw new Error('logout is provided by the caller');
    }),
  },
  actions: {
    /** The 'Logged Out' toast (spec 1-core §2.8). */
    announceSignedOut: emit(toast('account:toast.loggedOut.title', 'account:toast.loggedOut.description')),
  },
  guards: {
    signedIn: (_, params: { me: MeDto }) => params.me.user !== null,
  },
}).createMachine({
  id: 'session',
  context: { account: null },
  initial: 'checking',
  states: {
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'fetchMe',
        src: 'fetchMe',
        onDone: [
          { guard: { type: 'signedIn', params: ({ event }) => ({ me: event.output }) }, target: 'signedIn', actions: assign({ account: ({ event }) => event.output.user }) },
          { target: 'signedOut' },
        ],
        // Nobody can be shown as signed in without the server saying so.
        onError: 'signedOut',
      },
      on: { SIGNED_IN: { target: 'signedIn', actions: assign({ account: ({ event }) => event.account }) } },
    },
    signedOut: {
      entry: assign({ account: null }),
      on: { SIGNED_IN: { target: 'signedIn', actions: assign({ account: ({ event }) => event.account }) } },
    },
    signedIn: {
      on: {
        SIGNED_IN: { actions: assign({ account: ({ event }) => event.account }) },
        SIGN_OUT: 'signingOut',
      },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'signedOut', actions: 'announceSignedOut' },
        onError: { target: 'signedOut', actions: 'announceSignedOut' },
      },
    },
  },
});
