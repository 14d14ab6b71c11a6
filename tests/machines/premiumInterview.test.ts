import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { premiumViewOf } from '../../machines/premiumInterview.view';
import { currentQuestion, isLastQuestion, premiumInterviewMachine, previousFeedback, resumeIndex, voiceControlsOf, type VoiceControlsRef } from '../../machines/premiumInterview.machine';
import { voiceControlsMachine } from '../../machines/voiceControls.machine';

const question = (id: string, text = `Question ${id}?`) => ({ id, question: text, category: 'General', difficulty: 'easy' as const, tips: [], topic: 'general.return', section: 'ties' as const, cites: [] });
const QUESTIONS = [question('q1'), question('q2')];
const ANALYSIS = { riskLevel: 'medium', successProbability: 60, strengths: [], weaknesses: [], recommendations: [], findings: [], evaluations: {} };
const GOOD = { verdict: 'good', score: 90, feedback: 'Good.', relevant: true, specific: true };
const state = (over: Record<string, unknown> = {}) => ({ verified: true, savedApplication: false, language: 'es', languageChosen: false, interview: null, ...over });
const interview = (over: Record<string, unknown> = {}) => ({ interviewId: 'i', questions: QUESTIONS, answers: {}, evaluations: {}, analysis: null, ...over });

function start(overrides: Record<string, unknown> = {}, input: { language: 'es' | 'en' | 'fr' | 'pt'; explicit: boolean } = { language: 'es', explicit: false }, { keepAlerts = false } = {}) {
  const alerts: unknown[] = [];
  const calls: Array<[string, unknown]> = [];
  const answer = (name: string, value: unknown) =>
    fromPromise(async ({ input: given }: { input: unknown }) => {
      calls.push([name, given]);
      return typeof value === 'function' ? (value as (i: unknown) => unknown)(given) : value;
    });
  const machine = premiumInterviewMachine.provide({
    actors: {
      loadInterview: answer('loadInterview', state({ verified: false })),
      verifyAccess: answer('verifyAccess', { valid: true, savedApplication: true }),
      prepareInterview: answer('prepareInterview', (given: { language: string }) => ({ interviewId: 'i', language: given.language, questions: QUESTIONS })),
      evaluateAnswer: answer('evaluateAnswer', GOOD),
      finalAnalysis: answer('finalAnalysis', ANALYSIS),
      endInterview: answer('endInterview', { ended: true }),
      // A function stands for the server's answer to the call; an actor is used as given.
      ...Object.fromEntries(Object.entries(overrides).map(([name, v]) => [name, typeof v === 'function' ? answer(name, v) : v])),
    } as any,
    // Recorded here, unless the test reads the machine's own alert line.
    ...(keepAlerts ? {} : { actions: { alert: (_: unknown, params: unknown) => void alerts.push(params) } }),
  });
  const actor = createActor(machine, { input }).start();
  return { actor, alerts, calls, answer };
}

const failing = (status?: number) =>
  fromPromise(async () => {
    throw Object.assign(new Error('refused'), { status });
  });

