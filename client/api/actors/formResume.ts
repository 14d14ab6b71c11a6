import { issueResumeCode, resumeApplication } from '../../../openapi/routes/resume';
import { call } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

/** Issue 11, resume on any device: a lead's resume code, and the application it brings back. */
export function formResumeCalls(http: Transport) {
  return {
    issueResumeCode: ({ leadId }: { leadId: string }) => call(http, issueResumeCode, { params: { leadId }, body: {} }),
    resumeApplication: ({ code, email }: { code: string; email: string }) => call(http, resumeApplication, { body: { code, email } }),
  };
}

export const makeFormResumeActors = (http: Transport) => actorsOf(formResumeCalls, http);
