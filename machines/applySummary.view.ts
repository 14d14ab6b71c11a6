// /apply/summary's one door: the flow as the page opens it, and everything the page shows, already derived.
import type { SnapshotFrom } from 'xstate';
import { applySummaryMachine, chosenType } from './applySummary.machine';
import { keptStartChoice } from './domain/storageKeys';
import { defineFlow } from './flow';

export const applySummaryFlow = defineFlow({
  name: 'applySummary',
  machine: applySummaryMachine,
  input: ({ kept }) => {
    const { country, purpose, otherCountry } = keptStartChoice(kept);
    return { country, purpose, otherCountry };
  },
});

const SCREENS = ['loading', 'failed', 'missingChoice', 'noDocumentNeeded'] as const;

export function applySummaryView(s: SnapshotFrom<typeof applySummaryMachine>) {
  const { facts, changeType, otherCountry } = s.context;
  const esta = facts?.visaType === 'ESTA';
  return {
    screen: SCREENS.find((state) => s.matches(state)) ?? ('ready' as const),
    facts,
    /** The type APPLY NOW applies for. */
    type: chosenType(s.context),
    changeType,
    /** The switch shows while it can be used, and while it is on. */
    showSwitch: changeType || s.can({ type: 'TYPE.TOGGLE' }),
    /** With two citizenships the server answers for the more favourable one; the page says which when it is the second. */
    basedOnOther: facts !== null && otherCountry === facts.country,
    /** The price story of the type shown: the ESTA, or a DS-160 from its first package. */
    price: facts?.price ? { price: facts.price, service: esta ? ('ESTA' as const) : ('DS-160' as const), product: esta ? ('esta' as const) : ('basic' as const), from: !esta } : null,
    busy: s.hasTag('busy'),
  };
}
