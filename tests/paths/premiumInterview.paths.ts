import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { premiumCalls } from '../../client/api/actors/premium';
import { makeVoiceActors } from '../../client/api/actors/voice';
import type { Transport } from '../../client/api/transport';
import { waitFor } from 'xstate';
import { premiumInterviewMachine, type PremiumInterviewContext, type VoiceControlsRef } from '../../machines/premiumInterview.machine';
import { voiceControlsMachine } from '../../machines/voiceControls.machine';
import { readFacts } from '../../server/services/premium/facts/index';
import { planInterview, renderInterview } from '../../server/services/premium/questions';
import { findingsOf } from '../../server/services/premium/rules/index';
import { savedFormText } from '../../server/services/premium/savedForm';
import type { TestApp } from '../helpers/app';
import { validForm } from '../helpers/ds160Form';
import { paidPremiumCode, premiumOrderRow } from '../helpers/premium';
import { effectsOf, lastCall, lastHeld, stateValueOf, type PathModel, type Snap, type World } from './model';

// /entrevista2095 and /intervgpt (spec 3-ai §2.8, §4.7; issues 15, 33) against the real premium routes. The page
// first asks the server where the session stands: a new browser goes to the code; a session that entered the code
// (or prepared an interview, or finished one) before a reload continues there. Then a right, a wrong and a blank
// code, pasted and blank data, every answer judged and saved, the analysis, 'New interview'; the interface language
// switched (the questions worded again) unless the language was chosen; and the order refunded at each waiting step.

const CODE = 'PREMIUM-24681357-QX';
const WRONG = ' PREMIUM-00000000-ZZ ';
const TEXT = `Name: John Smith
Purpose of trip: tourism in New York
Intended length of stay: 2 weeks
Who is paying: myself
Employer: Acme Corp
Job title: Engineer`;
const ANSWER = '  We will visit museums in New York from 10 July 2027 and return to Acme on 24 July.  ';
/** What the voice controls heard (their transcription), sent to the interview as its answer. */
const HEARD = 'We are going to New York for two weeks of museums, and I return to Acme on 24 July.';
const FIRST_ANSWER = 'I am John Smith, an engineer at Acme Corp, travelling to New York for tourism.';

type Lang = 'en' | 'es';
const questionsOf = (text: string, language: Lang) => {
  const facts = readFacts(text);
  const findings = findingsOf(facts);
  return renderInterview(planInterview(facts, findings), facts, findings, language);
};
const QUESTIONS = { en: questionsOf(TEXT, 'en'), es: questionsOf(TEXT, 'es') };
const SAVED_TEXT = savedFormText(JSON.stringify(validForm()));
const SAVED_QUESTIONS = { en: questionsOf(SAVED_TEXT, 'en'), es: questionsOf(SAVED_TEXT, 'es') };

const context = (s: Snap) => s.context as PremiumInterviewContext;
// The oracle's own statement of where the interview stands (spec 3-ai §4.7), not the machine's helpers
// (tests/domain/oracleImports.test.ts): the question asked is the one at the interview's place among the server's
// questions, the last is the one after which the analysis comes, and the voice controls are the child named voice.
const askedQuestion = (c: PremiumInterviewContext) => (c.index >= 0 && c.index < c.questions.length ? c.questions[c.index] : undefined);
const onLastQuestion = (c: PremiumInterviewContext) => c.questions.length > 0 && c.index + 1 === c.questions.length;
const voiceControlsOf = (s: { children?: Record<string, unknown> }) => s.children?.voice as VoiceControlsRef | undefined;

/** Where the session stands before the page opens, and which waiting step the order is refunded at. */
type Stage = 'new' | 'verified' | 'resumed' | 'finished';
type Refund = 'upload' | 'evaluating' | 'finishing' | 'rewording' | 'resultsRewording' | null;
interface CaseInput {
  language: Lang;
  explicit: boolean;
  stage: Stage;
  refundAt: Refund;
  saved: boolean;
}

const input = (over: Partial<CaseInput> = {}): CaseInput => ({ language: 'en', explicit: false, stage: 'new', refundAt: null, saved: false, ...over });

