import { assign, emit, enqueueActions, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { AccessResult, EvaluationDto, FinalAnalysisDto, InterviewDto, InterviewLanguage, InterviewQuestionDto, InterviewStateDto } from '../openapi/schemas/premium';
import { ROUTES } from './domain/routes';
import type { WorldEffect } from './effects';
import { voiceControlsMachine, type VoiceAlert, type VoiceReport } from './voiceControls.machine';

export type { VoiceAlert };

export type { InterviewLanguage };

/** The spec's alerts (3-ai §8), as keys; the page words them in the interview's language. */
export type PremiumAlert = 'invalidCode' | 'verifyFailed' | 'emptyData' | 'prepareFailed' | 'answerFailed' | 'accessLost' | 'resetFailed' | VoiceAlert;


export interface PremiumInterviewContext {
  language: InterviewLanguage;
  /** The language was chosen explicitly (?lang=, or when the interview was prepared): it no longer follows the interface. */
  explicit: boolean;
  code: string;
  savedApplication: boolean;
  formData: string;
  questions: InterviewQuestionDto[];
  /** The language the questions are worded in; after a language switch they are worded again. */
  wordedIn: InterviewLanguage;
  index: number;
  answer: string;
  answers: Record<string, string>;
  evaluations: Record<string, EvaluationDto>;
  analysis: FinalAnalysisDto | null;
  /** What the page says went wrong (spec 3-ai §8), until the next attempt; `detail` is the server's own words. */
  alert: { alert: PremiumAlert; detail?: string } | null;
}

export type PremiumInterviewEvent =
  | { type: 'CODE.CHANGE'; value: string }
  | { type: 'VERIFY' }
  | { type: 'DATA.CHANGE'; value: string }
  | { type: 'PREPARE' }
  | { type: 'USE_SAVED' }
  | { type: 'ANSWER.CHANGE'; value: string }
  | { type: 'SUBMIT_ANSWER' }
  | { type: 'LANGUAGE.CHANGE'; language: InterviewLanguage }
  | { type: 'PRINT' }
  /** From the voice controls (the child `voice`): what they heard, and what went wrong. */
  | VoiceReport
  | { type: 'NEW_INTERVIEW' }
  | { type: 'BACK_HOME' };

export interface PremiumInterviewInput {
  language: InterviewLanguage;
  explicit: boolean;
}

const status = (error: unknown) => (error as { status?: unknown } | null)?.status;
const serverMessage = (error: unknown) => {
  const message = (error as { serverMessage?: unknown } | null)?.serverMessage;
  return typeof message === 'string' ? message : undefined;
};

/** What the server is asked for this session's interview: in the page's language, saying whether it was chosen. */
const asked = ({ context }: { context: PremiumInterviewContext }) => ({ language: context.language, explicit: context.explicit });

const fresh = (language: InterviewLanguage, explicit: boolean): PremiumInterviewContext => ({
  language,
  explicit,
  code: '',
  savedApplication: false,
  formData: '',
  questions: [],
  wordedIn: language,
  index: 0,
  answer: '',
  alert: null,
  answers: {},
  evaluations: {},
  analysis: null,
});

/** The voice controls while a question is asked (the interview's child), for the page to render; none elsewhere. */
export const voiceControlsOf = (snapshot: { children?: Record<string, unknown> }) => snapshot.children?.voice as VoiceControlsRef | undefined;
export type VoiceControlsRef = ActorRefFrom<typeof voiceControlsMachine>;

/** The question being asked, if any. */
export const currentQuestion = (c: PremiumInterviewContext): InterviewQuestionDto | undefined => c.questions[c.index];
export const isLastQuestion = (c: PremiumInterviewContext) => c.questions.length > 0 && c.index === c.questions.length - 1;
/** The feedback on the answer before the current question (issue 15: shown beyond the spec). */
export const previousFeedback = (c: PremiumInterviewContext): EvaluationDto | undefined => {
  const previous = c.questions[c.index - 1];
  return previous ? c.evaluations[previous.id] : undefined;
};
/** Where a restored interview goes on: the first question without an answer, else the last (to finish it). */
export const resumeIndex = (questions: readonly InterviewQuestionDto[], answers: Readonly<Record<string, string>>) => {
  const open = questions.findIndex((q) => !Object.hasOwn(answers, q.id));
  return open >= 0 ? open : Math.max(0, questions.length - 1);
};

type Restored = NonNullable<InterviewStateDto['interview']>;

/** The server's interview in the machine's context (after a reload, or worded in another language). */
const restore = (c: PremiumInterviewContext, state: InterviewStateDto, interview: Restored, keepPlace: boolean): Partial<PremiumInterviewContext> => {
  const index = keepPlace ? c.index : resumeIndex(interview.questions, interview.answers);
  const last = interview.questions[index];
  return {
    language: state.language,
    explicit: state.languageChosen,
    savedApplication: state.savedApplication,
    questions: interview.questions,
    wordedIn: state.language,
    answers: interview.answers,
    evaluations: interview.evaluations,
    analysis: interview.analysis,
    index,
    // Every question answered but not finished (a reload while finishing): the last answer stays to send again.
    answer: keepPlace ? c.answer : last && Object.hasOwn(interview.answers, last.id) ? (interview.answers[last.id] ?? '') : '',
  };
};

/**
 * The premium interview practice (spec 3-ai §2.8, §4.7; issues 15, 33): the server is asked first where this
 * session stands, so a reload or the other premium page continues; then access, upload once the server says the
 * code is valid, one question at a time (each answer saved and evaluated before the next), and the final analysis.
 * A failure leaves the phase where it is; a session the server no longer recognises goes back to access. Unless its
 * language was chosen explicitly, the interview follows the interface language and is worded again when it changes.
 */
/** The interface language changed where questions are shown: the interview follows it and words them again. */
const REWORD = { guard: 'followsInterface', target: 'rewording', actions: 'followInterface' } as const;

export const premiumInterviewMachine = setup({
  types: {
    context: {} as PremiumInterviewContext,
    events: {} as PremiumInterviewEvent,
    input: {} as PremiumInterviewInput,
    output: {} as { to: string },
    emitted: {} as WorldEffect,
  },
  actors: {
    /** GET /api/premium/interview; provided by the client. */
    loadInterview: fromPromise<InterviewStateDto, { language: InterviewLanguage; explicit: boolean }>(async () => {
      throw new Error('loadInterview is provided by the caller');
    }),
    /** POST /api/premium/verify-access; provided by the client. */
    verifyAccess: fromPromise<AccessResult, { code: string }>(async () => {
      throw new Error('verifyAccess is provided by the caller');
    }),
    /** POST /api/premium/interview-prep; provided by the client. */
    prepareInterview: fromPromise<InterviewDto, { formData?: string; useSaved?: boolean; language: InterviewLanguage; languageChosen: boolean }>(async () => {
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
    /** POST /api/premium/new-interview; provided by the client. */
    endInterview: fromPromise<{ ended: boolean }>(async () => {
      throw new Error('endInterview is provided by the caller');
    }),
    /** The audio controls of /intervgpt; the page provides them with the browser's microphone and speaker. */
    voiceControls: voiceControlsMachine,
  },
  actions: {
    // The alerts of spec 3-ai §8, shown until the applicant's next attempt. `detail` is the server's own words (a 429's wait).
    alert: assign({ alert: (_, params: { alert: PremiumAlert; detail?: string }) => params }),
    clearAlert: assign({ alert: null }),
    /** The interface's language, which the interview follows (the guard followsInterface says when). */
    followInterface: assign({ language: ({ event }) => (event as Extract<PremiumInterviewEvent, { type: 'LANGUAGE.CHANGE' }>).language }),
    /** The browser's print dialog (the results, as the page shows them). */
    print: emit({ type: 'print' } as const),
  },
  guards: {
    codeGiven: ({ context }) => context.code.trim().length > 0,
    dataGiven: ({ context }) => context.formData.trim().length > 0,
    savedApplication: ({ context }) => context.savedApplication,
    answerGiven: ({ context }) => context.answer.trim().length > 0 && currentQuestion(context) !== undefined,
    accessLost: (_, params: { error: unknown }) => status(params.error) === 403,
    followsInterface: ({ context, event }) => !context.explicit && event.type === 'LANGUAGE.CHANGE' && event.language !== context.language,
    wordedElsewhere: ({ context }) => context.wordedIn !== context.language,
  },
}).createMachine({
  id: 'premiumInterview',
  context: ({ input }) => fresh(input.language, input.explicit),
  initial: 'restoring',
  on: {
    BACK_HOME: '.home',
    'VOICE.ALERT': { actions: { type: 'alert', params: ({ event }) => ({ alert: event.alert }) } },
    'LANGUAGE.CHANGE': { guard: 'followsInterface', actions: 'followInterface' },
  },
  states: {
    restoring: {
      tags: ['busy'],
      invoke: {
        id: 'loadInterview',
        src: 'loadInterview',
        input: asked,
        onDone: [
          { guard: ({ event }) => !event.output.verified, target: 'access' },
          {
            guard: ({ event }) => Boolean(event.output.interview?.analysis),
            target: 'results',
            actions: assign(({ context, event }) => restore(context, event.output, event.output.interview as Restored, false)),
          },
          {
            guard: ({ event }) => Boolean(event.output.interview),
            target: 'interview',
            actions: assign(({ context, event }) => restore(context, event.output, event.output.interview as Restored, false)),
          },
          {
            target: 'upload',
            actions: assign({ savedApplication: ({ event }) => event.output.savedApplication, language: ({ event }) => event.output.language, explicit: ({ event }) => event.output.languageChosen }),
          },
        ],
        // Nothing known: the code is asked, as before there was anything to continue.
        onError: 'access',
      },
    },
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
          entry: 'clearAlert',
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
          entry: 'clearAlert',
          invoke: {
            id: 'prepareInterview',
            src: 'prepareInterview',
            input: ({ context }) => ({ formData: context.formData, language: context.language, languageChosen: context.explicit }),
            onDone: { target: '#premiumInterview.interview', actions: assign({ questions: ({ event }) => event.output.questions, wordedIn: ({ event }) => event.output.language, index: 0, answers: {}, evaluations: {}, answer: '' }) },
            onError: [
              { guard: { type: 'accessLost', params: ({ event }) => ({ error: event.error }) }, target: '#premiumInterview.access', actions: { type: 'alert', params: { alert: 'accessLost' } } },
              { target: 'editing', actions: { type: 'alert', params: { alert: 'prepareFailed' } } },
            ],
          },
        },
        preparingSaved: {
          tags: ['busy'],
          entry: 'clearAlert',
          invoke: {
            id: 'prepareInterview',
            src: 'prepareInterview',
            input: ({ context }) => ({ useSaved: true, language: context.language, languageChosen: context.explicit }),
            onDone: { target: '#premiumInterview.interview', actions: assign({ questions: ({ event }) => event.output.questions, wordedIn: ({ event }) => event.output.language, index: 0, answers: {}, evaluations: {}, answer: '' }) },
            onError: [
              { guard: { type: 'accessLost', params: ({ event }) => ({ error: event.error }) }, target: '#premiumInterview.access', actions: { type: 'alert', params: { alert: 'accessLost' } } },
              { target: 'editing', actions: { type: 'alert', params: { alert: 'prepareFailed' } } },
            ],
          },
        },
      },
    },
    // The voice controls live while a question is asked (on /intervgpt the page shows them): leaving the
    // interview stops them, their microphone and any request under way.
    interview: {
      invoke: { id: 'voice', src: 'voiceControls', input: ({ context }) => ({ language: context.language }) },
      initial: 'answering',
      states: {
        answering: {
          // The interface language changed while an answer was being sent: the questions are worded again now.
          always: { guard: 'wordedElsewhere', target: 'rewording' },
          on: {
            'ANSWER.CHANGE': { actions: assign({ answer: ({ event }) => event.value }) },
            // What the voice controls heard becomes the answer, which stays editable.
            'VOICE.TRANSCRIBED': { actions: assign({ answer: ({ event }) => event.text }) },
            SUBMIT_ANSWER: { guard: 'answerGiven', target: 'evaluating' },
            'LANGUAGE.CHANGE': REWORD,
          },
        },
        rewording: {
          tags: ['busy'],
          entry: 'clearAlert',
          invoke: {
            id: 'loadInterview',
            src: 'loadInterview',
            input: asked,
            onDone: [
              {
                guard: ({ event }) => Boolean(event.output.interview),
                target: 'answering',
                actions: assign(({ context, event }) => restore(context, event.output, event.output.interview as Restored, true)),
              },
              { target: '#premiumInterview.access', actions: { type: 'alert', params: { alert: 'accessLost' } } },
            ],
            // The questions stay as they were, in the language they were in.
            onError: { target: 'answering', actions: assign({ language: ({ context }) => context.wordedIn }) },
          },
        },
        evaluating: {
          tags: ['busy'],
          // Saved before it is sent (spec 3-ai §4.7): a failed evaluation keeps it in the box and in the answers.
          entry: ['clearAlert', assign({ answers: ({ context }) => ({ ...context.answers, [currentQuestion(context)?.id as string]: context.answer.trim() }) })],
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
                actions: [
                  assign({
                    evaluations: ({ context, event }) => ({ ...context.evaluations, [currentQuestion(context)?.id as string]: event.output }),
                    index: ({ context }) => context.index + 1,
                    answer: '',
                  }),
                  // Another question: the voice controls stop showing the last answer's words.
                  enqueueActions(({ enqueue, self }) => {
                    const voice = voiceControlsOf(self.getSnapshot() ?? {});
                    if (voice) enqueue.sendTo(voice, { type: 'QUESTION.CHANGE' });
                  }),
                ],
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
          entry: 'clearAlert',
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
      initial: 'shown',
      states: {
        shown: {
          always: { guard: 'wordedElsewhere', target: 'rewording' },
          on: {
            PRINT: { actions: 'print' },
            NEW_INTERVIEW: 'ending',
            'LANGUAGE.CHANGE': REWORD,
          },
        },
        rewording: {
          tags: ['busy'],
          entry: 'clearAlert',
          invoke: {
            id: 'loadInterview',
            src: 'loadInterview',
            input: asked,
            onDone: [
              {
                guard: ({ event }) => Boolean(event.output.interview?.analysis),
                target: 'shown',
                actions: assign(({ context, event }) => restore(context, event.output, event.output.interview as Restored, true)),
              },
              { target: 'shown', actions: assign({ language: ({ context }) => context.wordedIn }) },
            ],
            onError: { target: 'shown', actions: assign({ language: ({ context }) => context.wordedIn }) },
          },
        },
        // 'New interview' returns to the access phase (spec 3-ai §2.9); the server forgets this session's interview first.
        ending: {
          tags: ['busy'],
          entry: 'clearAlert',
          invoke: {
            id: 'endInterview',
            src: 'endInterview',
            onDone: { target: '#premiumInterview.access', actions: assign(({ context }) => fresh(context.language, context.explicit)) },
            onError: { target: 'shown', actions: { type: 'alert', params: { alert: 'resetFailed' } } },
          },
        },
      },
    },
    home: { type: 'final', output: { to: ROUTES.home } },
  },
  output: ({ event }) => event.output as { to: string },
});
