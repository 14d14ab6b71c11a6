import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ds160Catalog, estaCatalog, preassessmentCatalog } from '../../machines/domain/catalogs';
import { visibleQuestions, type Catalog, type Question } from '../../machines/domain/questions';
import {
  changedAnswers,
  FieldRefusal,
  progressOf,
  questionWizardMachine,
  submittedAnswers,
  updateInputOf,
  type Answers,
  type CaptureInput,
  type SubmitInput,
  type SubmitOutput,
  type UpdateInput,
  type WizardInput,
} from '../../machines/questionWizard.machine';
import { validAnswer } from '../helpers/answers';
import { leadSyncMachine, type LeadCapture, type LeadCaptured, type LeadSave } from '../../machines/leadSync.machine';

// The generic question-by-question wizard (spec 2-wizards §4.1-4.3, §5; 1-core §4, §5), read as a
// transition table: each describe is a situation, each it one event and what it leads to.

const TODAY = '2026-06-15';

const q = (id: string, section: string, type: Question['type'], extra: Partial<Question> = {}): Question => ({
  id,
  section,
  type,
  required: true,
  labelKey: `test.q.${id}`,
  ...extra,
});

const NO_YES = [
  { value: 'No', labelKey: 'catalog:options.no' },
  { value: 'Yes', labelKey: 'catalog:options.yes' },
];

/** Six questions, one of them conditional: five are asked with other-names No, six with Yes. */
const TEST_CATALOG: Catalog = {
  id: 'ds160',
  formType: 'DS-160',
  rules: 'ds160',
  sections: [
    { id: 'who', titleKey: 'test.sections.who' },
    { id: 'reach', titleKey: 'test.sections.reach' },
  ],
  questions: [
    q('email-address', 'who', 'email'),
    q('first-name', 'who', 'text'),
    q('other-names', 'who', 'radio', { options: NO_YES }),
    q('specify-other-names', 'who', 'text', { dependsOn: 'other-names', showWhen: 'Yes' }),
    q('phone-number', 'reach', 'phone', { validation: 'phone' }),
    q('final-check', 'reach', 'radio', { options: NO_YES }),
  ],
};

const EMAIL = 'maria.lopez@example.com';
const CHECKOUT = { url: '/checkout?formType=ESTA&amount=77', amount: 77 };
const PHONE = '+34612345678';

/** Dates valid on TODAY for every date rule (the shared helper dates move with the real clock). */
const DATES: Record<string, string> = {
  past: '2023-06-01',
  future: '2026-08-01',
  birthDate: '1990-05-15',
  parentBirthDate: '1960-03-10',
  passportIssueDate: '2024-06-01',
  passportExpiryDate: '2031-06-01',
};

function answerFor(question: Question): string {
  if (question.type === 'date') return DATES[question.validation ?? 'future'] ?? DATES.future!;
  return validAnswer(question);
}