/** This path's world: the voice controls' calls go through its session, as the page's go through the browser's. */
let current: World | undefined;
const viaPath: Transport = (request) => (current as World).http(request);
/** The browser's microphone as the path has it: granted at once, a short webm recording; let go this many times. */
const device = {
  released: 0,
  requestMicrophone: async () => undefined,
  startRecording: async () => undefined,
  stopRecording: async () => new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, ...new Array(300).fill(1)])], { type: 'audio/webm' }),
  play: async () => undefined,
  release: () => void (device.released += 1),
};
let releasedBefore = 0;
/** The interview as /intervgpt provides it: its voice controls reach the real voice routes. */
const withVoice = premiumInterviewMachine.provide({ actors: { voiceControls: voiceControlsMachine.provide({ actors: makeVoiceActors(viaPath, device) }) } });

/** The applicant records an answer while the last one is judged: the controls show the server's words. */
async function recordWhileJudged(voice: VoiceControlsRef): Promise<string> {
  if (voice.getSnapshot().matches({ microphone: 'off' })) voice.send({ type: 'MIC.REQUEST' });
  await waitFor(voice, (v) => v.matches({ microphone: 'ready' }), { timeout: 5000 });
  voice.send({ type: 'RECORD' });
  await waitFor(voice, (v) => v.matches({ microphone: 'recording' }), { timeout: 5000 });
  voice.send({ type: 'STOP' });
  await waitFor(voice, (v) => v.matches({ microphone: 'ready' }), { timeout: 5000 });
  return voice.getSnapshot().context.transcript;
}

/** A paid Premium order holding CODE (owned by another browser, or bought with a saved application); this path's guesses forgotten. */
async function paidOrder(world: World, given: CaseInput): Promise<CaseInput> {
  current = world;
  device.released = 0;
  releasedBefore = 0;
  await world.app.db.deleteFrom('attempt_counters').where('counter', 'like', 'premium:%').execute();
  await world.app.db.updateTable('orders').set({ access_code: null }).where('access_code', '=', CODE).execute();
  if (given.saved) {
    const code = await paidPremiumCode({ app: world.app } as TestApp, validForm());
    await world.app.db.updateTable('orders').set({ access_code: CODE }).where('access_code', '=', code).execute();
  } else {
    await premiumOrderRow({ app: world.app } as TestApp, 'paid', CODE);
  }
  // What this browser did before the page was (re)loaded.
  const post = (path: string, body: unknown) => world.http({ method: 'POST', path, body });
  // The page's AI notices (their own flow, aiNotice) were accepted before Prepare and the microphone: this world's
  // interview reads with a model and its voice goes to a transcription service.
  for (const chat of ['premium', 'voice']) expect((await post('/api/me/consents', { chat, accepted: true })).status).toBe(201);
  if (given.stage !== 'new') expect((await post('/api/premium/verify-access', { code: CODE })).status).toBe(200);
  if (given.stage === 'resumed' || given.stage === 'finished') {
    expect((await post('/api/premium/interview-prep', { formData: TEXT, language: 'en', languageChosen: given.explicit })).status).toBe(200);
    const answered = given.stage === 'finished' ? QUESTIONS.en : QUESTIONS.en.slice(0, 1);
    for (const q of answered) expect((await post('/api/premium/evaluate-answer', { questionId: q.id, answer: `${FIRST_ANSWER} (${q.id})`, language: 'en' })).status).toBe(200);
    if (given.stage === 'finished') expect((await post('/api/premium/final-analysis', { answers: {}, language: 'en' })).status).toBe(200);
  }
  return given;
}

const WAITING = ['restoring', 'access.verifying', 'upload.preparing', 'upload.preparingSaved', 'interview.rewording', 'interview.evaluating', 'interview.finishing', 'results.rewording', 'results.ending'];

const lost = (id: string): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error: 'network' });
const refused = (id: string): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error: { status: 403 }, sent: true });

const analysis = { riskLevel: 'medium', successProbability: 60, strengths: [], weaknesses: [], recommendations: [], findings: [], evaluations: {} };
const evaluation = { verdict: 'good', score: 90, feedback: '', relevant: true, specific: true };

