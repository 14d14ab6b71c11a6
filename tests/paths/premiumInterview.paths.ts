import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { premiumCalls } from '../../client/api/actors/premium';
import { currentQuestion, isLastQuestion, premiumInterviewMachine, type PremiumInterviewContext } from '../../machines/premiumInterview.machine';
import { readFacts } from '../../server/services/premium/facts';
import { buildQuestions } from '../../server/services/premium/questions';
import { savedFormText } from '../../server/services/premium/savedForm';
import type { TestApp } from '../helpers/app';
import { validForm } from '../helpers/ds160Form';
import { paidPremiumCode, premiumOrderRow } from '../helpers/premium';
import { effectsOf, lastCall, lastHeld, type PathModel, type Snap, type World } from './model';

// /entrevista2095 (spec 3-ai §2.8, §4.7; issue 15) against the real premium routes: a right, a wrong and a blank
// code, pasted and blank data, every answer evaluated and saved, the final analysis, and the order refunded while
// the applicant is on the upload screen (the server closes the interview; the page goes back to access).

const CODE = 'PREMIUM-24681357-QX';
const WRONG = ' PREMIUM-00000000-ZZ ';
const TEXT = `Name: John Smith
Purpose of trip: tourism in New York
Intended length of stay: 2 weeks
Who is paying: myself
Employer: Acme Corp
Job title: Engineer`;
const QUESTIONS = buildQuestions(readFacts(TEXT), 'en');
const SAVED_QUESTIONS = buildQuestions(readFacts(savedFormText(JSON.stringify(validForm()))), 'en');
const ANSWER = '  We will visit museums in New York from 10 July 2027 and return to Acme on 24 July.  ';

const context = (s: Snap) => s.context as PremiumInterviewContext;

/** A paid Premium order holding CODE, owned by another browser; this path's guesses forgotten. */
type Refund = 'upload' | 'evaluating' | 'finishing' | null;
interface CaseInput {
  language: 'en';
  refundAt: Refund;
}

async function paidOrder(world: World, refundAt: Refund): Promise<CaseInput> {
  await world.app.db.deleteFrom('attempt_counters').where('counter', 'like', 'premium:%').execute();
  await world.app.db.updateTable('orders').set({ access_code: null }).where('access_code', '=', CODE).execute();
  await premiumOrderRow({ app: world.app } as TestApp, 'paid', CODE);
  return { language: 'en', refundAt };
}

/** A real Premium purchase whose lead holds a saved ten-section application, its code made CODE. */
async function paidOrderWithSavedForm(world: World, refundAt: Refund): Promise<CaseInput> {
  await world.app.db.deleteFrom('attempt_counters').where('counter', 'like', 'premium:%').execute();
  await world.app.db.updateTable('orders').set({ access_code: null }).where('access_code', '=', CODE).execute();
  const code = await paidPremiumCode({ app: world.app } as TestApp, validForm());
  await world.app.db.updateTable('orders').set({ access_code: CODE }).where('access_code', '=', code).execute();
  return { language: 'en', refundAt };
}

const lost = (id: string): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error: 'network' });

const refused = (id: string): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error: { status: 403 }, sent: true });

/**
 * The moves of an applicant and the server's answers. A refund case walks the straight way to the state where the
 * order is refunded (the oracle refunds it there) and offers only the server's 403.
 */
