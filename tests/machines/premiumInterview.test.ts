import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { currentQuestion, isLastQuestion, premiumInterviewMachine, previousFeedback } from '../../machines/premiumInterview.machine';

const question = (id: string) => ({ id, question: `Question ${id}?`, category: 'General', difficulty: 'easy' as const, tips: [], topic: 'general.return', cites: [] });
const QUESTIONS = [question('q1'), question('q2')];
const ANALYSIS = { riskLevel: 'low', successProbability: 80, strengths: [], weaknesses: [], recommendations: [], evaluations: {} };
const GOOD = { verdict: 'good', score: 90, feedback: 'Good.' };

function start(overrides: Record<string, unknown> = {}) {
  const alerts: unknown[] = [];
  const calls: Array<[string, unknown]> = [];
  const answer = (name: string, value: unknown) =>
    fromPromise(async ({ input }: { input: unknown }) => {
      calls.push([name, input]);
      return value;
    });
  const machine = premiumInterviewMachine.provide({
    actors: {
      verifyAccess: answer('verifyAccess', { valid: true, savedApplication: true }),
      prepareInterview: answer('prepareInterview', { interviewId: 'i', questions: QUESTIONS }),
      evaluateAnswer: answer('evaluateAnswer', GOOD),
      finalAnalysis: answer('finalAnalysis', ANALYSIS),
      ...overrides,
    } as any,
    actions: { alert: (_: unknown, params: unknown) => void alerts.push(params) },
  });
  const actor = createActor(machine, { input: { language: 'es' } }).start();
  return { actor, alerts, calls };
}

const failing = (status?: number) =>
  fromPromise(async () => {
    throw Object.assign(new Error('refused'), { status });
  });

describe('premiumInterview machine', () => {
  it('does not send a blank code, sends a trimmed one, and forgets it once valid', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'CODE.CHANGE', value: '   ' });
    actor.send({ type: 'VERIFY' });
    expect(actor.getSnapshot().value).toEqual({ access: 'editing' });
    actor.send({ type: 'CODE.CHANGE', value: ' PREMIUM-12345678-AB ' });
    actor.send({ type: 'VERIFY' });
    await waitFor(actor, (s) => s.matches('upload'));
    expect(calls).toEqual([['verifyAccess', { code: 'PREMIUM-12345678-AB' }]]);
    expect(actor.getSnapshot().context).toMatchObject({ code: '', savedApplication: true });
  });

  it("stays on access with 'invalidCode' when the server says no, 'verifyFailed' when the call fails", async () => {
    const invalid = start({ verifyAccess: fromPromise(async () => ({ valid: false, savedApplication: false })) });
    invalid.actor.send({ type: 'CODE.CHANGE', value: 'x' });
    invalid.actor.send({ type: 'VERIFY' });
    await waitFor(invalid.actor, (s) => s.matches({ access: 'editing' }) && invalid.alerts.length > 0);
    expect(invalid.alerts).toEqual([{ alert: 'invalidCode' }]);
    const broken = start({ verifyAccess: failing(500) });
    broken.actor.send({ type: 'CODE.CHANGE', value: 'x' });
    broken.actor.send({ type: 'VERIFY' });
    await waitFor(broken.actor, () => broken.alerts.length > 0);
    expect(broken.alerts).toEqual([{ alert: 'verifyFailed' }]);
  });

  it('alerts on blank data, and walks the questions to the analysis', async () => {
    const { actor, alerts, calls } = start();
    actor.send({ type: 'CODE.CHANGE', value: 'x' });
    actor.send({ type: 'VERIFY' });
    await waitFor(actor, (s) => s.matches('upload'));
    actor.send({ type: 'PREPARE' });
    expect(alerts).toEqual([{ alert: 'emptyData' }]);
    actor.send({ type: 'DATA.CHANGE', value: 'Surnames: X' });
    actor.send({ type: 'PREPARE' });
    await waitFor(actor, (s) => s.matches('interview'));
    expect(currentQuestion(actor.getSnapshot().context)?.id).toBe('q1');
    actor.send({ type: 'SUBMIT_ANSWER' });
    expect(actor.getSnapshot().matches({ interview: 'answering' })).toBe(true);
    actor.send({ type: 'ANSWER.CHANGE', value: ' First. ' });
    actor.send({ type: 'SUBMIT_ANSWER' });
    await waitFor(actor, (s) => s.context.index === 1 && s.matches({ interview: 'answering' }));
    expect(previousFeedback(actor.getSnapshot().context)).toEqual(GOOD);
    expect(isLastQuestion(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'ANSWER.CHANGE', value: 'Second.' });
    actor.send({ type: 'SUBMIT_ANSWER' });
    await waitFor(actor, (s) => s.matches('results'));
    expect(calls.slice(-2)).toEqual([
      ['evaluateAnswer', { questionId: 'q2', answer: 'Second.', allAnswers: { q1: 'First.', q2: 'Second.' }, language: 'es' }],
      ['finalAnalysis', { answers: { q1: 'First.', q2: 'Second.' }, questions: [{ id: 'q1' }, { id: 'q2' }], language: 'es' }],
    ]);
    actor.send({ type: 'NEW_INTERVIEW' });
    expect(actor.getSnapshot().value).toEqual({ access: 'editing' });
    expect(actor.getSnapshot().context).toMatchObject({ questions: [], answers: {}, analysis: null, language: 'es' });
  });

  it('keeps the answer on a failed evaluation, and goes back to access when the server closed the interview', async () => {
    const failed = start({ evaluateAnswer: failing(500) });
    failed.actor.send({ type: 'CODE.CHANGE', value: 'x' });
    failed.actor.send({ type: 'VERIFY' });
    await waitFor(failed.actor, (s) => s.matches('upload'));
    failed.actor.send({ type: 'USE_SAVED' });
    await waitFor(failed.actor, (s) => s.matches('interview'));
    failed.actor.send({ type: 'ANSWER.CHANGE', value: 'Mine' });
    failed.actor.send({ type: 'SUBMIT_ANSWER' });
    await waitFor(failed.actor, () => failed.alerts.length > 0);
    expect(failed.alerts).toEqual([{ alert: 'answerFailed' }]);
    expect(failed.actor.getSnapshot().context).toMatchObject({ answer: 'Mine', index: 0, answers: { q1: 'Mine' } });

    const closed = start({ prepareInterview: failing(403) });
    closed.actor.send({ type: 'CODE.CHANGE', value: 'x' });
    closed.actor.send({ type: 'VERIFY' });
    await waitFor(closed.actor, (s) => s.matches('upload'));
    closed.actor.send({ type: 'DATA.CHANGE', value: 'data' });
    closed.actor.send({ type: 'PREPARE' });
    await waitFor(closed.actor, (s) => s.matches('access'));
    expect(closed.alerts).toEqual([{ alert: 'accessLost' }]);
  });

  it('ends at home from any phase', () => {
    const { actor } = start();
    actor.send({ type: 'BACK_HOME' });
    expect(actor.getSnapshot().output).toEqual({ to: '/' });
  });
});
