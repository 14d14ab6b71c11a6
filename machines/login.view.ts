// /login's one door: the flow as the page opens it, and everything the page shows, already derived.
import type { SnapshotFrom } from 'xstate';
import { MIN_PASSWORD_LENGTH } from './domain/account';
import { defineFlow } from './flow';
import { LOGIN_FORMS, loginMachine, type LoginField } from './login.machine';

export { LOGIN_FORMS, MIN_PASSWORD_LENGTH, type LoginField };

/** Which tab opens first: `?tab=signup` (the pricing page's Sign Up link), else Login. */
export const loginFlow = defineFlow({ name: 'login', machine: loginMachine, input: ({ search }) => ({ tab: search.get('tab') === 'signup' ? ('signup' as const) : ('login' as const) }) });

export const LOGIN_TABS = ['login', 'signup'] as const;
export type LoginTab = (typeof LOGIN_TABS)[number];

export function loginView(s: SnapshotFrom<typeof loginMachine>) {
  const busy = s.hasTag('busy');
  return {
    tab: (s.matches('signup') ? 'signup' : 'login') as LoginTab,
    fields: s.context.fields,
    errors: s.context.errors,
    /** A request is under way (or the page is leaving, signed in): the tabs and the forms wait. */
    busy,
    signingIn: s.matches({ login: 'signingIn' }),
    enteringAsGuest: s.matches({ login: 'enteringAsGuest' }),
    signingUp: s.matches({ signup: 'signingUp' }),
  };
}

/** The event that switches to a tab; none while a request runs (switching would abandon it). */
export const tabEvent = (tab: LoginTab) => (tab === 'signup' ? { type: 'TAB.SIGNUP' as const } : { type: 'TAB.LOGIN' as const });
