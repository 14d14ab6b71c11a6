import type { Catalog } from '../../../machines/domain/questions';
import { leadSyncMachine, type LeadSave } from '../../../machines/leadSync.machine';
import { FieldRefusal, updateInputOf, type Answers, type SubmitInput, type SubmitOutput } from '../../../machines/questionWizard.machine';
import { createLead, updateLead } from '../../../openapi/routes/leads';
import { call, HttpError } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';
import { leadSyncCalls } from './leadSync';

const joinName = (answers: Answers) => [answers['first-name'], answers['last-name']].filter(Boolean).join(' ');

/** Spec 2-wizards §4.2: the DS-160 lead goes in completed, payment pending. */
async function submitDs160(http: Transport, { answers }: SubmitInput): Promise<SubmitOutput> {
  const { id, checkout } = await call(http, createLead, {
    body: {
      name: joinName(answers),
      email: answers['email-address'] ?? '',
      phone: answers['phone-number'] ?? '',
      formType: 'DS-160',
      nationality: answers.nationality ?? '',
      travelPurpose: answers['purpose-of-trip'] ?? '',
      formData: answers,
      completionStatus: 'completed',
      paymentStatus: 'pending',
      source: 'apply-wizard',
    },
  });
  return { leadId: id, checkout };
}

/** Spec 2-wizards §4.3: a captured lead is completed (status, country, plan basic); without one, a full lead is made. */
async function submitEsta(http: Transport, { answers, changes, leadId }: SubmitInput): Promise<SubmitOutput> {
  const country = answers['passport-country'] ?? '';
  if (leadId) {
    const { checkout } = await call(http, updateLead, {
      params: { leadId },
      body: { formData: changes, status: 'completed', country, plan: 'basic' },
    });
    return { leadId, checkout };
  }
  const { id, checkout } = await call(http, createLead, {
    body: {
      name: joinName(answers),
      email: answers.email ?? '',
      phone: answers.phone ?? '',
      service: 'ESTA',
      country,
      plan: 'basic',
      formData: JSON.stringify(answers),
      status: 'completed',
      source: 'esta-wizard',
    },
  });
  return { leadId: id, checkout };
}

/** The pre-assessment lead: incomplete and unpaid until checkout (spec 1-core §4). */
async function submitPreassessment(http: Transport, { answers }: SubmitInput): Promise<SubmitOutput> {
  const { id, checkout } = await call(http, createLead, {
    body: {
      name: answers['full-name'] ?? '',
      email: answers.email ?? '',
      phone: answers.phone ?? '',
      formType: answers['form-type'] === 'ESTA' ? 'ESTA' : 'DS-160',
      nationality: answers.nationality ?? '',
      travelPurpose: answers['purpose-of-travel'] ?? '',
      formData: answers,
      completionStatus: 'incomplete',
      paymentStatus: 'unpaid',
      source: 'wizard',
    },
  });
  return { leadId: id, checkout };
}

const SUBMITTERS: Record<SubmitInput['catalog']['id'], (http: Transport, input: SubmitInput) => Promise<SubmitOutput>> = {
  ds160: submitDs160,
  esta: submitEsta,
  preassessment: submitPreassessment,
};

/** What a submit throws when the server refuses one answer (below): its callers, the path models too, tell it by its class. */
export { FieldRefusal };

/** The question behind each lead field a submit fills from the answers, per catalog. */
const FIELD_QUESTIONS: Record<SubmitInput['catalog']['id'], Record<string, string>> = {
  ds160: { name: 'first-name', email: 'email-address', phone: 'phone-number', nationality: 'nationality', travelPurpose: 'purpose-of-trip' },
  esta: { name: 'first-name', email: 'email', phone: 'phone', country: 'passport-country' },
  preassessment: { name: 'full-name', email: 'email', phone: 'phone', nationality: 'nationality', travelPurpose: 'purpose-of-travel' },
};

/**
 * A 400 naming one answer ("body.formData.birth-date: …", or a lead field filled from an answer) becomes a
 * FieldRefusal, so the wizard goes to that question and shows the message there instead of a dead end.
 */
function asRefusal(input: SubmitInput, err: unknown): unknown {
  if (!(err instanceof HttpError) || err.status !== 400 || !err.serverMessage) return err;
  const match = /^body\.(formData\.)?([\w-]+): (.*)$/.exec(err.serverMessage);
  if (!match) return err;
  const [, inAnswers, field, message] = match as unknown as [string, string | undefined, string, string];
  const questionId = inAnswers ? field : (Object.hasOwn(FIELD_QUESTIONS[input.catalog.id], field) ? FIELD_QUESTIONS[input.catalog.id][field] : undefined);
  return questionId && input.catalog.questions.some((q) => q.id === questionId) ? new FieldRefusal(questionId, message) : err;
}

/** The lead a catalog's wizard keeps in the background: early capture, then updates with flat answers and the phone. */
export function questionWizardSyncCalls(catalog: Catalog) {
  return (http: Transport) => ({
    capture: leadSyncCalls(http).capture,
    save: async (input: LeadSave): Promise<unknown> => {
      const { leadId, changes, phone } = updateInputOf(catalog, input);
      await call(http, updateLead, { params: { leadId }, body: { formData: changes, ...(phone ? { phone } : {}) } });
      return null;
    },
  });
}

/** The question wizard's server calls: each catalog's submit. */
export function questionWizardCalls(http: Transport) {
  return {
    submitLead: (input: SubmitInput) =>
      SUBMITTERS[input.catalog.id](http, input).catch((err: unknown) => {
        throw asRefusal(input, err);
      }),
  };
}

export const makeQuestionWizardActors = (http: Transport, catalog: Catalog) => ({
  ...actorsOf(questionWizardCalls, http),
  leadSync: leadSyncMachine.provide({ actors: actorsOf(questionWizardSyncCalls(catalog), http) }),
});
