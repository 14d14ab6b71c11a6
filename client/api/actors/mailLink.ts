import { userLogin } from '../../../openapi/routes/auth';
import { checkPasswordReset, confirmPasswordReset, openInvitation, requestPasswordReset, requestSignInLink, useSignInLink } from '../../../openapi/routes/mail';
import type { LinkPurpose } from '../../../machines/mailLink.machine';
import { call } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

/** The pages of e-mailed links: asking for one, and following a reset, sign-in or invitation link. */
export function mailLinkCalls(http: Transport) {
  return {
    requestLink: ({ purpose, email }: { purpose: LinkPurpose; email: string }) => call(http, purpose === 'reset' ? requestPasswordReset : requestSignInLink, { body: { email } }),
    checkReset: (body: { token: string }) => call(http, checkPasswordReset, { body }),
    confirmReset: (body: { token: string; password: string }) => call(http, confirmPasswordReset, { body }),
    userLogin: (body: { email: string; password: string }) => call(http, userLogin, { body }),
    useSignInLink: (body: { token: string }) => call(http, useSignInLink, { body }),
    openInvitation: (body: { token: string }) => call(http, openInvitation, { body }),
  };
}

export const makeMailLinkActors = (http: Transport) => actorsOf(mailLinkCalls, http);
