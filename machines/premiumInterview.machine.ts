import { assign, fromPromise, setup } from 'xstate';
import type { AccessResult, EvaluationDto, FinalAnalysisDto, InterviewDto, InterviewQuestionDto } from '../openapi/schemas/premium';
import { ROUTES } from './domain/routes';

export type InterviewLanguage = 'es' | 'en';

/** The spec's alerts (3-ai §8), as keys; the page words them in the interview's language. */
export type PremiumAlert = 'invalidCode' | 'verifyFailed' | 'emptyData' | 'prepareFailed' | 'answerFailed' | 'accessLost';

export interface PremiumInterviewContext {
  language: InterviewLanguage;
  code: string;
  savedApplication: boolean;
  formData: string;
  questions: InterviewQuestionDto[];
  index: number;
  answer: string;
  answers: Record<string, string>;
  evaluations: Record<string, EvaluationDto>;
  analysis: FinalAnalysisDto | null;
}

export type PremiumInterviewEvent =
  | { type: 'CODE.CHANGE'; value: string }
  | { type: 'VERIFY' }
  | { type: 'DATA.CHANGE'; value: string }
  | { type: 'PREPARE' }
  | { type: 'USE_SAVED' }
  | { type: 'ANSWER.CHANGE'; value: string }
  | { type: 'SUBMIT_ANSWER' }
  | { type: 'PRINT' }
  | { type: 'NEW_INTERVIEW' }
  | { type: 'BACK_HOME' };

export interface PremiumInterviewInput {
  language: InterviewLanguage;
}

const status = (error: unknown) => (error as { status?: unknown } | null)?.status;
const serverMessage = (error: unknown) => {
  const message = (error as { serverMessage?: unknown } | null)?.serverMessage;
  return typeof message === 'string' ? message : undefined;
};

const fresh = (language: InterviewLanguage): PremiumInterviewContext => ({
  language,
  code: '',
  savedApplication: false,
  formData: '',
  questions: [],
  index: 0,
  answer: '',
  answers: {},
  evaluations: {},
  analysis: null,
});

/** The question being asked, if any. */
export const currentQuestion = (c: PremiumInterviewContext): InterviewQuestionDto | undefined => c.questions[c.index];
export const isLastQuestion = (c: PremiumInterviewContext) => c.questions.length > 0 && c.index === c.questions.length - 1;
/** The feedback on the answer before the current question (issue 15: shown beyond the spec). */
export const previousFeedback = (c: PremiumInterviewContext): EvaluationDto | undefined => {
  const previous = c.questions[c.index - 1];
  return previous ? c.evaluations[previous.id] : undefined;
};

/**
 * The premium interview practice (spec 3-ai §2.8, §4.7; issue 15): access, then upload once the server says the
 * code is valid, then one question at a time (each answer saved and evaluated before the next), then the final
 * analysis. A failure leaves the phase where it is; a session the server no longer recognises goes back to access.
 */
