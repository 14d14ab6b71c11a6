import { useEffect, useMemo } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { Catalog } from '../../../machines/domain/questions';
import { toIsoDate } from '../../../machines/domain/validators';
import { progressOf, questionWizardMachine, type PersistedProgress, type WizardOutput } from '../../../machines/questionWizard.machine';
import { makeQuestionWizardActors } from '../../api/actors/questionWizard';
import { fetchTransport } from '../../api/transport';
import { useToast } from '../AppContext';
import { withStartChoice } from '../../../machines/domain/startCarry';
import { keptStartChoice } from '../startChoice';
import { useLegacyFlow } from '../useLegacyFlow';
import { useStepMoves } from '../useStepHistory';
import { warmDateInput } from '../warmDateInput';
import { whenIdle } from '../whenIdle';
import { readWizard, startWizardWith, writeWizard } from './storedProgress';

export interface WizardMessages {
  /** Toast after a successful submit, if any. */
  submitted?: { title: string; description?: string };
  submitFailed: { title: string; description?: string };
}

interface Options {
  catalog: Catalog;
  messages: WizardMessages;
  /** Whether the page follows the checkout the flow ends on, or shows its own completion card. */
  followCheckout: boolean;
  /** A traveller of a group opened from its panel (issue 36): their answers as the server holds them. */
  traveller?: { leadId: string; formData: Record<string, unknown> } | null;
}

/** Where the wizard is, counted from 1: a question, or the review after the last one; null while a submit runs. */
const placeOf = (s: SnapshotFrom<typeof questionWizardMachine>) =>
  s.status !== 'active' || s.hasTag('busy') ? null : s.hasTag('review') ? progressOf(s.context).total + 1 : progressOf(s.context).index + 1;

/**
 * Where the wizard starts: this browser's saved progress, or a group's traveller as the server holds them (their
 * saved progress here when it is theirs: it holds what is typed and not yet sent).
 */
function restoreFor(catalog: Catalog, traveller: Options['traveller']): Partial<PersistedProgress> {
  const saved = readWizard(catalog.id);
  if (!traveller || saved.leadId === traveller.leadId) return { ...saved, answers: withStartChoice(catalog.id, saved.answers ?? {}, keptStartChoice()) };
  const answers = Object.fromEntries(Object.entries(traveller.formData).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return { answers, leadId: traveller.leadId, synced: answers };
}

/**
 * Starts the generic question wizard for one catalog with the browser's side effects: answers kept in local
 * storage (a reload or a failed submit loses nothing), the lead calls over fetch, toasts.
 */
export function useQuestionWizard({ catalog, messages, followCheckout, traveller = null }: Options) {
  const toast = useToast();
  const machine = useMemo(
    () =>
      questionWizardMachine.provide({
        actors: makeQuestionWizardActors(fetchTransport, catalog),
        actions: {
          persistProgress: (_, progress: PersistedProgress) => writeWizard(catalog.id, progress),
          clearProgress: () => writeWizard(catalog.id, null),
          announceLeadStarted: () =>
            toast({
              title: 'wizard:toast.started.title',
              description: 'wizard:toast.started.description',
              params: { form: catalog.formType },
            }),
          announceSubmitted: () => messages.submitted && toast(messages.submitted),
          announceSubmitFailed: () => toast({ ...messages.submitFailed, variant: 'destructive' }),
          logSyncFailure: (_, { error }) => console.warn('Saving the application in the background failed', error),
          // The other form opens on its first question with what this one shares already filled in.
          handOver: (_, { catalogId, answers }) => startWizardWith(catalogId, answers),
        },
      }),
    // One machine for the page's lifetime: a page's catalog never changes.
    [catalog],
  );
  // The start flow's country and purpose fill the questions still empty (the answers given a step before).
  const restored = useMemo(() => restoreFor(catalog, traveller), [catalog, traveller]);
  const wizard = useLegacyFlow(machine, { catalog, today: toIsoDate(new Date()), ...restored }, (output) => {
    const { kind, to } = output as WizardOutput;
    return kind === 'switched' || followCheckout ? to : null;
  });
  // The question's place is in the URL (?q=), so the browser's Back and Forward move between questions; the
  // review comes after the last one. Nothing moves while a submit runs.
  useStepMoves('q', wizard, placeOf, {
    back: () => wizard.send({ type: 'PREVIOUS' }),
    forward: () => wizard.send({ type: 'NEXT' }),
  });
  useEffect(() => (catalog.questions.some((q) => q.type === 'date') ? whenIdle(warmDateInput) : undefined), [catalog]);
  return wizard;
}

export type QuestionWizardRef = ReturnType<typeof useQuestionWizard>;