/** What the server says of this session, as the model needs it: the live machine gets the server's own answer. */
function stateOf(given: CaseInput, c: PremiumInterviewContext, language: Lang, refunded: boolean): AnyEventObject {
  const base = { savedApplication: given.saved, language: given.explicit ? c.language : language, languageChosen: given.explicit };
  if (refunded || given.stage === 'new') return { type: 'xstate.done.actor.loadInterview', output: { ...base, verified: false, savedApplication: false, interview: null } };
  if (given.stage === 'verified') return { type: 'xstate.done.actor.loadInterview', output: { ...base, verified: true, interview: null } };
  const restoring = c.questions.length === 0;
  const finished = given.stage === 'finished' || c.analysis !== null;
  const answers = restoring ? Object.fromEntries((finished ? QUESTIONS.en : QUESTIONS.en.slice(0, 1)).map((q) => [q.id, `${FIRST_ANSWER} (${q.id})`])) : c.answers;
  return {
    type: 'xstate.done.actor.loadInterview',
    output: {
      ...base,
      verified: true,
      interview: { interviewId: 'model', questions: QUESTIONS[base.language as Lang], answers, evaluations: Object.fromEntries(Object.keys(answers).map((id) => [id, evaluation])), analysis: finished ? analysis : null },
    },
  };
}

/**
 * The moves of an applicant and the server's answers. The first case explores every screen; each other case walks
 * the straight way to what it is about (a reload at a stage, a saved application, the language, a refund) and
 * offers there what matters, so the paths stay few. A refund case offers only what the server then says.
 */
function events(given: CaseInput) {
  const explore = given.stage === 'new' && given.refundAt === null && !given.saved;
  const refunded = given.refundAt !== null;
  const other = (c: PremiumInterviewContext): Lang => (c.language === 'en' ? 'es' : 'en');
  const switching = given.stage === 'resumed' && !refunded;
  return (s: Snap): AnyEventObject[] => {
    const c = context(s);
    if (s.matches('restoring')) return explore ? [stateOf(given, c, c.language as Lang, false), lost('loadInterview')] : [stateOf(given, c, c.language as Lang, false)];
    if (s.matches({ access: 'editing' })) {
      // After a refund (or a new interview), a reloaded session is where it ends.
      if (given.stage !== 'new') return [];
      if (!explore) return [c.code ? { type: 'VERIFY' } : { type: 'CODE.CHANGE', value: CODE }];
      const typed = c.code ? [{ type: 'VERIFY' }] : [{ type: 'CODE.CHANGE', value: WRONG }, { type: 'CODE.CHANGE', value: '   ' }, { type: 'VERIFY' }, { type: 'BACK_HOME' }];
      const switchLanguage = c.code ? [] : [{ type: 'LANGUAGE.CHANGE', language: other(c) }];
      return c.code.trim() === CODE ? typed : [{ type: 'CODE.CHANGE', value: CODE }, ...typed, ...switchLanguage];
    }
    if (s.matches({ access: 'verifying' })) {
      const done = { type: 'xstate.done.actor.verifyAccess', output: { valid: c.code.trim() === CODE, savedApplication: given.saved } };
      return explore ? [done, lost('verifyAccess')] : [done];
    }
    if (s.matches({ upload: 'editing' })) {
      if (given.stage === 'verified') return [];
      if (given.saved) return given.refundAt === 'upload' ? refundOrNot(given, c) : [{ type: 'USE_SAVED' }];
      if (!explore) return refundOrNot(given, c);
      return c.formData ? [{ type: 'PREPARE' }] : [{ type: 'DATA.CHANGE', value: TEXT }, { type: 'DATA.CHANGE', value: ' \n ' }, { type: 'PREPARE' }, { type: 'USE_SAVED' }, { type: 'BACK_HOME' }];
    }
    if (s.matches({ upload: 'preparingSaved' })) {
      if (given.refundAt === 'upload') return [refused('prepareInterview')];
      return [{ type: 'xstate.done.actor.prepareInterview', output: { interviewId: 'model', language: c.language, questions: SAVED_QUESTIONS[c.language as Lang] } }, lost('prepareInterview')];
    }
    if (s.matches({ upload: 'preparing' })) {
      if (given.refundAt === 'upload') return [refused('prepareInterview')];
      const done = { type: 'xstate.done.actor.prepareInterview', output: { interviewId: 'model', language: c.language, questions: QUESTIONS[c.language as Lang] } };
      return explore ? [done, lost('prepareInterview')] : [done];
    }
    if (s.matches({ interview: 'answering' })) {
      if (given.refundAt === 'rewording' || given.explicit) return [{ type: 'LANGUAGE.CHANGE', language: other(c) }];
      if (given.saved) return [];
      const next = c.answer ? { type: 'SUBMIT_ANSWER' } : { type: 'ANSWER.CHANGE', value: ANSWER };
      if (switching) return [next, { type: 'LANGUAGE.CHANGE', language: other(c) }];
      if (!explore) return [next];
      return c.answer ? [{ type: 'SUBMIT_ANSWER' }] : [{ type: 'ANSWER.CHANGE', value: ANSWER }, { type: 'ANSWER.CHANGE', value: '  ' }, { type: 'SUBMIT_ANSWER' }, { type: 'VOICE.ALERT', alert: 'sttUnavailable' }, { type: 'VOICE.TRANSCRIBED', text: HEARD }, { type: 'BACK_HOME' }];
    }
    if (s.matches({ interview: 'rewording' })) {
      if (given.refundAt === 'rewording') return [stateOf(given, c, c.language as Lang, true)];
      return [stateOf(given, c, c.language as Lang, false), lost('loadInterview')];
    }
    if (s.matches({ interview: 'evaluating' })) {
      if (given.refundAt === 'evaluating') return [refused('evaluateAnswer')];
      const done = { type: 'xstate.done.actor.evaluateAnswer', output: evaluation };
      if (switching) return [done, { type: 'LANGUAGE.CHANGE', language: other(c) }];
      return explore ? [done, lost('evaluateAnswer')] : [done];
    }
    if (s.matches({ interview: 'finishing' })) {
      if (given.refundAt === 'finishing') return [refused('finalAnalysis')];
      const done = { type: 'xstate.done.actor.finalAnalysis', output: analysis };
      if (switching) return [done, { type: 'LANGUAGE.CHANGE', language: other(c) }];
      return explore ? [done, lost('finalAnalysis')] : [done];
    }
    if (s.matches({ results: 'shown' })) {
      if (given.refundAt === 'resultsRewording') return [{ type: 'LANGUAGE.CHANGE', language: other(c) }];
      if (explore) return [{ type: 'PRINT' }, { type: 'NEW_INTERVIEW' }, { type: 'BACK_HOME' }];
      if (given.stage === 'finished') return [{ type: 'LANGUAGE.CHANGE', language: other(c) }, { type: 'NEW_INTERVIEW' }];
      return [];
    }
    if (s.matches({ results: 'rewording' })) {
      if (given.refundAt === 'resultsRewording') return [stateOf(given, c, c.language as Lang, true)];
      return [stateOf(given, c, c.language as Lang, false), lost('loadInterview')];
    }
    if (s.matches({ results: 'ending' })) return [{ type: 'xstate.done.actor.endInterview', output: { ended: true } }, lost('endInterview')];
    return [];
  };
}