export const premiumInterviewMachine = setup({
  types: {
    context: {} as PremiumInterviewContext,
    events: {} as PremiumInterviewEvent,
    input: {} as PremiumInterviewInput,
    output: {} as { to: string },
  },
  actors: {
    /** POST /api/premium/verify-access; provided by the client. */
    verifyAccess: fromPromise<AccessResult, { code: string }>(async () => {
      throw new Error('verifyAccess is provided by the caller');
    }),
    /** POST /api/premium/interview-prep; provided by the client. */
    prepareInterview: fromPromise<InterviewDto, { formData?: string; useSaved?: boolean; language: InterviewLanguage }>(async () => {
      throw new Error('prepareInterview is provided by the caller');
    }),
    /** POST /api/premium/evaluate-answer; provided by the client. */
    evaluateAnswer: fromPromise<EvaluationDto, { questionId: string; answer: string; allAnswers: Record<string, string>; language: InterviewLanguage }>(async () => {
      throw new Error('evaluateAnswer is provided by the caller');
    }),
    /** POST /api/premium/final-analysis; provided by the client. */
    finalAnalysis: fromPromise<FinalAnalysisDto, { answers: Record<string, string>; questions: Array<{ id: string }>; language: InterviewLanguage }>(async () => {
      throw new Error('finalAnalysis is provided by the caller');
    }),
  },
  actions: {
    // The alerts of spec 3-ai §8; provided by the client. `detail` is the server's own words (a 429's wait).
    alert: (_: unknown, _params: { alert: PremiumAlert; detail?: string }) => {},
    /** The browser's print dialog; provided by the client. */
    print: () => {},
  },
  guards: {
    codeGiven: ({ context }) => context.code.trim().length > 0,
    dataGiven: ({ context }) => context.formData.trim().length > 0,
    savedApplication: ({ context }) => context.savedApplication,
    answerGiven: ({ context }) => context.answer.trim().length > 0 && currentQuestion(context) !== undefined,
    accessLost: (_, params: { error: unknown }) => status(params.error) === 403,
  },
}).createMachine({
  id: 'premiumInterview',
  context: ({ input }) => fresh(input.language),
  initial: 'access',
  on: { BACK_HOME: '.home' },
  states: {
    access: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'CODE.CHANGE': { actions: assign({ code: ({ event }) => event.value }) },
            // The button is disabled when the code is empty or blank (spec 3-ai §5); a stray Enter does nothing.
            VERIFY: { guard: 'codeGiven', target: 'verifying' },
          },
        },
        verifying: {
          tags: ['busy'],
          invoke: {
            id: 'verifyAccess',
            src: 'verifyAccess',
            input: ({ context }) => ({ code: context.code.trim() }),
            onDone: [
              {
                guard: ({ event }) => event.output.valid,
                target: '#premiumInterview.upload',
                // The code has done its work; it is not kept in memory longer than needed.
                actions: assign({ savedApplication: ({ event }) => event.output.savedApplication, code: '' }),
              },
              { target: 'editing', actions: { type: 'alert', params: { alert: 'invalidCode' } } },
            ],
            onError: {
              target: 'editing',
              actions: {
                type: 'alert',
                params: ({ event }) => (status(event.error) === 429 ? { alert: 'verifyFailed', detail: serverMessage(event.error) } : { alert: 'verifyFailed' }) as { alert: PremiumAlert; detail?: string },
              },
            },
          },
        },
      },
    },
    upload: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'DATA.CHANGE': { actions: assign({ formData: ({ event }) => event.value }) },
            PREPARE: [{ guard: 'dataGiven', target: 'preparing' }, { actions: { type: 'alert', params: { alert: 'emptyData' } } }],
            USE_SAVED: { guard: 'savedApplication', target: 'preparingSaved' },
          },
        },
        preparing: {
          tags: ['busy'],
          invoke: {
            id: 'prepareInterview',
            src: 'prepareInterview',
            input: ({ context }) => ({ formData: context.formData, language: context.language }),
            onDone: { target: '#premiumInterview.interview', actions: assign({ questions: ({ event }) => event.output.questions, index: 0, answers: {}, evaluations: {}, answer: '' }) },
            onError: [
              { guard: { type: 'accessLost', params: ({ event }) => ({ error: event.error }) }, target: '#premiumInterview.access', actions: { type: 'alert', params: { alert: 'accessLost' } } },
              { target: 'editing', actions: { type: 'alert', params: { alert: 'prepareFailed' } } },
            ],
          },
        },
        preparingSaved: {
          tags: ['busy'],
          invoke: {
            id: 'prepareInterview',
            src: 'prepareInterview',
            input: ({ context }) => ({ useSaved: true, language: context.language }),
            onDone: { target: '#premiumInterview.interview', actions: assign({ questions: ({ event }) => event.output.questions, index: 0, answers: {}, evaluations: {}, answer: '' }) },
            onError: [
              { guard: { type: 'accessLost', params: ({ event }) => ({ error: event.error }) }, target: '#premiumInterview.access', actions: { type: 'alert', params: { alert: 'accessLost' } } },
              { target: 'editing', actions: { type: 'alert', params: { alert: 'prepareFailed' } } },
            ],
          },
        },
      },
    },
    interview: {
      initial: 'answering',
      states: {
        answering: {
          on: {
            'ANSWER.CHANGE': { actions: assign({ answer: ({ event }) => event.value }) },
            SUBMIT_ANSWER: { guard: 'answerGiven', target: 'evaluating' },
          },
        },
        evaluating: {
          tags: ['busy'],
          // Saved before it is sent (spec 3-ai §4.7): a failed evaluation keeps it in the box and in the answers.
          entry: assign({ answers: ({ context }) => ({ ...context.answers, [currentQuestion(context)?.id as string]: context.answer.trim() }) }),
          invoke: {
            id: 'evaluateAnswer',
            src: 'evaluateAnswer',
            input: ({ context }) => ({
              questionId: currentQuestion(context)?.id as string,
              answer: context.answer.trim(),
              allAnswers: context.answers,
              language: context.language,
            }),
            onDone: [
              {
                guard: ({ context }) => isLastQuestion(context),
                target: 'finishing',
                actions: assign({ evaluations: ({ context, event }) => ({ ...context.evaluations, [currentQuestion(context)?.id as string]: event.output }) }),
              },
              {
                target: 'answering',
                actions: assign({
                  evaluations: ({ context, event }) => ({ ...context.evaluations, [currentQuestion(context)?.id as string]: event.output }),
                  index: ({ context }) => context.index + 1,
                  answer: '',
                }),
              },
            ],
            onError: [
              { guard: { type: 'accessLost', params: ({ event }) => ({ error: event.error }) }, target: '#premiumInterview.access', actions: { type: 'alert', params: { alert: 'accessLost' } } },
              { target: 'answering', actions: { type: 'alert', params: { alert: 'answerFailed' } } },
            ],
          },
        },
        finishing: {
          tags: ['busy'],
          invoke: {
            id: 'finalAnalysis',
            src: 'finalAnalysis',
            input: ({ context }) => ({ answers: context.answers, questions: context.questions.map(({ id }) => ({ id })), language: context.language }),
            onDone: { target: '#premiumInterview.results', actions: assign({ analysis: ({ event }) => event.output, answer: '' }) },
            onError: [
              { guard: { type: 'accessLost', params: ({ event }) => ({ error: event.error }) }, target: '#premiumInterview.access', actions: { type: 'alert', params: { alert: 'accessLost' } } },
              // The last answer stays in its box: 'Finish Interview' again asks once more.
              { target: 'answering', actions: { type: 'alert', params: { alert: 'answerFailed' } } },
            ],
          },
        },
      },
    },
    results: {
      on: {
        PRINT: { actions: 'print' },
        NEW_INTERVIEW: { target: 'access', actions: assign(({ context }) => fresh(context.language)) },
      },
    },
    home: { type: 'final', output: { to: ROUTES.home } },
  },
  output: ({ event }) => event.output as { to: string },
});
