// The e-mails tab's one door: its machine and everything the panel shows, already derived.
import type { SnapshotFrom } from 'xstate';
import { pageCount } from './domain/paging';
import { MAIL_STATES } from '../openapi/schemas/mail';
import { emailLogMachine, mayResend, type MailState } from './emailLog.machine';
import { defineFlow } from './flow';

export { emailLogMachine, MAIL_STATES, type MailState };

/** The e-mails tab, opened inside the gate's dashboard; it says what it does to the world with `emit`. */
export const emailLogFlow = defineFlow({ name: 'emailLog', machine: emailLogMachine, input: () => undefined });

export function emailLogView(s: SnapshotFrom<typeof emailLogMachine>) {
  const { data, page, state, resending } = s.context;
  const pages = pageCount(data);
  return {
    loading: s.hasTag('loading'),
    failed: s.matches('failed'),
    state,
    emails: (data?.emails ?? []).map((email) => ({ ...email, resendable: mayResend(email) && s.matches('ready'), resending: resending === email.id })),
    counts: data?.counts ?? null,
    transport: data?.transport ?? null,
    total: data?.total ?? 0,
    page,
    pages,
    canPrevious: s.can({ type: 'PAGE', page: page - 1 }),
    canNext: s.can({ type: 'PAGE', page: page + 1 }),
  };
}