/** The ESTA questions a traveller answering `answerFor` sees before the phone, in order (official order, issue 45). */
function shownBeforePhone(): Question[] {
  const shown = visibleQuestions(estaCatalog, Object.fromEntries(estaCatalog.questions.map((x) => [x.id, answerFor(x)])));
  return shown.slice(0, shown.findIndex((x) => x.id === 'phone'));
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets resolved promises deliver their done events. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(input: Partial<WizardInput> = {}) {
  const catalog = input.catalog ?? TEST_CATALOG;
  const submitLead = vi.fn<(input: SubmitInput) => Promise<SubmitOutput>>(async () => ({ leadId: 'SUBMITTED', checkout: CHECKOUT }));
  const captureLead = vi.fn<(input: CaptureInput) => Promise<{ leadId: string; existing: boolean }>>(async () => ({
    leadId: 'L1',
    existing: false,
  }));
  const updateLead = vi.fn<(input: UpdateInput) => Promise<void>>(async () => {});
  // What the wizard keeps in this browser, as it emits it (a `store` of its catalog's key): each write, read back.
  const persistProgress = vi.fn();
  const actions = {
    clearProgress: vi.fn(),
    announceLeadStarted: vi.fn(),
    announceSubmitted: vi.fn(),
    announceSubmitFailed: vi.fn(),
    logSyncFailure: vi.fn(),
  };
  const machine = questionWizardMachine.provide({
    actors: {
      submitLead: fromPromise<SubmitOutput, SubmitInput>(({ input }) => submitLead(input)),
      // The lead-sync child's calls, as the page gives them (the update with flat answers and the phone).
      leadSync: leadSyncMachine.provide({
        actors: {
          capture: fromPromise<LeadCaptured, LeadCapture>(({ input }) => captureLead(input as CaptureInput)),
          save: fromPromise<unknown, LeadSave>(({ input }) => updateLead(updateInputOf(catalog, input))),
        },
      }),
    },
    actions,
  });
  const actor = createActor(machine, { input: { catalog: TEST_CATALOG, today: TODAY, ...input } });
  const key = `rumbo-wizard-${(input.catalog ?? TEST_CATALOG).id}`;
  actor.on('store', (effect) => {
    const value = effect.values[key];
    if (typeof value === 'string') persistProgress(effect, JSON.parse(value));
  });
  actor.start();
  return { actor, submitLead, captureLead, updateLead, persistProgress, ...actions };
}

type WizardActor = ReturnType<typeof start>['actor'];

const snap = (actor: WizardActor) => actor.getSnapshot();
const answering = (actor: WizardActor) => snap(actor).matches({ active: { flow: 'answering' } });
const submitted = (s: ReturnType<WizardActor['getSnapshot']>) => s.status === 'done';
const submitFailed = (actor: WizardActor) => snap(actor).hasTag('submitFailed');
const syncState = (actor: WizardActor) => (snap(actor).value as { active?: { sync?: string } }).active?.sync;
const progress = (actor: WizardActor) => progressOf(snap(actor).context);
const currentId = (actor: WizardActor) => snap(actor).context.currentId;

function answer(actor: WizardActor, value: string) {
  actor.send({ type: 'ANSWER.CHANGE', value });
  actor.send({ type: 'NEXT' });
}

/** Answers the test catalog up to (not including) the question `stopAt`. */
function answerUntil(actor: WizardActor, stopAt: string, answers: Answers) {
  while (currentId(actor) !== stopAt) {
    const id = currentId(actor);
    answer(actor, answers[id] ?? '');
    if (currentId(actor) === id) throw new Error(`stuck on ${id}: ${JSON.stringify(snap(actor).context.error)}`);
  }
}

/** Answers every question the applicant sees with a valid answer, waiting for side calls between steps. */
async function walkToEnd(actor: WizardActor, overrides: Answers = {}) {
  for (let step = 0; step < 200 && answering(actor); step += 1) {
    const question = progress(actor).question;
    answer(actor, overrides[question.id] ?? answerFor(question));
    expect(snap(actor).context.error, question.id).toBeNull();
    await settle();
  }
}

const NO_PATH: Answers = {
  'email-address': EMAIL,
  'first-name': 'Maria',
  'other-names': 'No',
  'phone-number': PHONE,
  'final-check': 'Yes',
};

const YES_PATH: Answers = { ...NO_PATH, 'other-names': 'Yes', 'specify-other-names': 'Maria Garcia' };

describe('questionWizard', () => {
  describe('when starting', () => {
    it('is answering the first question with an empty draft', () => {
      const { actor } = start();
      expect(answering(actor)).toBe(true);
      expect(progress(actor)).toMatchObject({ index: 0, total: 5, isFirst: true, isLast: false });
      expect(progress(actor).question.id).toBe('email-address');
      expect(snap(actor).context).toMatchObject({ draft: '', error: null, leadId: null });
      expect(submitFailed(actor)).toBe(false);
      expect(syncState(actor)).toBe('idle');
    });
  });

  describe('when answering', () => {
    it('NEXT with an empty required answer sets validation.required and stays', () => {
      const { actor, persistProgress } = start();
      actor.send({ type: 'NEXT' });
      expect(answering(actor)).toBe(true);
      expect(snap(actor).context.error).toEqual({ key: 'validation.required' });
      expect(progress(actor).index).toBe(0);
      expect(persistProgress).not.toHaveBeenCalled();
    });

    it('treats a whitespace-only answer as empty', () => {
      const { actor } = start();
      answer(actor, '   ');
      expect(snap(actor).context.error?.key).toBe('validation.required');
      expect(snap(actor).context.answers).toEqual({});
    });

    it('ANSWER.CHANGE clears the error', () => {
      const { actor } = start();
      actor.send({ type: 'NEXT' });
      actor.send({ type: 'ANSWER.CHANGE', value: 'm' });
      expect(snap(actor).context).toMatchObject({ error: null, draft: 'm' });
    });

    it('NEXT with an invalid answer shows the rule set error and does not store it', () => {
      const { actor } = start();
      answer(actor, 'not-an-email');
      expect(snap(actor).context.error?.key).toBe('validation.email.invalid');
      expect(snap(actor).context.answers).toEqual({});
      expect(currentId(actor)).toBe('email-address');
    });

    it('NEXT with a valid answer stores it trimmed, advances and clears the draft', () => {
      const { actor } = start();
      answer(actor, `  ${EMAIL}  `);
      expect(snap(actor).context.answers).toEqual({ 'email-address': EMAIL });
      expect(progress(actor)).toMatchObject({ index: 1, isFirst: false });
      expect(snap(actor).context).toMatchObject({ currentId: 'first-name', draft: '', error: null });
    });

    it('NEXT brings back the saved answer of the next question as the draft', () => {
      const { actor } = start();
      answerUntil(actor, 'other-names', NO_PATH);
      actor.send({ type: 'PREVIOUS' });
      actor.send({ type: 'PREVIOUS' });
      expect(currentId(actor)).toBe('email-address');
      actor.send({ type: 'NEXT' });
      expect(snap(actor).context).toMatchObject({ currentId: 'first-name', draft: 'Maria' });
      actor.send({ type: 'NEXT' });
      expect(snap(actor).context).toMatchObject({ currentId: 'other-names', draft: '' });
    });

    it('persists answers, position, lead id and synced answers after NEXT', () => {
      const { actor, persistProgress } = start();
      answer(actor, EMAIL);
      expect(persistProgress).toHaveBeenCalledTimes(1);
      expect(persistProgress).toHaveBeenLastCalledWith(expect.anything(), {
        answers: { 'email-address': EMAIL },
        currentId: 'first-name',
        leadId: null,
        synced: {},
      });
    });
  });

  describe('when going back', () => {
    it('PREVIOUS restores the earlier saved answer and clears the error', () => {
      const { actor } = start();
      answerUntil(actor, 'other-names', NO_PATH);
      actor.send({ type: 'NEXT' });
      expect(snap(actor).context.error?.key).toBe('validation.required');
      actor.send({ type: 'PREVIOUS' });
      expect(answering(actor)).toBe(true);
      expect(snap(actor).context).toMatchObject({ currentId: 'first-name', draft: 'Maria', error: null });
      expect(progress(actor).index).toBe(1);
    });

    it('PREVIOUS drops an unsaved draft; the saved answer stays', () => {
      const { actor } = start();
      answerUntil(actor, 'other-names', NO_PATH);
      actor.send({ type: 'PREVIOUS' });
      actor.send({ type: 'ANSWER.CHANGE', value: 'Lucia' });
      actor.send({ type: 'PREVIOUS' });
      expect(snap(actor).context.answers['first-name']).toBe('Maria');
    });

    it('ignores PREVIOUS on the first question', () => {
      const { actor, persistProgress } = start();
      actor.send({ type: 'ANSWER.CHANGE', value: 'x' });
      expect(snap(actor).can({ type: 'PREVIOUS' })).toBe(false);
      actor.send({ type: 'PREVIOUS' });
      expect(snap(actor).context).toMatchObject({ currentId: 'email-address', draft: 'x' });
      expect(persistProgress).not.toHaveBeenCalled();
    });

    it('persists after PREVIOUS', () => {
      const { actor, persistProgress } = start();
      answer(actor, EMAIL);
      expect(snap(actor).can({ type: 'PREVIOUS' })).toBe(true);
      actor.send({ type: 'PREVIOUS' });
      expect(persistProgress).toHaveBeenCalledTimes(2);
      expect(persistProgress).toHaveBeenLastCalledWith(expect.anything(), {
        answers: { 'email-address': EMAIL },
        currentId: 'email-address',
        leadId: null,
        synced: {},
      });
    });
  });

  describe('when a question is conditional', () => {
    it('skips specify-other-names on other-names No, and the total excludes it', () => {
      const { actor } = start();
      answerUntil(actor, 'other-names', NO_PATH);
      expect(progress(actor).total).toBe(5);
      answer(actor, 'No');
      expect(currentId(actor)).toBe('phone-number');
      expect(progress(actor)).toMatchObject({ index: 3, total: 5 });
    });

    it('asks specify-other-names on other-names Yes, and the total counts it', () => {
      const { actor } = start();
      answerUntil(actor, 'other-names', YES_PATH);
      answer(actor, 'Yes');
      expect(currentId(actor)).toBe('specify-other-names');
      expect(progress(actor)).toMatchObject({ index: 3, total: 6 });
      answer(actor, 'Maria Garcia');
      expect(progress(actor)).toMatchObject({ index: 4, total: 6 });
      expect(currentId(actor)).toBe('phone-number');
    });

    it('PREVIOUS from the question after a skipped one goes back to the parent', () => {
      const { actor } = start();
      answerUntil(actor, 'phone-number', NO_PATH);
      actor.send({ type: 'PREVIOUS' });
      expect(snap(actor).context).toMatchObject({ currentId: 'other-names', draft: 'No' });
    });

    it('does not submit a stale answer once its question is hidden again', async () => {
      const { actor, submitLead } = start();
      answerUntil(actor, 'final-check', YES_PATH);
      // Back to other-names, switch to No, and forward again.
      actor.send({ type: 'PREVIOUS' });
      actor.send({ type: 'PREVIOUS' });
      actor.send({ type: 'PREVIOUS' });
      expect(snap(actor).context).toMatchObject({ currentId: 'other-names', draft: 'Yes' });
      answer(actor, 'No');
      expect(snap(actor).context).toMatchObject({ currentId: 'phone-number', draft: PHONE });
      expect(progress(actor).total).toBe(5);
      actor.send({ type: 'NEXT' });
      answer(actor, 'Yes');
      await waitFor(actor, submitted);

      const { answers } = snap(actor).context;
      // Kept in memory (switching back to Yes would bring it back) but never sent.
      expect(answers['specify-other-names']).toBe('Maria Garcia');
      expect(submittedAnswers(TEST_CATALOG, answers)).toEqual(NO_PATH);
      expect(changedAnswers(TEST_CATALOG, answers, {})).toEqual(NO_PATH);
      expect(submitLead).toHaveBeenCalledTimes(1);
      expect(submitLead.mock.calls[0]![0]).toEqual({ catalog: TEST_CATALOG, answers: NO_PATH, changes: NO_PATH, leadId: null });
      expect(submitLead.mock.calls[0]![0].answers).not.toHaveProperty('specify-other-names');
      expect(snap(actor).output?.answers).toEqual(NO_PATH);
    });
  });

  describe('when on the last question', () => {
    it('NEXT with an invalid answer stays and does not submit', () => {
      const { actor, submitLead } = start();
      answerUntil(actor, 'final-check', NO_PATH);
      expect(progress(actor).isLast).toBe(true);
      answer(actor, 'Maybe');
      expect(answering(actor)).toBe(true);
      expect(snap(actor).context.error?.key).toBe('validation.generic');
      expect(submitLead).not.toHaveBeenCalled();
    });

    it('NEXT submits, then is done with the lead id and every answer', async () => {
      const { actor, submitLead, clearProgress, announceSubmitted, announceSubmitFailed, persistProgress } = start();
      answerUntil(actor, 'final-check', NO_PATH);
      answer(actor, ' Yes ');
      expect(snap(actor).matches({ active: { flow: 'submitting' } })).toBe(true);
      expect(snap(actor).hasTag('busy')).toBe(true);
      expect(snap(actor).can({ type: 'NEXT' })).toBe(false);
      expect(persistProgress).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ currentId: 'final-check' }));

      await waitFor(actor, submitted);
      expect(snap(actor).status).toBe('done');
      // Busy until the page it leads to is drawn: nothing on it can be pressed again.
      expect(snap(actor).hasTag('busy')).toBe(true);
      expect(snap(actor).output).toEqual({ kind: 'submitted', leadId: 'SUBMITTED', answers: NO_PATH, to: CHECKOUT.url, amount: CHECKOUT.amount, price: null });
      expect(snap(actor).context.leadId).toBe('SUBMITTED');
      expect(submitLead).toHaveBeenCalledWith({ catalog: TEST_CATALOG, answers: NO_PATH, changes: NO_PATH, leadId: null });
      expect(clearProgress).toHaveBeenCalledTimes(1);
      expect(announceSubmitted).toHaveBeenCalledTimes(1);
      expect(announceSubmitFailed).not.toHaveBeenCalled();
    });

    it('returns to the last question with every answer kept when the submit fails, and NEXT retries', async () => {
      const { actor, submitLead, clearProgress, announceSubmitted, announceSubmitFailed } = start();
      submitLead.mockRejectedValueOnce(new Error('503'));
      answerUntil(actor, 'final-check', NO_PATH);
      answer(actor, 'Yes');
      expect(snap(actor).hasTag('busy')).toBe(true);

      await waitFor(actor, (s) => s.matches({ active: { flow: 'answering' } }));
      expect(snap(actor).context).toMatchObject({ currentId: 'final-check', draft: 'Yes', answers: NO_PATH, error: null });
      expect(submitFailed(actor)).toBe(true);
      expect(progress(actor).isLast).toBe(true);
      expect(announceSubmitFailed).toHaveBeenCalledTimes(1);
      expect(clearProgress).not.toHaveBeenCalled();
      expect(announceSubmitted).not.toHaveBeenCalled();

      actor.send({ type: 'NEXT' });
      expect(snap(actor).hasTag('busy')).toBe(true);
      await waitFor(actor, submitted);
      expect(submitLead).toHaveBeenCalledTimes(2);
      expect(submitLead.mock.calls[1]![0].answers).toEqual(NO_PATH);
      expect(announceSubmitted).toHaveBeenCalledTimes(1);
    });

    it('ANSWER.CHANGE after a failed submit leaves the failed state', async () => {
      const { actor, submitLead } = start();
      submitLead.mockRejectedValueOnce(new Error('503'));
      answerUntil(actor, 'final-check', NO_PATH);
      answer(actor, 'Yes');
      await waitFor(actor, (s) => s.hasTag('submitFailed'));
      actor.send({ type: 'ANSWER.CHANGE', value: 'No' });
      expect(submitFailed(actor)).toBe(false);
    });
  });

  describe('when restoring progress', () => {
    it('resumes at the stored question with its saved answer as the draft', () => {
      const { actor } = start({
        answers: { 'email-address': EMAIL, 'first-name': 'Maria', 'other-names': 'Yes', 'specify-other-names': 'M G' },
        currentId: 'specify-other-names',
        leadId: 'L9',
      });
      expect(answering(actor)).toBe(true);
      expect(snap(actor).context).toMatchObject({ currentId: 'specify-other-names', draft: 'M G', leadId: 'L9', error: null });
      expect(progress(actor)).toMatchObject({ index: 3, total: 6 });
      actor.send({ type: 'PREVIOUS' });
      expect(snap(actor).context).toMatchObject({ currentId: 'other-names', draft: 'Yes' });
    });

    it('resumes on an unanswered question with an empty draft', () => {
      const { actor } = start({ answers: { 'email-address': EMAIL }, currentId: 'first-name' });
      expect(snap(actor).context).toMatchObject({ currentId: 'first-name', draft: '' });
    });

    it.each([
      { label: 'an unknown id', currentId: 'no-such-question' as string | null },
      { label: 'a question hidden by the answers', currentId: 'specify-other-names' },
      { label: 'no id', currentId: null },
    ])('falls back to the first question for $label', ({ currentId: stored }) => {
      const answers = { 'email-address': EMAIL, 'other-names': 'No', 'specify-other-names': 'M G' };
      const { actor } = start({ answers, currentId: stored });
      expect(progress(actor).index).toBe(0);
      expect(snap(actor).context).toMatchObject({ currentId: 'email-address', draft: EMAIL, answers });
    });
  });

  describe('when a conditional follows the last unconditional question', () => {
    // other-names is the last question the applicant sees until it is answered Yes.
    const TRAILING: Catalog = {
      ...TEST_CATALOG,
      questions: TEST_CATALOG.questions.filter((question) => ['email-address', 'other-names', 'specify-other-names'].includes(question.id)),
    };

    it('asks the conditional instead of submitting when the answer reveals it', async () => {
      const { actor, submitLead } = start({ catalog: TRAILING, answers: { 'email-address': EMAIL }, currentId: 'other-names' });
      expect(progress(actor).isLast).toBe(true);
      answer(actor, 'Yes');
      expect(answering(actor)).toBe(true);
      expect(currentId(actor)).toBe('specify-other-names');
      answer(actor, 'Maria Garcia');
      await waitFor(actor, submitted);
      expect(submitLead.mock.calls[0]![0].answers).toEqual({
        'email-address': EMAIL,
        'other-names': 'Yes',
        'specify-other-names': 'Maria Garcia',
      });
    });

    it('submits at once when the answer hides the conditional again', async () => {
      const { actor, submitLead } = start({
        catalog: TRAILING,
        answers: { 'email-address': EMAIL, 'other-names': 'Yes', 'specify-other-names': 'Maria Garcia' },
        currentId: 'other-names',
      });
      answer(actor, 'No');
      expect(snap(actor).hasTag('busy')).toBe(true);
      await waitFor(actor, submitted);
      expect(submitLead.mock.calls[0]![0].answers).toEqual({ 'email-address': EMAIL, 'other-names': 'No' });
    });
  });

  describe('when capturing the lead early (ESTA, spec 2-wizards §4.3)', () => {
    const esta = (input: Partial<WizardInput> = {}) => start({ catalog: estaCatalog, ...input });

    it('NEXT on email creates the lead; a new lead gets the Application Started toast', async () => {
      const { actor, captureLead, announceLeadStarted, persistProgress } = esta();
      answer(actor, EMAIL);
      expect(captureLead).toHaveBeenCalledTimes(1);
      expect(captureLead).toHaveBeenCalledWith({ email: EMAIL, firstName: '', lastName: '', formType: 'ESTA', nationality: '' });
      // The applicant is never held up by the capture.
      expect(answering(actor)).toBe(true);
      expect(currentId(actor)).toBe('first-name');

      await waitFor(actor, (s) => s.context.leadId === 'L1');
      expect(announceLeadStarted).toHaveBeenCalledTimes(1);
      expect(persistProgress).toHaveBeenLastCalledWith(expect.anything(), {
        answers: { email: EMAIL },
        currentId: 'first-name',
        leadId: 'L1',
        synced: {},
      });
    });

    it('keeps the lead id of an existing lead without the toast', async () => {
      const { actor, captureLead, announceLeadStarted } = esta();
      captureLead.mockResolvedValueOnce({ leadId: 'L7', existing: true });
      answer(actor, EMAIL);
      await waitFor(actor, (s) => s.context.leadId === 'L7');
      expect(announceLeadStarted).not.toHaveBeenCalled();
    });

    it('only logs a capture failure, and tries again on the first-name step', async () => {
      const { actor, captureLead, logSyncFailure, announceLeadStarted } = esta();
      const failure = new Error('500');
      captureLead.mockRejectedValueOnce(failure);
      answer(actor, EMAIL);
      await waitFor(actor, () => logSyncFailure.mock.calls.length > 0);
      expect(logSyncFailure).toHaveBeenCalledWith(expect.anything(), { error: failure });
      expect(answering(actor)).toBe(true);
      expect(snap(actor).context).toMatchObject({ currentId: 'first-name', error: null, leadId: null });
      expect(syncState(actor)).toBe('failed');
      expect(announceLeadStarted).not.toHaveBeenCalled();

      answer(actor, 'Maria');
      expect(captureLead).toHaveBeenCalledTimes(2);
      expect(captureLead).toHaveBeenLastCalledWith({ email: EMAIL, firstName: 'Maria', lastName: '', formType: 'ESTA', nationality: '' });
      await waitFor(actor, (s) => s.context.leadId === 'L1');
    });

    it('starts no second capture while one is in flight', async () => {
      const { actor, captureLead } = esta();
      const pending = deferred<{ leadId: string; existing: boolean }>();
      captureLead.mockReturnValueOnce(pending.promise);
      answer(actor, EMAIL);
      answer(actor, 'Maria');
      expect(currentId(actor)).toBe('last-name');
      expect(captureLead).toHaveBeenCalledTimes(1);
      pending.resolve({ leadId: 'L2', existing: false });
      await waitFor(actor, (s) => s.context.leadId === 'L2');
      // Once the lead exists, the first-name step does not create another.
      actor.send({ type: 'PREVIOUS' });
      actor.send({ type: 'NEXT' });
      await settle();
      expect(captureLead).toHaveBeenCalledTimes(1);
    });

    it('shows the capture as a state while it runs', async () => {
      const { actor, captureLead } = esta();
      const pending = deferred<{ leadId: string; existing: boolean }>();
      captureLead.mockReturnValueOnce(pending.promise);
      answer(actor, EMAIL);
      expect(syncState(actor)).toBe('capturing');
      expect(snap(actor).hasTag('saving')).toBe(true);
      expect(snap(actor).hasTag('busy')).toBe(false);
      pending.resolve({ leadId: 'L3', existing: false });
      await waitFor(actor, (s) => s.context.leadId === 'L3');
      expect(syncState(actor)).toBe('idle');
      expect(snap(actor).hasTag('saving')).toBe(false);
    });

    it('a submit waits for the update in flight, then completes the same lead with what is left', async () => {
      const answers = Object.fromEntries(estaCatalog.questions.map((x) => [x.id, answerFor(x)]));
      // The contact section ends on 'has-employer' for a traveller with no employer (the answers here).
      const { actor, updateLead, submitLead } = esta({ answers, currentId: 'has-employer', leadId: 'L5' });
      const pending = deferred<void>();
      updateLead.mockReturnValueOnce(pending.promise);
      actor.send({ type: 'NEXT' });
      expect(syncState(actor)).toBe('updating');
      const sent = updateLead.mock.calls[0]![0].changes;
      for (let i = 0; i < 20 && !snap(actor).hasTag('busy'); i += 1) actor.send({ type: 'NEXT' });
      expect(snap(actor).matches({ active: { flow: { submitting: 'waitingForSync' } } })).toBe(true);
      await settle();
      expect(submitLead).not.toHaveBeenCalled();
      pending.resolve();
      await waitFor(actor, submitted);
      expect(submitLead).toHaveBeenCalledTimes(1);
      const { leadId, changes } = submitLead.mock.calls[0]![0];
      expect(leadId).toBe('L5');
      // The update carried every answer kept from before; the submit sends only what it did not.
      expect(sent).toEqual(submittedAnswers(estaCatalog, answers));
      expect(changes).toEqual({});
    });

    it('NEXT on phone updates the lead with only what changed since the last sync, and the phone', async () => {
      const { actor, captureLead, updateLead, persistProgress } = esta();
      const earlier = shownBeforePhone();
      const answers = Object.fromEntries(earlier.map((x) => [x.id, answerFor(x)]));

      // Walk from email to phone: the lead is made on email, updated on the birth date as soon as it is answered (a
      // group's panel learns of a minor from it, issue 45), then at the end of each section.
      for (const question of earlier) {
        answer(actor, answers[question.id]!);
        expect(snap(actor).context.error, question.id).toBeNull();
        await settle();
      }
      expect(captureLead).toHaveBeenCalledTimes(1);
      expect(currentId(actor)).toBe('phone');
      const basic = earlier.filter((x) => x.section === 'basic').map((x) => x.id);
      const untilBirth = basic.slice(0, basic.indexOf('birth-date') + 1);
      const saves = [untilBirth, basic.filter((id) => !untilBirth.includes(id)), ...['passport'].map((section) => earlier.filter((x) => x.section === section).map((x) => x.id))];
      expect(updateLead).toHaveBeenCalledTimes(saves.length);
      saves.forEach((ids, call) => {
        expect(updateLead.mock.calls[call]![0], `save ${call}`).toEqual({ leadId: 'L1', changes: Object.fromEntries(ids.map((id) => [id, answers[id]])) });
      });
      // The contact section's answers before the phone (parents, home address) wait for the phone's update.
      const contact = Object.fromEntries(earlier.filter((x) => x.section === 'contact').map((x) => [x.id, answers[x.id]]));
      expect(Object.keys(contact)).toEqual(['father-family-name', 'father-first-name', 'mother-family-name', 'mother-first-name', 'home-address']);
      expect(snap(actor).context.synced).toEqual(Object.fromEntries(Object.entries(answers).filter(([id]) => !(id in contact))));

      answer(actor, PHONE);
      expect(updateLead).toHaveBeenCalledTimes(saves.length + 1);
      expect(updateLead).toHaveBeenLastCalledWith({ leadId: 'L1', changes: { ...contact, phone: PHONE }, phone: PHONE });
      await settle();
      expect(snap(actor).context.synced).toEqual({ ...answers, phone: PHONE });
      expect(persistProgress).toHaveBeenLastCalledWith(
        expect.anything(),
        expect.objectContaining({ leadId: 'L1', synced: { ...answers, phone: PHONE } }),
      );
    });

    it('updates a restored lead on the phone step', async () => {
      const earlier = shownBeforePhone();
      const answers = Object.fromEntries(earlier.map((x) => [x.id, answerFor(x)]));
      const { actor, captureLead, updateLead } = esta({ answers, currentId: 'phone', leadId: 'L5', synced: answers });
      answer(actor, PHONE);
      expect(captureLead).not.toHaveBeenCalled();
      expect(updateLead).toHaveBeenCalledWith({ leadId: 'L5', changes: { phone: PHONE }, phone: PHONE });
      await waitFor(actor, (s) => s.context.synced.phone === PHONE);
    });

    it('only logs an update failure, and sends the same changes with the next update', async () => {
      const earlier = shownBeforePhone();
      const answers = Object.fromEntries(earlier.map((x) => [x.id, answerFor(x)]));
      const { actor, updateLead, logSyncFailure, submitLead } = esta({ answers, currentId: 'phone', leadId: 'L5', synced: answers });
      const failure = new Error('502');
      updateLead.mockRejectedValueOnce(failure);
      answer(actor, PHONE);
      await waitFor(actor, () => logSyncFailure.mock.calls.length > 0);
      expect(logSyncFailure).toHaveBeenCalledWith(expect.anything(), { error: failure });
      expect(answering(actor)).toBe(true);
      expect(snap(actor).context).toMatchObject({ currentId: 'social-media', error: null, leadId: 'L5', synced: answers });

      // The contact section ends on has-employer (answered No): the unsent phone goes with that update; the travel
      // section's end sends the third.
      await walkToEnd(actor);
      expect(updateLead).toHaveBeenCalledTimes(3);
      expect(updateLead.mock.calls[2]![0].changes).not.toHaveProperty('phone');
      expect(updateLead.mock.calls[1]![0].changes).toMatchObject({ phone: PHONE });
      expect(updateLead.mock.calls[1]![0].phone).toBe(PHONE);
      await waitFor(actor, submitted);
      expect(submitLead.mock.calls[0]![0]).toMatchObject({ leadId: 'L5' });
    });
  });

  describe.each([
    { name: 'DS-160', catalog: ds160Catalog, total: 79 },
    { name: 'pre-assessment', catalog: preassessmentCatalog, total: 35 },
  ])('when the catalog has no early capture ($name)', ({ catalog, total }) => {
    it(`walks all ${total} questions and never captures or updates the lead`, async () => {
      const { actor, captureLead, updateLead, submitLead, logSyncFailure } = start({ catalog });
      expect(progress(actor).total).toBe(total);
      await walkToEnd(actor);
      // The DS-160 ends on the review of every answer; the submit is sent from there.
      if (snap(actor).hasTag('review')) actor.send({ type: 'SUBMIT' });
      await waitFor(actor, submitted);
      expect(captureLead).not.toHaveBeenCalled();
      expect(updateLead).not.toHaveBeenCalled();
      expect(logSyncFailure).not.toHaveBeenCalled();
      const sent = submitLead.mock.calls[0]![0];
      expect(sent.leadId).toBeNull();
      expect(Object.keys(sent.answers)).toHaveLength(catalog.questions.filter((x) => !x.dependsOn).length);
    });
  });

  describe('when validating by the catalog rule set', () => {
    it('ESTA: an email over 100 characters is too long', () => {
      const { actor } = start({ catalog: estaCatalog });
      const long = `${'a'.repeat(60)}@${'b'.repeat(40)}.com`;
      expect(long.length).toBeGreaterThan(100);
      answer(actor, long);
      expect(snap(actor).context.error?.key).toBe('validation.email.tooLong');
      expect(currentId(actor)).toBe('email');
    });

    it('DS-160: phone 12345 is too short', () => {
      const { actor } = start({ catalog: ds160Catalog, currentId: 'phone-number' });
      expect(currentId(actor)).toBe('phone-number');
      answer(actor, '12345');
      expect(snap(actor).context.error?.key).toBe('validation.phone.tooShort');
      expect(currentId(actor)).toBe('phone-number');
    });

    it('pre-assessment (basic): email abc gets the basic wording', () => {
      const { actor } = start({ catalog: preassessmentCatalog, currentId: 'email' });
      answer(actor, 'abc');
      expect(snap(actor).context.error?.key).toBe('validation.basic.email');
      expect(currentId(actor)).toBe('email');
    });
  });
});


