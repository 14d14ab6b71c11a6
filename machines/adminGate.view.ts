// /teamomora's one door (spec 1-core §2.10): the gate, and its dashboard while the session is an admin's.
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { adminDashboardMachine } from './adminDashboard.machine';
import { ADMIN_FORM_ID, adminGateMachine, type AdminField } from './adminGate.machine';
import { defineFlow } from './flow';

export { ADMIN_FORM_ID, type AdminField };
export type AdminDashboardRef = ActorRefFrom<typeof adminDashboardMachine>;

export const adminGateFlow = defineFlow({ name: 'adminGate', machine: adminGateMachine, input: () => undefined });

export function adminGateView(s: SnapshotFrom<typeof adminGateMachine>) {
  return {
    checking: s.matches('checking'),
    /** Signed in as an admin (or signing out): the dashboard, the gate's child, is what shows. */
    dashboard: (s.children as { adminDashboard?: AdminDashboardRef }).adminDashboard ?? null,
    authenticated: s.matches('authenticated'),
    signingIn: s.matches({ loginForm: 'signingIn' }),
    busy: s.hasTag('busy'),
    username: s.context.username,
    fields: s.context.fields,
    errors: s.context.errors,
  };
}