describe('premiumInterview machine', () => {
  describe('when it starts, it asks the server where the session stands', () => {
    it('goes to the access code when the session is not verified, or the server cannot say', async () => {
      const { actor, calls } = start();
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      await waitFor(actor, (s) => s.matches('access'));
      expect(calls).toEqual([['loadInterview', { language: 'es', explicit: false }]]);
      const broken = start({ loadInterview: failing(500) });
      await waitFor(broken.actor, (s) => s.matches('access'));
    });

    it('goes to the upload when the session is verified with no interview yet', async () => {
      const { actor } = start({ loadInterview: fromPromise(async () => state({ savedApplication: true, language: 'en', languageChosen: true })) });
      await waitFor(actor, (s) => s.matches('upload'));
      expect(actor.getSnapshot().context).toMatchObject({ savedApplication: true, language: 'en', explicit: true });
    });

    it('continues an interview at its first unanswered question, with the answers and feedback so far', async () => {
      const restored = interview({ questions: [question('q1'), question('q2'), question('q3')], answers: { q1: 'First.' }, evaluations: { q1: GOOD } });
      const { actor } = start({ loadInterview: fromPromise(async () => state({ interview: restored })) });
      await waitFor(actor, (s) => s.matches({ interview: 'answering' }));
      const c = actor.getSnapshot().context;
      expect(c).toMatchObject({ index: 1, answers: { q1: 'First.' }, answer: '' });
      expect(previousFeedback(c)).toEqual(GOOD);
      expect(currentQuestion(c)?.id).toBe('q2');
    });

    it('puts the last answer back when every question was answered but the analysis never came', async () => {
      const restored = interview({ answers: { q1: 'First.', q2: 'Second.' }, evaluations: { q1: GOOD, q2: GOOD } });
      const { actor } = start({ loadInterview: fromPromise(async () => state({ interview: restored })) });
      await waitFor(actor, (s) => s.matches({ interview: 'answering' }));
      expect(actor.getSnapshot().context).toMatchObject({ index: 1, answer: 'Second.' });
      expect(isLastQuestion(actor.getSnapshot().context)).toBe(true);
    });

    it('shows the results of a finished interview', async () => {
      const { actor } = start({ loadInterview: fromPromise(async () => state({ interview: interview({ answers: { q1: 'a', q2: 'b' }, analysis: ANALYSIS }) })) });
      await waitFor(actor, (s) => s.matches('results'));
      expect(actor.getSnapshot().context.analysis).toEqual(ANALYSIS);
    });
  });

  it('does not send a blank code, sends a trimmed one, and forgets it once valid', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => s.matches('access'));
    actor.send({ type: 'CODE.CHANGE', value: '   ' });
    actor.send({ type: 'VERIFY' });
    expect(actor.getSnapshot().value).toEqual({ access: 'editing' });
    actor.send({ type: 'CODE.CHANGE', value: ' PREMIUM-12345678-AB ' });
    actor.send({ type: 'VERIFY' });
    await waitFor(actor, (s) => s.matches('upload'));
    expect(calls.slice(1)).toEqual([['verifyAccess', { code: 'PREMIUM-12345678-AB' }]]);
    expect(actor.getSnapshot().context).toMatchObject({ code: '', savedApplication: true });
  });

  it("stays on access with 'invalidCode' when the server says no, 'verifyFailed' when the call fails", async () => {
    const invalid = start({ verifyAccess: fromPromise(async () => ({ valid: false, savedApplication: false })) });
    await waitFor(invalid.actor, (s) => s.matches('access'));
    invalid.actor.send({ type: 'CODE.CHANGE', value: 'x' });
    invalid.actor.send({ type: 'VERIFY' });
    await waitFor(invalid.actor, (s) => s.matches({ access: 'editing' }) && invalid.alerts.length > 0);
    expect(invalid.alerts).toEqual([{ alert: 'invalidCode' }]);
    const broken = start({ verifyAccess: failing(500) });
    await waitFor(broken.actor, (s) => s.matches('access'));
    broken.actor.send({ type: 'CODE.CHANGE', value: 'x' });
    broken.actor.send({ type: 'VERIFY' });
    await waitFor(broken.actor, () => broken.alerts.length > 0);
    expect(broken.alerts).toEqual([{ alert: 'verifyFailed' }]);
  });

  it('alerts on blank data, prepares in its language saying whether it was chosen, and walks the questions to the analysis', async () => {
    const { actor, alerts, calls } = start({}, { language: 'fr', explicit: true });
    await waitFor(actor, (s) => s.matches('access'));
    actor.send({ type: 'CODE.CHANGE', value: 'x' });
    actor.send({ type: 'VERIFY' });
    await waitFor(actor, (s) => s.matches('upload'));
    actor.send({ type: 'PREPARE' });
    expect(alerts).toEqual([{ alert: 'emptyData' }]);
    actor.send({ type: 'DATA.CHANGE', value: 'Surnames: X' });
    actor.send({ type: 'PREPARE' });
    await waitFor(actor, (s) => s.matches('interview'));
    expect(calls.find(([name]) => name === 'prepareInterview')).toEqual(['prepareInterview', { formData: 'Surnames: X', language: 'fr', languageChosen: true }]);
    actor.send({ type: 'SUBMIT_ANSWER' });
    expect(actor.getSnapshot().matches({ interview: 'answering' })).toBe(true);
    actor.send({ type: 'ANSWER.CHANGE', value: ' First. ' });
    actor.send({ type: 'SUBMIT_ANSWER' });
    await waitFor(actor, (s) => s.context.index === 1 && s.matches({ interview: 'answering' }));
    actor.send({ type: 'ANSWER.CHANGE', value: 'Second.' });
    actor.send({ type: 'SUBMIT_ANSWER' });
    await waitFor(actor, (s) => s.matches('results'));
    expect(calls.slice(-2)).toEqual([
      ['evaluateAnswer', { questionId: 'q2', answer: 'Second.', allAnswers: { q1: 'First.', q2: 'Second.' }, language: 'fr' }],
      ['finalAnalysis', { answers: { q1: 'First.', q2: 'Second.' }, questions: [{ id: 'q1' }, { id: 'q2' }], language: 'fr' }],
    ]);
  });

  describe('the language', () => {
    // As the server answers: the questions in the language asked, the choice as the page made it.
    const inProgress = (input: { language: string; explicit: boolean }) =>
      state({ language: input.language, languageChosen: input.explicit, interview: interview({ questions: ['q1', 'q2', 'q3'].map((id) => question(id, `${input.language} ${id}`)), answers: { q1: 'Uno.' } }) });

    it('follows the interface: the questions are worded again, the place and the draft kept', async () => {
      const { actor, calls } = start({ loadInterview: inProgress });
      await waitFor(actor, (s) => s.matches({ interview: 'answering' }));
      actor.send({ type: 'ANSWER.CHANGE', value: 'Draft' });
      actor.send({ type: 'LANGUAGE.CHANGE', language: 'en' });
      expect(actor.getSnapshot().matches({ interview: 'rewording' })).toBe(true);
      await waitFor(actor, (s) => s.matches({ interview: 'answering' }));
      expect(calls.at(-1)).toEqual(['loadInterview', { language: 'en', explicit: false }]);
      expect(actor.getSnapshot().context).toMatchObject({ language: 'en', wordedIn: 'en', index: 1, answer: 'Draft' });
      expect(currentQuestion(actor.getSnapshot().context)?.question).toBe('en q2');
    });

    it('is not changed by the interface once chosen explicitly', async () => {
      const { actor, calls } = start({ loadInterview: inProgress }, { language: 'es', explicit: true });
      await waitFor(actor, (s) => s.matches({ interview: 'answering' }));
      actor.send({ type: 'LANGUAGE.CHANGE', language: 'en' });
      expect(actor.getSnapshot().context.language).toBe('es');
      expect(calls).toHaveLength(1);
    });

    it('switched while an answer is sent, words the questions again once it is back', async () => {
      let release: (v: unknown) => void = () => {};
      const { actor, calls } = start({ loadInterview: inProgress, evaluateAnswer: fromPromise(() => new Promise((resolve) => (release = resolve))) });
      await waitFor(actor, (s) => s.matches({ interview: 'answering' }));
      actor.send({ type: 'ANSWER.CHANGE', value: 'Dos.' });
      actor.send({ type: 'SUBMIT_ANSWER' });
      actor.send({ type: 'LANGUAGE.CHANGE', language: 'pt' });
      release(GOOD);
      await waitFor(actor, (s) => s.matches({ interview: 'rewording' }));
      await waitFor(actor, (s) => s.matches({ interview: 'answering' }));
      expect(calls.at(-1)).toEqual(['loadInterview', { language: 'pt', explicit: false }]);
    });

    it('keeps the questions as they were when they cannot be worded again', async () => {
      let first = true;
      const { actor } = start({
        loadInterview: fromPromise(async () => {
          if (!first) throw new Error('offline');
          first = false;
          return state({ interview: interview() });
        }),
      });
      await waitFor(actor, (s) => s.matches({ interview: 'answering' }));
      actor.send({ type: 'LANGUAGE.CHANGE', language: 'en' });
      await waitFor(actor, (s) => s.matches({ interview: 'answering' }));
      expect(actor.getSnapshot().context).toMatchObject({ language: 'es', wordedIn: 'es' });
    });
  });

  it('keeps the answer on a failed evaluation, and goes back to access when the server closed the interview', async () => {
    const failed = start({ evaluateAnswer: failing(500), loadInterview: fromPromise(async () => state({ savedApplication: true })) });
    await waitFor(failed.actor, (s) => s.matches('upload'));
    failed.actor.send({ type: 'USE_SAVED' });
    await waitFor(failed.actor, (s) => s.matches('interview'));
    failed.actor.send({ type: 'ANSWER.CHANGE', value: 'Mine' });
    failed.actor.send({ type: 'SUBMIT_ANSWER' });
    await waitFor(failed.actor, () => failed.alerts.length > 0);
    expect(failed.alerts).toEqual([{ alert: 'answerFailed' }]);
    expect(failed.actor.getSnapshot().context).toMatchObject({ answer: 'Mine', index: 0, answers: { q1: 'Mine' } });

    const closed = start({ prepareInterview: failing(403), loadInterview: fromPromise(async () => state()) });
    await waitFor(closed.actor, (s) => s.matches('upload'));
    closed.actor.send({ type: 'DATA.CHANGE', value: 'data' });
    closed.actor.send({ type: 'PREPARE' });
    await waitFor(closed.actor, (s) => s.matches('access'));
    expect(closed.alerts).toEqual([{ alert: 'accessLost' }]);
  });

  it("'New interview' asks the server to forget the interview, then shows the access code; if it cannot, stays on the results", async () => {
    const finished = () => fromPromise(async () => state({ interview: interview({ analysis: ANALYSIS }) }));
    const { actor, calls } = start({ loadInterview: finished() });
    await waitFor(actor, (s) => s.matches('results'));
    actor.send({ type: 'NEW_INTERVIEW' });
    await waitFor(actor, (s) => s.matches('access'));
    expect(calls.at(-1)?.[0]).toBe('endInterview');
    expect(actor.getSnapshot().context).toMatchObject({ questions: [], answers: {}, analysis: null });

    const stuck = start({ loadInterview: finished(), endInterview: failing(500) });
    await waitFor(stuck.actor, (s) => s.matches('results'));
    stuck.actor.send({ type: 'NEW_INTERVIEW' });
    await waitFor(stuck.actor, () => stuck.alerts.length > 0);
    expect(stuck.actor.getSnapshot().matches({ results: 'shown' })).toBe(true);
    expect(stuck.alerts).toEqual([{ alert: 'resetFailed' }]);
  });

  it('ends at home from any phase', () => {
    const { actor } = start();
    actor.send({ type: 'BACK_HOME' });
    expect(actor.getSnapshot().output).toEqual({ to: '/' });
  });

  it('resumes at the first question without an answer', () => {
    expect(resumeIndex(QUESTIONS, {})).toBe(0);
    expect(resumeIndex(QUESTIONS, { q1: 'a' })).toBe(1);
    expect(resumeIndex(QUESTIONS, { q1: 'a', q2: 'b' })).toBe(1);
    expect(resumeIndex([], {})).toBe(0);
  });
});

