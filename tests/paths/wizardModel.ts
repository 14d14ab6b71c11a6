import type { FastifyInstance } from 'fastify';
import { fromPromise, type AnyEventObject } from 'xstate';
import type { Catalog, Question } from '../../machines/domain/questions';
import { progressOf, questionWizardMachine, type CaptureInput, type SubmitInput, type UpdateInput, type WizardContext } from '../../machines/questionWizard.machine';
import type { PathModel } from './models';

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

/** The same catalog under a form type the server refuses, so capture fails for real. */
const refusedCatalog: Catalog = { ...pathCatalog, formType: 'PRE-ASSESSMENT' };

const ANSWERS: Record<string, string[]> = {
  email: ['ana@example.com', 'not-an-email'],
  'first-name': ['Ana', ''],
  'other-names': ['Yes', 'No'],
  'specify-other-names': ['Ana Maria'],
  phone: ['+34612345678', '12'],
};

/** Events offered in a state: the current question's answers, moves, and only the outcomes that can happen there. */
function wizardEvents(snapshot: { context?: WizardContext; value?: unknown }): AnyEventObject[] {
  const context = snapshot.context as WizardContext;
  const question = progressOf(context).question;
  const events: AnyEventObject[] = [
    ...(ANSWERS[question.id] ?? []).map((value) => ({ type: 'ANSWER.CHANGE', value })),
    { type: 'NEXT' },
    { type: 'PREVIOUS' },
  ];
  if (context.capturing) {
    events.push({ type: 'xstate.done.actor.captureLead', output: { leadId: 'captured', existing: context.catalog === pathCatalog ? false : true } });
  }
  if (context.pending) events.push({ type: 'xstate.done.actor.updateLead', output: {} });
  if (snapshot.value === 'submitting') events.push({ type: 'xstate.done.actor.submitLead', output: { leadId: 'submitted' } });
  return events;
}

/** The wizard's actors on the real server, each path with its own session cookie. */
export function wizardSut(app: FastifyInstance, setup?: (call: Caller) => Promise<void>) {
  let cookie: string | undefined;
  const call: Caller = async (method, url, payload) => {
    const res = await app.inject({ method, url, payload: payload as never, headers: cookie ? { cookie } : {} });
    const set = res.cookies.find((c) => c.name === 'rumbo.sid');
    if (set) cookie = `rumbo.sid=${set.value}`;
    if (res.statusCode >= 400) throw new Error(`${res.statusCode}: ${res.body}`);
    return res.json();
  };
  const ready = setup ? setup(call) : Promise.resolve();
  return questionWizardMachine.provide({
    actors: {
      captureLead: fromPromise(async ({ input }: { input: CaptureInput }) => {
        await ready;
        return (await call('POST', '/api/leads/immediate', input)) as { leadId: string; existing: boolean };
      }),
      updateLead: fromPromise(({ input }: { input: UpdateInput }) =>
        call('PATCH', `/api/leads/${input.leadId}/update`, { formData: input.changes, ...(input.phone ? { phone: input.phone } : {}) }),
      ),
      submitLead: fromPromise(async ({ input }: { input: SubmitInput }) => {
        if (input.leadId) {
          await call('PATCH', `/api/leads/${input.leadId}/update`, { formData: input.changes, status: 'completed' });
          return { leadId: input.leadId };
        }
        const { id } = (await call('POST', '/api/leads', {
          email: input.answers.email,
          formType: 'ESTA',
          formData: input.answers,
          status: 'completed',
          source: 'path-test',
        })) as { id: string };
        return { leadId: id };
      }),
    },
  });
}

type Caller = (method: 'POST' | 'PATCH', url: string, payload: unknown) => Promise<unknown>;

const NOT_OURS = '00000000-0000-4000-8000-000000000000';

export const questionWizardModel: PathModel = {
  cases: [
    { name: 'a new applicant', input: { catalog: pathCatalog, today: TODAY }, events: wizardEvents },
    {
      name: 'a returning applicant whose lead this session already has',
      input: { catalog: { ...pathCatalog }, today: TODAY },
      events: wizardEvents,
      sut: (app) =>
        wizardSut(app, async (call) => {
          await call('POST', '/api/leads/immediate', { email: 'ana@example.com', formType: 'ESTA' });
        }),
    },
    {
      name: 'the server refuses the capture, the update and the submit',
      input: { catalog: refusedCatalog, today: TODAY, leadId: NOT_OURS, answers: { email: 'ana@example.com', 'first-name': 'Ana' }, currentId: 'other-names' },
      events: (snapshot) =>
        wizardEvents(snapshot).map((e) =>
          e.type.startsWith('xstate.done.actor.') ? { type: e.type.replace('done', 'error'), error: new Error('refused') } : e,
        ),
    },
    {
      name: 'a capture the server refuses',
      input: { catalog: refusedCatalog, today: TODAY },
      events: (snapshot) =>
        wizardEvents(snapshot)
          .filter((e) => e.type !== 'xstate.done.actor.submitLead')
          .map((e) => (e.type === 'xstate.done.actor.captureLead' ? { type: 'xstate.error.actor.captureLead', error: new Error('refused') } : e)),
    },
  ],
  sut: (app) => wizardSut(app),
  snapshotKey: (s) => {
    const c = s.context as WizardContext;
    return JSON.stringify({
      value: s.value,
      at: c.currentId,
      draft: c.draft,
      error: c.error?.key ?? null,
      answers: c.answers,
      lead: c.leadId !== null,
      capturing: c.capturing,
      pending: c.pending !== null,
      failed: c.submitFailed,
    });
  },
  compareContext: false,
  compareOutput: false,
};
