// A staff address's one door (issue 43): its machine and everything the form shows, already derived.
import type { SnapshotFrom } from 'xstate';
import { defineFlow, type FlowActor } from './flow';
import { STAFF_EMAIL_FORM_ID, staffEmailMachine } from './staffEmail.machine';

export { STAFF_EMAIL_FORM_ID, staffEmailMachine };

/** The signed-in operator's own address (operatorId null), or an operator's an owner sets. */
export const staffEmailFlow = defineFlow({
  name: 'staffEmail',
  machine: staffEmailMachine,
  input: (_world, props: { operatorId: string | null }) => ({ operatorId: props.operatorId }),
});
export type StaffEmailRef = FlowActor<typeof staffEmailFlow>;

export function staffEmailView(s: SnapshotFrom<typeof staffEmailMachine>) {
  const { saved, draft, error, sentTo } = s.context;
  return {
    loading: s.matches('loading'),
    failed: s.matches('failed'),
    saving: s.matches('saving'),
    draft,
    error,
    /** The address the server holds, and whether its link was followed; null before the first answer. */
    current: saved,
    /** A link to verify this address was just queued for it (never said as sent: the mail server may not have it yet). */
    sentTo,
    canSave: s.can({ type: 'SAVE' }),
  };
}