function events(refundAt: Refund, saved = false) {
  const straight = refundAt !== null;
  return (s: Snap): AnyEventObject[] => {
    const c = context(s);
    if (s.matches({ access: 'editing' })) {
      if (straight) return [c.code ? { type: 'VERIFY' } : { type: 'CODE.CHANGE', value: CODE }];
      const typed = c.code ? [{ type: 'VERIFY' }] : [{ type: 'CODE.CHANGE', value: WRONG }, { type: 'CODE.CHANGE', value: '   ' }, { type: 'VERIFY' }, { type: 'BACK_HOME' }];
      return c.code.trim() === CODE ? typed : [{ type: 'CODE.CHANGE', value: CODE }, ...typed];
    }
    if (s.matches({ access: 'verifying' })) {
      const done = { type: 'xstate.done.actor.verifyAccess', output: { valid: c.code.trim() === CODE, savedApplication: saved } };
      return straight ? [done] : [done, lost('verifyAccess')];
    }
    if (s.matches({ upload: 'editing' })) {
      if (straight) return refundAt === 'upload' ? [c.formData ? { type: 'PREPARE' } : { type: 'DATA.CHANGE', value: TEXT }, ...(saved ? [{ type: 'USE_SAVED' }] : [])] : [c.formData ? { type: 'PREPARE' } : { type: 'DATA.CHANGE', value: TEXT }];
      return c.formData ? [{ type: 'PREPARE' }] : [{ type: 'DATA.CHANGE', value: TEXT }, { type: 'DATA.CHANGE', value: ' \n ' }, { type: 'PREPARE' }, { type: 'USE_SAVED' }, { type: 'BACK_HOME' }];
    }
    if (s.matches({ upload: 'preparingSaved' })) {
      if (refundAt === 'upload') return [refused('prepareInterview')];
      return [{ type: 'xstate.done.actor.prepareInterview', output: { interviewId: 'model', questions: SAVED_QUESTIONS } }, lost('prepareInterview')];
    }
    if (s.matches({ upload: 'preparing' })) {
      if (refundAt === 'upload') return [refused('prepareInterview')];
      const done = { type: 'xstate.done.actor.prepareInterview', output: { interviewId: 'model', questions: QUESTIONS } };
      return straight ? [done] : [done, lost('prepareInterview')];
    }
    if (s.matches({ interview: 'answering' })) {
      if (straight) return [c.answer ? { type: 'SUBMIT_ANSWER' } : { type: 'ANSWER.CHANGE', value: ANSWER }];
      return c.answer ? [{ type: 'SUBMIT_ANSWER' }] : [{ type: 'ANSWER.CHANGE', value: ANSWER }, { type: 'ANSWER.CHANGE', value: '  ' }, { type: 'SUBMIT_ANSWER' }, { type: 'BACK_HOME' }];
    }
    if (s.matches({ interview: 'evaluating' })) {
      if (refundAt === 'evaluating') return [refused('evaluateAnswer')];
      const done = { type: 'xstate.done.actor.evaluateAnswer', output: { verdict: 'good', score: 90, feedback: '' } };
      return straight ? [done] : [done, lost('evaluateAnswer')];
    }
    if (s.matches({ interview: 'finishing' })) {
      if (refundAt === 'finishing') return [refused('finalAnalysis')];
      const analysis = { riskLevel: 'low', successProbability: 80, strengths: [], weaknesses: [], recommendations: [], evaluations: {} };
      return [{ type: 'xstate.done.actor.finalAnalysis', output: analysis }, lost('finalAnalysis')];
    }
    if (s.matches('results')) return [{ type: 'PRINT' }, { type: 'NEW_INTERVIEW' }, { type: 'BACK_HOME' }];
    return [];
  };
}

const json = (text: string | undefined) => (text ? JSON.parse(text) : undefined);