describe('questionWizard, review and refusals', () => {
  /** The test catalog with a review section after its questions, as the DS-160 has. */
  const WITH_REVIEW: Catalog = { ...TEST_CATALOG, sections: [...TEST_CATALOG.sections, { id: 'review', titleKey: 'test.sections.review' }] };

  it('ends on the review, edits one answer from it and comes back, then submits from it', async () => {
    const { actor, submitLead } = start({ catalog: WITH_REVIEW });
    answerUntil(actor, 'final-check', NO_PATH);
    answer(actor, 'Yes');
    expect(snap(actor).hasTag('review')).toBe(true);
    expect(submitLead).not.toHaveBeenCalled();

    actor.send({ type: 'REVIEW.EDIT', questionId: 'first-name' });
    expect(snap(actor).matches({ active: { flow: 'revising' } })).toBe(true);
    expect(snap(actor).context).toMatchObject({ currentId: 'first-name', draft: 'Maria' });
    answer(actor, 'Lucia');
    expect(snap(actor).hasTag('review')).toBe(true);
    expect(snap(actor).context.answers['first-name']).toBe('Lucia');

    // A question hidden by the answers cannot be edited from the review.
    actor.send({ type: 'REVIEW.EDIT', questionId: 'specify-other-names' });
    expect(snap(actor).hasTag('review')).toBe(true);

    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, submitted);
    expect(submitLead.mock.calls[0]![0].answers['first-name']).toBe('Lucia');
  });

  it('asks what an edit from the review revealed before going back to it', () => {
    const { actor } = start({ catalog: WITH_REVIEW });
    answerUntil(actor, 'final-check', NO_PATH);
    answer(actor, 'Yes');
    actor.send({ type: 'REVIEW.EDIT', questionId: 'other-names' });
    answer(actor, 'Yes');
    expect(snap(actor).context.currentId).toBe('specify-other-names');
    answer(actor, 'Maria Garcia');
    expect(snap(actor).hasTag('review')).toBe(true);
  });

  it('goes to the question the server refused, with the message there', async () => {
    const { actor, submitLead, announceSubmitFailed } = start();
    submitLead.mockRejectedValueOnce(new FieldRefusal('first-name', 'Name must be less than 50 characters'));
    answerUntil(actor, 'final-check', NO_PATH);
    answer(actor, 'Yes');
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(snap(actor).context).toMatchObject({
      currentId: 'first-name',
      draft: 'Maria',
      // The local rule passes, so the server's own words are shown.
      error: { key: 'wizard:refused', params: { message: 'Name must be less than 50 characters' } },
    });
    expect(announceSubmitFailed).toHaveBeenCalledTimes(1);
  });

  it('lets an ESTA applicant whose passport needs a visa continue on the DS-160 with the shared answers', () => {
    const handOver = vi.fn();
    const answers = Object.fromEntries(estaCatalog.questions.slice(0, 9).map((x) => [x.id, answerFor(x)]));
    const machine = questionWizardMachine.provide({ actions: { handOver } });
    const actor = createActor(machine, { input: { catalog: estaCatalog, today: TODAY, answers, currentId: 'passport-country' } }).start();
    expect(actor.getSnapshot().can({ type: 'FORM.SWITCH' })).toBe(false);
    answer(actor, 'Mexico');
    expect(actor.getSnapshot().context.error).toEqual({ key: 'validation.esta.notWaiver', params: { country: 'Mexico' } });
    actor.send({ type: 'FORM.SWITCH' });
    expect(actor.getSnapshot().output).toMatchObject({ kind: 'switched', to: '/apply/wizard' });
    expect(handOver).toHaveBeenCalledWith(expect.anything(), {
      catalogId: 'ds160',
      answers: expect.objectContaining({ 'email-address': answers.email, 'first-name': answers['first-name'], nationality: 'Mexico', 'passport-country': 'Mexico' }),
    });
  });
});