function refundOrNot(given: CaseInput, c: PremiumInterviewContext): AnyEventObject[] {
  const next = c.formData ? { type: 'PREPARE' } : { type: 'DATA.CHANGE', value: TEXT };
  return given.refundAt === 'upload' && given.saved ? [next, { type: 'USE_SAVED' }] : [next];
}

const json = (text: string | null | undefined) => (text ? JSON.parse(text) : undefined);

/** The interview row the server keeps for this path's order. */
async function interviewRow(world: World) {
  return world.app.db
    .selectFrom('premium_interviews')
    .innerJoin('orders', 'orders.id', 'premium_interviews.order_id')
    .select(['premium_interviews.questions', 'premium_interviews.answers', 'premium_interviews.evaluations', 'premium_interviews.chosen_language', 'premium_interviews.finished_at'])
    .where('orders.access_code', '=', CODE)
    .orderBy('premium_interviews.created_at', 'desc')
    .executeTakeFirst();
}

/** Whether this path's order came from a purchase with a saved application (a lead), or was pasted for. */
async function interviewSource(world: World): Promise<'saved' | 'pasted'> {
  const order = await world.app.db.selectFrom('orders').select('lead_id').where('access_code', '=', CODE).executeTakeFirst();
  return order?.lead_id ? 'saved' : 'pasted';
}

const refund = (world: World) => world.app.db.updateTable('orders').set({ status: 'refunded' }).where('access_code', '=', CODE).execute();

const verifiedOnce = (world: World) =>
  (world.input as CaseInput).stage !== 'new' || world.calls.some((call) => call.path === '/api/premium/verify-access' && (call.response as { valid?: boolean } | undefined)?.valid === true);