/** The interview row the server keeps for this path's order. */
async function interviewRow(world: World) {
  return world.app.db
    .selectFrom('premium_interviews')
    .innerJoin('orders', 'orders.id', 'premium_interviews.order_id')
    .select(['premium_interviews.questions', 'premium_interviews.answers', 'premium_interviews.evaluations'])
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

const verifiedOnce = (world: World) => world.calls.some((call) => call.path === '/api/premium/verify-access' && (call.response as { valid?: boolean } | undefined)?.valid === true);

export const premiumInterviewPaths: PathModel = {
  machine: premiumInterviewMachine,
  budget: 100,
  calls: premiumCalls,
  effects: ['alert', 'print'],
  abstraction: (s) => {
    const c = context(s);
    return { value: s.value, code: c.code, formData: c.formData, index: c.index, answer: c.answer, questions: c.questions.length, analysis: Boolean(c.analysis) };
  },
  cases: [
    { name: 'a paid Premium code, pasted data, every answer', input: { language: 'en' }, setup: (w) => paidOrder(w, null), events: events(null) },
    { name: 'a paid Premium code whose order holds a saved application', input: { language: 'en' }, setup: (w) => paidOrderWithSavedForm(w, null), events: events(null, true) },
    { name: 'the order refunded while the applicant is on the upload screen', input: { language: 'en' }, setup: (w) => paidOrderWithSavedForm(w, 'upload'), events: events('upload', true) },
    { name: 'the order refunded while an answer is being evaluated', input: { language: 'en' }, setup: (w) => paidOrder(w, 'evaluating'), events: events('evaluating') },
    { name: 'the order refunded while the analysis is being made', input: { language: 'en' }, setup: (w) => paidOrder(w, 'finishing'), events: events('finishing') },
  ],
  oracle: {
    initial: (s, world) => {
      expect(s.value).toEqual({ access: 'editing' });
      expect(world.held).toEqual([]);
    },
    step: async ({ before, event, after, started, asked, world }) => {
      const b = context(before);
      const a = context(after);
      if (event.type === 'VERIFY') {
        // The button does nothing while the code is blank (spec 3-ai §5); the code goes trimmed.
        expect(started.map((h) => [h.name, h.input])).toEqual(b.code.trim() ? [['verifyAccess', { code: b.code.trim() }]] : []);
      }
      if (event.type === 'xstate.done.actor.verifyAccess') {
        const answer = lastCall(world, 'POST', '/api/premium/verify-access')?.response as any;
        const valid = lastHeld(world, 'verifyAccess')?.input.code === CODE;
        expect(answer).toEqual({ valid, savedApplication: valid && (await interviewSource(world)) === 'saved' });
        expect(asked).toEqual(answer.valid ? [] : [{ type: 'alert', params: { alert: 'invalidCode' } }]);
        if (answer.valid) expect(a.code).toBe('');
      }
      if (event.type === 'xstate.error.actor.verifyAccess') expect(asked).toEqual([{ type: 'alert', params: { alert: 'verifyFailed' } }]);
      if (event.type === 'PREPARE') {
        const given = b.formData.trim().length > 0;
        expect(started.map((h) => [h.name, h.input])).toEqual(given ? [['prepareInterview', { formData: b.formData, language: 'en' }]] : []);
        expect(asked).toEqual(given ? [] : [{ type: 'alert', params: { alert: 'emptyData' } }]);
      }
      if (event.type === 'USE_SAVED') expect(started.map((h) => [h.name, h.input])).toEqual(b.savedApplication ? [['prepareInterview', { useSaved: true, language: 'en' }]] : []);
      if (event.type === 'xstate.done.actor.prepareInterview') {
        // The questions shown are the server's, built from this text, and kept with the interview.
        const answer = lastCall(world, 'POST', '/api/premium/interview-prep')?.response as any;
        expect(a.questions).toEqual(answer.questions);
        expect(a.questions[0]?.question).toContain(before.matches({ upload: 'preparingSaved' }) ? 'Maria Lopez' : 'John Smith');
        expect(json((await interviewRow(world))?.questions)).toEqual(answer.questions);
      }
      if (event.type === 'xstate.error.actor.prepareInterview') {
        const status = lastHeld(world, 'prepareInterview')?.verdict === 'sent' ? lastCall(world, 'POST', '/api/premium/interview-prep')?.status : undefined;
        expect(asked).toEqual([{ type: 'alert', params: { alert: status === 403 ? 'accessLost' : 'prepareFailed' } }]);
        if (status === 403) expect(after.value).toEqual({ access: 'editing' });
      }
      if (event.type === 'SUBMIT_ANSWER') {
        const question = currentQuestion(b);
        const given = b.answer.trim().length > 0;
        expect(started.map((h) => [h.name, h.input])).toEqual(
          given ? [['evaluateAnswer', { questionId: question?.id, answer: b.answer.trim(), allAnswers: { ...b.answers, [question?.id as string]: b.answer.trim() }, language: 'en' }]] : [],
        );
      }
      if (event.type === 'xstate.done.actor.evaluateAnswer') {
        // Saved on the server with its evaluation, which the page keeps; then the next question, or the analysis.
        const question = currentQuestion(b) as { id: string };
        const answer = lastCall(world, 'POST', '/api/premium/evaluate-answer')?.response as any;
        const row = await interviewRow(world);
        expect(json(row?.answers)[question.id]).toBe(b.answer.trim());
        expect(json(row?.evaluations)[question.id]).toEqual(answer);
        expect(a.evaluations[question.id]).toEqual(answer);
        expect(a.index).toBe(isLastQuestion(b) ? b.index : b.index + 1);
        expect(started.map((h) => h.name)).toEqual(isLastQuestion(b) ? ['finalAnalysis'] : []);
      }
      if (event.type.startsWith('xstate.error.actor.') && lastHeld(world, event.type.slice('xstate.error.actor.'.length))?.verdict === 'sent') {
        // The server closed the interview: back to the access screen, saying so.
        expect(asked).toEqual([{ type: 'alert', params: { alert: 'accessLost' } }]);
        expect(after.value).toEqual({ access: 'editing' });
        expect(world.calls.at(-1)?.status).toBe(403);
      } else if (event.type === 'xstate.error.actor.evaluateAnswer') {
        expect(asked).toEqual([{ type: 'alert', params: { alert: 'answerFailed' } }]);
        // The answer stays in its box and among the answers (spec 3-ai §4.7: saved, then sent).
        expect(a.answer).toBe(b.answer);
        expect(a.answers[currentQuestion(b)?.id as string]).toBe(b.answer.trim());
      }
      else if (event.type === 'xstate.error.actor.finalAnalysis') {
        expect(asked).toEqual([{ type: 'alert', params: { alert: 'answerFailed' } }]);
        expect(a.answer).toBe(b.answer);
      }
      if (event.type === 'PRINT') expect(asked).toEqual([{ type: 'print', params: undefined }]);
      if (event.type === 'NEW_INTERVIEW') expect(a).toMatchObject({ code: '', formData: '', questions: [], answers: {}, evaluations: {}, analysis: null, index: 0 });
    },
    states: {
      'access.editing': async (_s, world) => {
        // Until a right code was entered, the server refuses the interview to this session.
        if (!verifiedOnce(world)) expect((await world.http({ method: 'POST', path: '/api/premium/interview-prep', body: { formData: 'x' } })).status).toBe(403);
      },
      'upload.editing': async (_s, world) => {
        // The upload screen shows only once the server said the code is valid; the refund case happens here.
        expect(verifiedOnce(world)).toBe(true);
        if (world.input.refundAt === 'upload') await refund(world);
      },
      'interview.evaluating': async (_s, world) => {
        if (world.input.refundAt === 'evaluating') await refund(world);
      },
      'interview.finishing': async (s, world) => {
        if (world.input.refundAt === 'finishing') await refund(world);
        expect(s.hasTag('busy')).toBe(true);
        expect(lastHeld(world, 'finalAnalysis')?.input).toEqual({ answers: context(s).answers, questions: context(s).questions.map(({ id }) => ({ id })), language: 'en' });
        expect(Object.keys(context(s).answers)).toHaveLength(context(s).questions.length);
      },
      results: async (s, world) => {
        const answer = lastCall(world, 'POST', '/api/premium/final-analysis')?.response as any;
        expect(context(s).analysis).toEqual(answer);
        expect(Object.keys(answer.evaluations)).toHaveLength(context(s).questions.length);
        expect(['low', 'medium', 'high']).toContain(answer.riskLevel);
      },
      home: (s, world) => {
        expect(s.output).toEqual({ to: '/' });
        expect(effectsOf(world, 'print').length).toBeLessThanOrEqual(world.events.filter((e) => e.type === 'PRINT').length);
      },
    },
  },
};
