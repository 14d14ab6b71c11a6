import type { AnyEventObject } from 'xstate';
import type { Catalog, Question } from '../../machines/domain/questions';
import { validateAnswer } from '../../machines/domain/validators';
import { changedAnswers, progressOf, questionWizardMachine, type WizardContext } from '../../machines/questionWizard.machine';
import type { AnySnapshotLike, PathModel } from './models';

const TODAY = new Date().toISOString().slice(0, 10);

const yesNo = (id: string, extra: Partial<Question> = {}): Question => ({
  id,
  section: 'b',
  type: 'radio',
  required: true,
  labelKey: id,
  options: [
    { value: 'No', labelKey: 'no' },
    { value: 'Yes', labelKey: 'yes' },
  ],
  ...extra,
});

/**
 * A small catalog with every feature the machine handles: early capture, a conditional question,
 * an optional one, a section boundary and a phone step. The real catalogs are the same shape, only longer.
 */
export const pathCatalog: Catalog = {
  id: 'esta',
  formType: 'ESTA',
  rules: 'ds160',
  sections: [
    { id: 'a', titleKey: 'a' },
    { id: 'b', titleKey: 'b' },
  ],
  questions: [
    { id: 'email', section: 'a', type: 'email', required: true, labelKey: 'email' },
    { id: 'first-name', section: 'a', type: 'text', required: true, labelKey: 'first' },
    yesNo('other-names'),
    { id: 'specify-other-names', section: 'b', type: 'text', required: true, labelKey: 'specify', dependsOn: 'other-names', showWhen: 'Yes' },
    { id: 'phone', section: 'b', type: 'phone', required: true, labelKey: 'phone', validation: 'phone' },
  ],
  capture: { email: 'email', firstName: 'first-name', lastName: 'last-name', phone: 'phone', nationality: 'nationality' },
};


const ANSWERS: Record<string, string[]> = {
  email: ['ana@example.com', 'not-an-email'],
  'first-name': ['Ana'],
  'other-names': ['Yes', 'No'],
  'specify-other-names': ['Ana Maria'],
  phone: ['+34612345678'],
};

/**
 * Events offered in a state: the current question's answers, the moves, and each outcome (done or failed)
 * of the lead calls running at that moment, a capture finding a new lead or an existing one.
 */
function wizardEvents(snapshot: { context?: WizardContext; value?: unknown }): AnyEventObject[] {
  const context = snapshot.context as WizardContext;
  // A finished wizard stops its children and takes no more events.
  if (snapshot.value === 'submitted') return [];
  const question = progressOf(context).question;
  const failed = { error: new Error('refused') };
  const events: AnyEventObject[] = [
    ...(ANSWERS[question.id] ?? []).map((value) => ({ type: 'ANSWER.CHANGE', value })),
    { type: 'NEXT' },
    { type: 'PREVIOUS' },
  ];
  if (context.capturing) {
    events.push(
      { type: 'xstate.done.actor.captureLead', output: { leadId: 'captured', existing: false } },
      { type: 'xstate.done.actor.captureLead', output: { leadId: 'captured', existing: true } },
      { type: 'xstate.error.actor.captureLead', ...failed },
    );
  }
  if (context.pending) events.push({ type: 'xstate.done.actor.updateLead', output: {} }, { type: 'xstate.error.actor.updateLead', ...failed });
  if (snapshot.value === 'submitting') {
    events.push({ type: 'xstate.done.actor.submitLead', output: { leadId: 'submitted' } }, { type: 'xstate.error.actor.submitLead', ...failed });
  }
  return events;
}

/** What decides the wizard's next move: where it is, whether the input passes, and the lead calls in flight. */
function shape(s: AnySnapshotLike) {
  const c = s.context as WizardContext;
  const valid = validateAnswer(progressOf(c).question, c.draft, { rules: c.catalog.rules, answers: c.answers, today: c.today }) === null;
  return {
    value: s.value,
    at: c.currentId,
    valid,
    otherNames: c.answers['other-names'] ?? null,
    error: c.error !== null,
    lead: c.leadId !== null,
    capturing: c.capturing,
    pending: c.pending !== null,
    unsynced: Object.keys(changedAnswers(c.catalog, c.answers, c.synced)).length > 0,
    failed: c.submitFailed,
  };
}

export const questionWizardModel: PathModel = {
  cases: [
    { name: 'a new applicant', input: { catalog: pathCatalog, today: TODAY }, events: wizardEvents },
  ],
  sut: (_app, script) =>
    questionWizardMachine.provide({
      actors: { captureLead: script.actor(), updateLead: script.actor(), submitLead: script.actor() },
    }),
  scripted: true,
  // Typing and moving revisit the same snapshots in many orders; only the lead calls' outcomes each need their own path.
  nodePerTransition: (event) => event.type.startsWith('xstate.'),
  // The whole context but the fixed catalog: the merged snapshots are then really the same, so whole contexts compare.
  snapshotKey: (s) => {
    const { catalog: _catalog, today: _today, ...rest } = s.context as WizardContext;
    return JSON.stringify({ value: s.value, ...rest });
  },
  lastStepShape: (from, event, to) => {
    const { type, ...payload } = event as { type: string } & Record<string, unknown>;
    return JSON.stringify([shape(from), type, type.startsWith('xstate.') ? payload : null, shape(to)]);
  },
  compareContext: true,
};