export const premiumInterviewPaths: PathModel = {
  machine: withVoice,
  budget: 130,
  calls: premiumCalls,
  // 'New interview' after the analysis must end on the access code (issue 35: a machine skipping it survived).
  required: [
    {
      name: 'an answer heard by the voice controls, sent, and kept by the server as this question\'s answer',
      through: [(event) => event.type === 'VOICE.TRANSCRIBED', (event) => event.type === 'SUBMIT_ANSWER', (event) => event.type === 'xstate.done.actor.evaluateAnswer'],
    },
    {
      name: "'New interview' after the results, the server forgets, the code is asked again",
      case: 'a reload after the analysis, the language switched, then a new interview',
      through: [(event, before) => event.type === 'NEW_INTERVIEW' && before.matches('results'), (event) => event.type === 'xstate.done.actor.endInterview'],
    },
    {
      name: "'New interview' when the server could not forget: the results stay, with the alert",
      case: 'a reload after the analysis, the language switched, then a new interview',
      through: [(event, before) => event.type === 'NEW_INTERVIEW' && before.matches('results'), (event) => event.type === 'xstate.error.actor.endInterview'],
    },
  ],
  abstraction: (s) => {
    const c = context(s);
    return { value: s.value, code: c.code, formData: c.formData, index: c.index, answer: c.answer, questions: c.questions.length, analysis: Boolean(c.analysis), language: c.language, wordedIn: c.wordedIn };
  },
  cases: [
    { name: 'a new browser: a paid Premium code, pasted data, every answer, a new interview', input: input(), setup: (w, i) => paidOrder(w, i), events: events(input()) },
    { name: 'a new browser whose order holds a saved application', input: input({ saved: true }), setup: (w, i) => paidOrder(w, i), events: events(input({ saved: true })) },
    { name: 'a reload after the code of an order with a saved application was entered', input: input({ stage: 'verified', saved: true }), setup: (w, i) => paidOrder(w, i), events: events(input({ stage: 'verified', saved: true })) },
    { name: 'a reload at question 2, the interface language switched', input: input({ stage: 'resumed' }), setup: (w, i) => paidOrder(w, i), events: events(input({ stage: 'resumed' })) },
    { name: 'a reload at question 2 of an interview whose language was chosen', input: input({ stage: 'resumed', explicit: true }), setup: (w, i) => paidOrder(w, i), events: events(input({ stage: 'resumed', explicit: true })) },
    { name: 'a reload after the analysis, the language switched, then a new interview', input: input({ stage: 'finished' }), setup: (w, i) => paidOrder(w, i), events: events(input({ stage: 'finished' })) },
    { name: 'the order refunded while the applicant is on the upload screen', input: input({ saved: true, refundAt: 'upload' }), setup: (w, i) => paidOrder(w, i), events: events(input({ saved: true, refundAt: 'upload' })) },
    { name: 'the order refunded while an answer is being evaluated', input: input({ refundAt: 'evaluating' }), setup: (w, i) => paidOrder(w, i), events: events(input({ refundAt: 'evaluating' })) },
    { name: 'the order refunded while the analysis is being made', input: input({ refundAt: 'finishing' }), setup: (w, i) => paidOrder(w, i), events: events(input({ refundAt: 'finishing' })) },
    { name: 'the order refunded while the questions are worded again', input: input({ stage: 'resumed', refundAt: 'rewording' }), setup: (w, i) => paidOrder(w, i), events: events(input({ stage: 'resumed', refundAt: 'rewording' })) },
    { name: 'the order refunded while the analysis is worded again', input: input({ stage: 'finished', refundAt: 'resultsRewording' }), setup: (w, i) => paidOrder(w, i), events: events(input({ stage: 'finished', refundAt: 'resultsRewording' })) },
  ],
  oracle: {
    initial: (s, world) => {
      expect(s.value).toBe('restoring');
      // The first thing the page does is ask the server, in its language, saying whether it was chosen.
      expect(world.held.map((h) => [h.name, h.input])).toEqual([['loadInterview', { language: 'en', explicit: (world.input as CaseInput).explicit }]]);
    },
    step: async ({ before, event, after, started, asked, world }) => {
      // Everything the applicant waits for shows as busy (a spinner, a disabled button), and nothing else does.
      const waiting = WAITING.some((state) => after.matches(stateValueOf(state)));
      expect(after.hasTag('busy'), JSON.stringify(after.value)).toBe(waiting);
      // An alert is said until the applicant's next attempt: while anything is under way, none shows.
      if (waiting && !after.matches('restoring')) expect(context(after).alert).toBeNull();
      const b = context(before);
      const a = context(after);
      const given = world.input as CaseInput;
      if (event.type === 'xstate.done.actor.loadInterview') {
        const answer = lastCall(world, 'GET', '/api/premium/interview')?.response as any;
        const asking = lastHeld(world, 'loadInterview')?.input;
        expect(lastCall(world, 'GET', '/api/premium/interview')?.path).toBe(`/api/premium/interview?language=${asking.language}&explicit=${asking.explicit}`);
        if (!answer.verified) {
          expect(after.matches('access') || after.matches({ results: 'shown' })).toBe(true);
          expect(answer.interview).toBeNull();
          if (before.matches({ interview: 'rewording' })) expect(a.alert).toEqual({ alert: 'accessLost' });
        } else if (answer.interview) {
          // The questions are the server's plan for this text in the language the page asked for (or the one chosen).
          expect(answer.language).toBe(given.explicit ? 'en' : asking.language);
          expect(a.questions).toEqual(answer.interview.questions);
          expect(answer.interview.questions).toEqual(QUESTIONS[answer.language as Lang]);
          expect(a).toMatchObject({ answers: answer.interview.answers, evaluations: answer.interview.evaluations, language: answer.language, wordedIn: answer.language, explicit: given.explicit });
          // What the server answered is what it keeps.
          const row = await interviewRow(world);
          expect(json(row?.answers)).toEqual(answer.interview.answers);
          expect(row?.chosen_language ?? null).toBe(given.explicit ? 'en' : null);
          // Back at the first question without an answer (the answers are the first ones), or at the last one to finish.
          if (before.matches('restoring')) expect(a.index).toBe(Math.min(Object.keys(answer.interview.answers).length, answer.interview.questions.length - 1));
          else expect([a.index, a.answer]).toEqual([b.index, b.answer]);
          expect(Boolean(row?.finished_at)).toBe(Boolean(answer.interview.analysis));
        } else {
          expect(after.matches({ upload: 'editing' })).toBe(true);
          expect(a).toMatchObject({ savedApplication: answer.savedApplication, language: answer.language, explicit: answer.languageChosen });
          expect(answer.savedApplication).toBe(given.saved);
        }
      }
      if (event.type === 'xstate.error.actor.loadInterview') {
        if (before.matches('restoring')) expect(after.matches('access')).toBe(true);
        else expect(a.language).toBe(b.wordedIn);
      }
      if (event.type === 'LANGUAGE.CHANGE') {
        const follows = !b.explicit && event.language !== b.language;
        expect(a.language).toBe(follows ? event.language : b.language);
        const rewords = follows && (before.matches({ interview: 'answering' }) || before.matches({ results: 'shown' }));
        expect(started.map((h) => [h.name, h.input])).toEqual(rewords ? [['loadInterview', { language: event.language, explicit: false }]] : []);
      }
      if (event.type === 'VERIFY') {
        // The button does nothing while the code is blank (spec 3-ai §5); the code goes trimmed.
        expect(started.map((h) => [h.name, h.input])).toEqual(b.code.trim() ? [['verifyAccess', { code: b.code.trim() }]] : []);
      }
      if (event.type === 'xstate.done.actor.verifyAccess') {
        const answer = lastCall(world, 'POST', '/api/premium/verify-access')?.response as any;
        const valid = lastHeld(world, 'verifyAccess')?.input.code === CODE;
        expect(answer).toEqual({ valid, savedApplication: valid && (await interviewSource(world)) === 'saved' });
        expect(a.alert).toEqual(answer.valid ? null : { alert: 'invalidCode' });
        expect(after.value).toEqual(answer.valid ? { upload: 'editing' } : { access: 'editing' });
        if (answer.valid) expect(a.code).toBe('');
      }
      if (event.type === 'xstate.error.actor.verifyAccess') {
        expect(a.alert).toEqual({ alert: 'verifyFailed' });
        expect(after.value).toEqual({ access: 'editing' });
      }
      if (event.type === 'PREPARE') {
        const given2 = b.formData.trim().length > 0;
        expect(started.map((h) => [h.name, h.input])).toEqual(given2 ? [['prepareInterview', { formData: b.formData, language: b.language, languageChosen: b.explicit }]] : []);
        expect(a.alert).toEqual(given2 ? null : { alert: 'emptyData' });
      }
      if (event.type === 'USE_SAVED') expect(started.map((h) => [h.name, h.input])).toEqual(b.savedApplication ? [['prepareInterview', { useSaved: true, language: b.language, languageChosen: b.explicit }]] : []);
      if (event.type === 'xstate.done.actor.prepareInterview') {
        // The questions shown are the server's, built from this text in the page's language, and kept with the interview.
        const answer = lastCall(world, 'POST', '/api/premium/interview-prep')?.response as any;
        expect(a.questions).toEqual(answer.questions);
        expect(answer.language).toBe(b.language);
        expect(answer.questions).toEqual((before.matches({ upload: 'preparingSaved' }) ? SAVED_QUESTIONS : QUESTIONS)[b.language as Lang]);
        expect(json((await interviewRow(world))?.questions)).toEqual(answer.questions);
      }
      if (event.type === 'xstate.error.actor.prepareInterview') {
        const status = lastHeld(world, 'prepareInterview')?.verdict === 'sent' ? lastCall(world, 'POST', '/api/premium/interview-prep')?.status : undefined;
        expect(a.alert).toEqual({ alert: status === 403 ? 'accessLost' : 'prepareFailed' });
        if (status === 403) expect(after.value).toEqual({ access: 'editing' });
      }
      if (event.type === 'SUBMIT_ANSWER') {
        const question = askedQuestion(b);
        const given2 = b.answer.trim().length > 0;
        expect(started.map((h) => [h.name, h.input])).toEqual(
          given2 ? [['evaluateAnswer', { questionId: question?.id, answer: b.answer.trim(), allAnswers: { ...b.answers, [question?.id as string]: b.answer.trim() }, language: b.language }]] : [],
        );
      }
      if (event.type === 'xstate.done.actor.evaluateAnswer') {
        // Saved on the server with its judgement, which the page keeps; then the next question, or the analysis.
        const question = askedQuestion(b) as { id: string };
        const answer = lastCall(world, 'POST', '/api/premium/evaluate-answer')?.response as any;
        const row = await interviewRow(world);
        expect(json(row?.answers)[question.id]).toBe(b.answer.trim());
        expect(json(row?.evaluations)[question.id]).toMatchObject({ verdict: answer.verdict, score: answer.score });
        expect(a.evaluations[question.id]).toEqual(answer);
        expect(a.index).toBe(onLastQuestion(b) ? b.index : b.index + 1);
        const reword = !onLastQuestion(b) && a.wordedIn !== a.language;
        expect(started.map((h) => h.name)).toEqual(onLastQuestion(b) ? ['finalAnalysis'] : reword ? ['loadInterview'] : []);
      }
      if (event.type.startsWith('xstate.error.actor.') && lastHeld(world, event.type.slice('xstate.error.actor.'.length))?.verdict === 'sent') {
        // The server closed the interview: back to the access screen, saying so.
        expect(a.alert).toEqual({ alert: 'accessLost' });
        expect(after.value).toEqual({ access: 'editing' });
        expect(world.calls.at(-1)?.status).toBe(403);
      } else if (event.type === 'xstate.error.actor.evaluateAnswer') {
        expect(a.alert).toEqual({ alert: 'answerFailed' });
        // The answer stays in its box and among the answers (spec 3-ai §4.7: saved, then sent).
        expect(a.answer).toBe(b.answer);
        expect(a.answers[askedQuestion(b)?.id as string]).toBe(b.answer.trim());
      } else if (event.type === 'xstate.error.actor.finalAnalysis') {
        expect(a.alert).toEqual({ alert: 'answerFailed' });
        expect(a.answer).toBe(b.answer);
      }
      if (event.type === 'xstate.done.actor.finalAnalysis') {
        const answer = lastCall(world, 'POST', '/api/premium/final-analysis')?.response as any;
        expect(a.analysis).toEqual(answer);
        expect((await interviewRow(world))?.finished_at).toBeTruthy();
      }
      // What the voice controls heard becomes the answer (still editable); elsewhere it is not the answer.
      if (event.type === 'VOICE.TRANSCRIBED') expect(a.answer).toBe(before.matches({ interview: 'answering' }) ? event.text : b.answer);
      // The voice controls live exactly while a question is asked: one child for the whole interview, stopped (its
      // microphone let go, its calls aborted) when the interview is left.
      const child = voiceControlsOf(after as never);
      const was = voiceControlsOf(before as never);
      if (after.matches('interview')) {
        expect(child?.getSnapshot().status).toBe('active');
        if (before.matches('interview')) expect(child).toBe(was);
        else expect(child?.getSnapshot().context.language).toBe(a.language);
      } else {
        expect(child).toBeUndefined();
        if (was) expect(was.getSnapshot().status).toBe('stopped');
      }
      // The interview left lets go of the microphone, once; nothing else does.
      expect(device.released - releasedBefore).toBe(was && !after.matches('interview') ? 1 : 0);
      releasedBefore = device.released;
      // A new question starts without the last answer's words under the controls.
      if (child && a.index !== b.index) expect(child.getSnapshot().context.transcript).toBe('');
      // The voice controls' trouble (no transcription service, a failed one) is said on the interview's alert line.
      if (event.type === 'VOICE.ALERT') expect(a.alert).toEqual({ alert: event.alert });
      if (event.type === 'PRINT') expect(asked).toEqual([{ type: 'print', params: { type: 'print' } }]);
      if (event.type === 'NEW_INTERVIEW') expect(started.map((h) => h.name)).toEqual(['endInterview']);
      if (event.type === 'xstate.done.actor.endInterview') {
        // The server forgot this session's interview: a reload now asks for the code.
        expect(after.value).toEqual({ access: 'editing' });
        expect(a).toMatchObject({ code: '', formData: '', questions: [], answers: {}, evaluations: {}, analysis: null, index: 0 });
        const state = await world.http({ method: 'GET', path: `/api/premium/interview?language=${a.language}` });
        expect(JSON.parse(state.text)).toMatchObject({ verified: false, interview: null });
      }
      if (event.type === 'xstate.error.actor.endInterview') {
        expect(a.alert).toEqual({ alert: 'resetFailed' });
        expect(after.matches({ results: 'shown' })).toBe(true);
      }
    },
    states: {
      'access.editing': async (_s, world) => {
        // Until a right code was entered, the server refuses the interview to this session.
        if (!verifiedOnce(world)) expect((await world.http({ method: 'POST', path: '/api/premium/interview-prep', body: { formData: 'x' } })).status).toBe(403);
      },
      'upload.editing': async (_s, world) => {
        // The upload screen shows only once the server said the code is valid; the refund case happens here.
        expect(verifiedOnce(world)).toBe(true);
        if ((world.input as CaseInput).refundAt === 'upload') await refund(world);
      },
      'interview.evaluating': async (s, world) => {
        if ((world.input as CaseInput).refundAt === 'evaluating') await refund(world);
        if ((world.input as CaseInput).refundAt !== null) return;
        // Words heard while an answer is judged are shown under the controls, and are the server's; they do not
        // replace the answer being judged.
        const heard = await recordWhileJudged(voiceControlsOf(s as never) as VoiceControlsRef);
        const answer = lastCall(world, 'POST', '/api/voice/speech-to-text');
        expect(answer?.status).toBe(200);
        expect(heard).toBe((answer?.response as { text: string }).text);
        expect(heard.length).toBeGreaterThan(0);
        expect(world.held.at(-1)?.input.answer).toBe(context(s).answer.trim());
      },
      'interview.rewording': async (_s, world) => {
        if ((world.input as CaseInput).refundAt === 'rewording') await refund(world);
      },
      'results.rewording': async (_s, world) => {
        if ((world.input as CaseInput).refundAt === 'resultsRewording') await refund(world);
      },
      'interview.finishing': async (s, world) => {
        if ((world.input as CaseInput).refundAt === 'finishing') await refund(world);
        expect(s.hasTag('busy')).toBe(true);
        // In the language of the page when the last answer came back (it may have switched since).
        expect(lastHeld(world, 'finalAnalysis')?.input).toEqual({ answers: context(s).answers, questions: context(s).questions.map(({ id }) => ({ id })), language: expect.stringMatching(/^(en|es)$/) });
        expect(Object.keys(context(s).answers)).toHaveLength(context(s).questions.length);
      },
      'results.shown': async (s, world) => {
        const c = context(s);
        expect(c.analysis).not.toBeNull();
        expect(Object.keys(c.analysis?.evaluations ?? {}).length).toBeLessThanOrEqual(c.questions.length);
        expect(['low', 'medium', 'high']).toContain(c.analysis?.riskLevel);
        // The analysis shown is the server's, for this interview.
        const state = lastCall(world, 'GET', '/api/premium/interview')?.response as any;
        const finished = lastCall(world, 'POST', '/api/premium/final-analysis')?.response as any;
        expect([state?.interview?.analysis, finished].filter(Boolean)).toContainEqual(c.analysis);
      },
      home: (s, world) => {
        expect(s.output).toEqual({ to: '/' });
        expect(effectsOf(world, 'print').length).toBeLessThanOrEqual(world.events.filter((e) => e.type === 'PRINT').length);
      },
    },
  },
};
