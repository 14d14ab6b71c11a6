import { useEffect, useMemo, useState } from 'react';
import type { TravellerGroupRef } from './useTravellerGroup';

const NONE: ReadonlySet<string> = new Set();

/**
 * The answers the group filled in for this traveller and that they have not changed (issue 36), by path: the form
 * marks each. Kept as one string while it is read, so an unchanged list draws nothing again.
 */
export function usePrefilledPaths(group: TravellerGroupRef | null, leadId: string | null): ReadonlySet<string> {
  const [list, setList] = useState('');
  useEffect(() => {
    if (!group) {
      setList('');
      return;
    }
    const read = () => group.getSnapshot().context.group?.travellers.find((t) => t.leadId === leadId)?.prefilled.join('\n') ?? '';
    setList(read());
    const sub = group.subscribe(() => setList(read()));
    return () => sub.unsubscribe();
  }, [group, leadId]);
  return useMemo(() => (list ? new Set(list.split('\n')) : NONE), [list]);
}