describe('the alert line', () => {
  it('says what went wrong until the next attempt, and the voice controls speak on it too', async () => {
    const { actor } = start({ verifyAccess: async () => ({ valid: false, savedApplication: false }) }, undefined, { keepAlerts: true });
    await waitFor(actor, (s) => s.matches({ access: 'editing' }));
    actor.send({ type: 'CODE.CHANGE', value: 'PREMIUM-00000000-XX' });
    actor.send({ type: 'VERIFY' });
    await waitFor(actor, (s) => s.matches({ access: 'editing' }) && s.context.alert !== null);
    expect(actor.getSnapshot().context.alert).toEqual({ alert: 'invalidCode' });
    actor.send({ type: 'VERIFY' });
    expect(actor.getSnapshot().matches({ access: 'verifying' })).toBe(true);
    expect(actor.getSnapshot().context.alert).toBeNull();
    actor.send({ type: 'VOICE.ALERT', alert: 'sttUnavailable' });
    expect(actor.getSnapshot().context.alert).toEqual({ alert: 'sttUnavailable' });
  });
});

describe('the voice controls, the interview\'s child while a question is asked', () => {
  /** The interview restored at its first question, with voice controls whose calls the test answers. */
  function withVoice(transcribe: (signal: AbortSignal) => Promise<{ text: string }>) {
    const held = { released: 0, requested: 0 };
    const voiceControls = voiceControlsMachine.provide({
      actors: {
        holdDevice: fromCallback(() => () => void (held.released += 1)),
        requestMicrophone: fromPromise<void>(async () => void (held.requested += 1)),
        startRecording: fromPromise<void>(async () => undefined),
        stopRecording: fromPromise<unknown>(async () => 'recording'),
        transcribe: fromPromise<{ text: string }, { audio: unknown; language: 'es' | 'en' | 'fr' | 'pt' }>(({ signal }) => transcribe(signal)),
      },
    });
    const { actor } = start({ loadInterview: fromPromise(async () => state({ interview: interview() })), voiceControls }, undefined, { keepAlerts: true });
    return { actor, held };
  }

  async function record(actor: ReturnType<typeof start>['actor']) {
    const voice = voiceControlsOf(actor.getSnapshot()) as VoiceControlsRef;
    voice.send({ type: 'MIC.REQUEST' });
    await waitFor(voice, (s) => s.matches({ microphone: 'ready' }));
    voice.send({ type: 'RECORD' });
    await waitFor(voice, (s) => s.matches({ microphone: 'recording' }));
    voice.send({ type: 'STOP' });
    await waitFor(voice, (s) => s.matches({ microphone: 'transcribing' }));
    return voice;
  }

  it('hands what it heard to the answer, forgets it at the next question, and keeps the microphone across questions', async () => {
    const { actor, held } = withVoice(async () => ({ text: 'We visit museums.' }));
    await waitFor(actor, (s) => s.matches({ interview: 'answering' }));
    const voice = await record(actor);
    expect(voice.getSnapshot().context.language).toBe('es');
    await waitFor(voice, (s) => s.matches({ microphone: 'ready' }));
    // The words are the child's to show and the interview's answer, which stays editable.
    expect(voice.getSnapshot().context.transcript).toBe('We visit museums.');
    expect(actor.getSnapshot().context.answer).toBe('We visit museums.');
    actor.send({ type: 'ANSWER.CHANGE', value: 'We visit museums. Then home.' });
    actor.send({ type: 'SUBMIT_ANSWER' });
    await waitFor(actor, (s) => s.matches({ interview: 'answering' }) && s.context.index === 1);
    expect(actor.getSnapshot().context.answers).toEqual({ q1: 'We visit museums. Then home.' });
    // The same controls go on to the next question, without the last answer's words, the microphone still held.
    expect(voiceControlsOf(actor.getSnapshot())).toBe(voice);
    expect(voice.getSnapshot().context.transcript).toBe('');
    expect(voice.getSnapshot().matches({ microphone: 'ready' })).toBe(true);
    expect(held).toEqual({ released: 0, requested: 1 });
  });

  it('stops with the interview: the transcription under way is aborted and the microphone let go', async () => {
    let aborted: AbortSignal | undefined;
    const { actor, held } = withVoice((signal) => {
      aborted = signal;
      return new Promise(() => {});
    });
    await waitFor(actor, (s) => s.matches({ interview: 'answering' }));
    const voice = await record(actor);
    expect(aborted?.aborted).toBe(false);
    actor.send({ type: 'BACK_HOME' });
    expect(aborted?.aborted).toBe(true);
    expect(voice.getSnapshot().status).toBe('stopped');
    expect(voiceControlsOf(actor.getSnapshot())).toBeUndefined();
    expect(held.released).toBe(1);
  });

  it('says a failed transcription on the interview\'s alert line; no child before the questions', async () => {
    const { actor } = withVoice(async () => Promise.reject(Object.assign(new Error('down'), { status: 503 })));
    expect(voiceControlsOf(actor.getSnapshot())).toBeUndefined();
    await waitFor(actor, (s) => s.matches({ interview: 'answering' }));
    const voice = await record(actor);
    await waitFor(voice, (s) => s.matches({ microphone: 'ready' }));
    expect(actor.getSnapshot().context).toMatchObject({ alert: { alert: 'sttUnavailable' }, answer: '' });
  });
});

