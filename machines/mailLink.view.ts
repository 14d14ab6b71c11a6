// The one door of the pages an e-mailed link opens (/forgot-password, /reset-password, /sign-in-link, /invitation):
// the flow as they open it, and everything they show, already derived.
import type { SnapshotFrom } from 'xstate';
import { MIN_PASSWORD_LENGTH } from './domain/account';
import { defineFlow } from './flow';
import { MAIL_LINK_FORMS, mailLinkMachine, type LinkPurpose, type LinkProblem, type MailLinkField } from './mailLink.machine';

export { MAIL_LINK_FORMS, MIN_PASSWORD_LENGTH, type LinkPurpose, type LinkProblem, type MailLinkField };

export interface MailLinkPage {
  purpose: LinkPurpose;
  /** The page a link opens (its token in `?token=`); otherwise the page that asks for one. */
  opensLink: boolean;
}

export const mailLinkFlow = defineFlow({
  name: 'mailLink',
  machine: mailLinkMachine,
  input: ({ search }, page: MailLinkPage) => ({ purpose: page.purpose, token: page.opensLink ? search.get('token') : null }),
});

/** What the page shows: one of the flow's screens. */
export type MailLinkScreen = 'ask' | 'requested' | 'checking' | 'choose' | 'working' | 'broken' | 'unanswered';

export function mailLinkView(s: SnapshotFrom<typeof mailLinkMachine>) {
  const screen: MailLinkScreen = s.matches('asking')
    ? 'ask'
    : s.matches('requested')
      ? 'requested'
      : s.matches('choosing')
        ? 'choose'
        : s.matches('broken')
          ? 'broken'
          : s.matches('unanswered')
            ? 'unanswered'
            : s.matches('checking')
              ? 'checking'
              : 'working';
  return {
    screen,
    purpose: s.context.purpose,
    fields: s.context.fields,
    errors: s.context.errors,
    problem: s.context.problem,
    busy: s.hasTag('busy'),
    requesting: s.matches({ asking: 'requesting' }),
    saving: s.matches({ choosing: 'saving' }) || s.matches({ choosing: 'signingIn' }),
    /** A reset or sign-in link that no longer works: another can be asked for here. */
    canAskAgain: s.context.purpose !== 'invitation',
  };
}
