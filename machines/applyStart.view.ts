// /apply's one door: the flow as the page opens it, and everything the page shows, already derived.
import type { SnapshotFrom } from 'xstate';
import { applyStartMachine } from './applyStart.machine';
import { keptStartChoice } from './domain/storageKeys';
import { defineFlow } from './flow';

export const applyStartFlow = defineFlow({
  name: 'applyStart',
  machine: applyStartMachine,
  input: ({ kept }) => {
    const { country, purpose, multipleCitizenship, otherCountry } = keptStartChoice(kept);
    return { country, purpose, multipleCitizenship, otherCountry };
  },
});

export function applyStartView(s: SnapshotFrom<typeof applyStartMachine>) {
  const { query, country, purpose, multipleCitizenship, otherQuery, otherCountry } = s.context;
  const canContinue = s.can({ type: 'CONTINUE' });
  return {
    query,
    country,
    purpose,
    multipleCitizenship,
    otherQuery,
    otherCountry,
    canContinue,
    /** What Continue still waits for: the second citizenship once the rest is given, else the country and purpose. */
    missing: canContinue ? null : multipleCitizenship && !otherCountry && country && purpose ? ('other' as const) : ('both' as const),
    busy: s.hasTag('busy'),
  };
}
