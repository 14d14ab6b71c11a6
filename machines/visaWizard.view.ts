// /visa-wizard's one door: the flow as the page opens it, and everything the page shows, already derived.
import type { SnapshotFrom } from 'xstate';
import { findCountry, flagOf } from './domain/countries';
import { keptStartChoice } from './domain/storageKeys';
import { defineFlow } from './flow';
import { recommendationOf, visaWizardMachine } from './visaWizard.machine';
import { ownEntry } from './domain/ownEntry';

type Snapshot = SnapshotFrom<typeof visaWizardMachine>;

/** The three steps, as the stepper names them. */
export const VISA_WIZARD_STEPS = ['step1', 'step2', 'step3'] as const;
export type VisaWizardStep = (typeof VISA_WIZARD_STEPS)[number];

const stepOf = (s: Snapshot): VisaWizardStep => VISA_WIZARD_STEPS.find((tag) => s.hasTag(tag)) ?? 'step3';

/** A reload (or a history entry) on step 2 or 3 resumes there, once the server has answered again. */
const RESUME: Record<string, 'recommended' | 'choosingMethod'> = { 2: 'recommended', 3: 'choosingMethod' };

export const visaWizardFlow = defineFlow({
  name: 'visaWizard',
  machine: visaWizardMachine,
  input: ({ language, kept, search }) => {
    const { country, purpose } = keptStartChoice(kept);
    return { language, country, purpose, resumeAt: ownEntry(RESUME, search.get('step') ?? '') ?? null };
  },
  // The step is in the address (?step=): Back and Forward move between steps; none while the recommendation loads.
  steps: {
    key: 'step',
    of: (s) => (s.hasTag('busy') ? null : VISA_WIZARD_STEPS.indexOf(stepOf(s)) + 1),
    back: { type: 'BACK' as const },
    forward: (s) => (s.hasTag('step1') ? { type: 'CONTINUE' as const } : { type: 'START' as const }),
  },
});

/** The two ways to apply on step 3, and the events that choose them. */
export const APPLICATION_METHODS = [
  { method: 'form', event: { type: 'METHOD.FORM' }, icon: '📝' },
  { method: 'chat', event: { type: 'METHOD.CHAT' }, icon: '💬' },
] as const;

export function visaWizardView(s: Snapshot) {
  const step = stepOf(s);
  const { facts, country, purpose, query } = s.context;
  const type = recommendationOf(s.context);
  const esta = type === 'ESTA';
  return {
    step,
    stepIndex: VISA_WIZARD_STEPS.indexOf(step),
    screen: s.hasTag('busy') ? ('loading' as const) : s.matches('recommendFailed') ? ('failed' as const) : s.matches('noDocumentNeeded') ? ('noDocument' as const) : step,
    query,
    country,
    flag: country ? flagOf(findCountry(country)?.code ?? '') : '',
    purpose,
    /** The server's recommendation and its facts, once it has answered for this choice. */
    facts,
    recommended: facts?.visaType ?? null,
    esta,
    /** The price story of what step 2 recommends: the ESTA, or a DS-160 from its first package. */
    price: facts?.price ? { price: facts.price, service: esta ? ('ESTA' as const) : ('DS-160' as const), product: esta ? ('esta' as const) : ('basic' as const), from: !esta } : null,
    canContinue: s.can({ type: 'CONTINUE' }),
  };
}
