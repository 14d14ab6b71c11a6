import { evaluateAnswer, finalAnalysis, interviewPrep, interviewState, newInterview, verifyAccess } from '../../../openapi/routes/premium';
import type { InterviewDto, InterviewStateDto } from '../../../openapi/schemas/premium';
import type { InterviewLanguage } from '../../../machines/premiumInterview.machine';
import { call } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

/** How often, and how long at most, a preparation under way is followed (issue 42). */
const FOLLOW_EVERY_MS = 700;
const FOLLOW_FOR_MS = 90_000;

/** The premium interview's calls (spec 3-ai §7; issue 33: the state a reload continues from, and 'New interview'). */
export function premiumCalls(http: Transport) {
  const state = (query: { language: InterviewLanguage; explicit: boolean }) => call(http, interviewState, { query });
  /** An interview being prepared (issue 42) is followed until it is ready: the page stays busy meanwhile. */
  const followed = async (query: { language: InterviewLanguage; explicit: boolean }): Promise<InterviewStateDto> => {
    const until = Date.now() + FOLLOW_FOR_MS;
    for (let now = await state(query); ; now = await state(query)) {
      if (now.interview?.status === 'failed') throw new Error('The interview could not be prepared');
      if (now.interview?.status !== 'preparing') return now;
      if (Date.now() > until) throw new Error('The interview is taking too long to prepare');
      await new Promise((resolve) => setTimeout(resolve, FOLLOW_EVERY_MS));
    }
  };
  return {
    loadInterview: followed,
    verifyAccess: (body: { code: string }) => call(http, verifyAccess, { body }),
    prepareInterview: async (body: { formData?: string; useSaved?: boolean; language: InterviewLanguage; languageChosen: boolean }): Promise<InterviewDto> => {
      const prepared = await call(http, interviewPrep, { body });
      if (prepared.status === 'ready') return prepared;
      const now = await followed({ language: body.language, explicit: body.languageChosen });
      if (!now.interview) throw new Error('The interview was not prepared');
      return { interviewId: now.interview.interviewId, language: now.language, questions: now.interview.questions, status: 'ready' };
    },
    evaluateAnswer: (body: { questionId: string; answer: string; allAnswers: Record<string, string>; language: InterviewLanguage }) => call(http, evaluateAnswer, { body }),
    finalAnalysis: (body: { answers: Record<string, string>; questions: Array<{ id: string }>; language: InterviewLanguage }) => call(http, finalAnalysis, { body }),
    endInterview: () => call(http, newInterview, {}),
  };
}

export const makePremiumActors = (http: Transport) => actorsOf(premiumCalls, http);
