import { evaluateAnswer, finalAnalysis, interviewPrep, interviewState, newInterview, verifyAccess } from '../../../openapi/routes/premium';
import type { InterviewLanguage } from '../../../machines/premiumInterview.machine';
import { call } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

/** The premium interview's calls (spec 3-ai §7; issue 33: the state a reload continues from, and 'New interview'). */
export function premiumCalls(http: Transport) {
  return {
    loadInterview: (query: { language: InterviewLanguage; explicit: boolean }) => call(http, interviewState, { query }),
    verifyAccess: (body: { code: string }) => call(http, verifyAccess, { body }),
    prepareInterview: (body: { formData?: string; useSaved?: boolean; language: InterviewLanguage; languageChosen: boolean }) => call(http, interviewPrep, { body }),
    evaluateAnswer: (body: { questionId: string; answer: string; allAnswers: Record<string, string>; language: InterviewLanguage }) => call(http, evaluateAnswer, { body }),
    finalAnalysis: (body: { answers: Record<string, string>; questions: Array<{ id: string }>; language: InterviewLanguage }) => call(http, finalAnalysis, { body }),
    endInterview: () => call(http, newInterview, {}),
  };
}

export const makePremiumActors = (http: Transport) => actorsOf(premiumCalls, http);