describe('premiumViewOf, what the page renders', () => {
  it('names the screen and what waits, and keeps the same context object until it changes', async () => {
    const never = fromPromise(() => new Promise(() => {}));
    const { actor } = start({ verifyAccess: never });
    await waitFor(actor, (s) => s.matches('access'));
    const editing = premiumViewOf(actor.getSnapshot());
    expect(editing).toMatchObject({ screen: 'access', verifying: false, canVerify: false, busy: false });
    actor.send({ type: 'CODE.CHANGE', value: 'PREMIUM-12345678-AB' });
    const typed = premiumViewOf(actor.getSnapshot());
    expect(typed).toMatchObject({ screen: 'access', canVerify: true });
    expect(typed.context).not.toBe(editing.context);
    actor.send({ type: 'VERIFY' });
    expect(premiumViewOf(actor.getSnapshot())).toMatchObject({ screen: 'access', verifying: true, busy: true, canVerify: false });
  });

  // The page's Send was `busy || !answer.trim()`: the machine's own guard says it now (issue 46).
  it('offers Send only for words typed for a question asked, and not while an answer is on its way', async () => {
    const never = fromPromise(() => new Promise(() => {}));
    const { actor } = start({ loadInterview: fromPromise(async () => state({ interview: interview() })), evaluateAnswer: never });
    await waitFor(actor, (s) => s.matches({ interview: 'answering' }));
    expect(premiumViewOf(actor.getSnapshot()).canAnswer).toBe(false);
    for (const blank of [' ', '\n\t', '\u00a0']) {
      actor.send({ type: 'ANSWER.CHANGE', value: blank });
      expect(premiumViewOf(actor.getSnapshot()).canAnswer, JSON.stringify(blank)).toBe(false);
    }
    actor.send({ type: 'ANSWER.CHANGE', value: ' Tourism. ' });
    expect(premiumViewOf(actor.getSnapshot()).canAnswer).toBe(true);
    actor.send({ type: 'SUBMIT_ANSWER' });
    expect(premiumViewOf(actor.getSnapshot())).toMatchObject({ busy: true, canAnswer: false });
  });

  it('says which upload button is working', async () => {
    const never = fromPromise(() => new Promise(() => {}));
    const { actor } = start({ prepareInterview: never });
    await waitFor(actor, (s) => s.matches('access'));
    actor.send({ type: 'CODE.CHANGE', value: 'PREMIUM-12345678-AB' });
    actor.send({ type: 'VERIFY' });
    await waitFor(actor, (s) => s.matches('upload'));
    expect(premiumViewOf(actor.getSnapshot())).toMatchObject({ screen: 'upload', preparing: false, preparingSaved: false });
    actor.send({ type: 'USE_SAVED' });
    expect(premiumViewOf(actor.getSnapshot())).toMatchObject({ screen: 'upload', preparing: false, preparingSaved: true, busy: true });
  });
});
