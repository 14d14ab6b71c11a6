import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { travellerHandoverMachine, type Handover } from '../../../machines/travellerHandover.machine';
import { makeTravellerHandoverActors } from '../../api/actors/travellerHandover';
import { fetchTransport } from '../../api/transport';
import { useLegacyFlow } from '../useLegacyFlow';

export type { Handover };

/**
 * A traveller's form opened from the group panel (`?traveller=<lead>`, issue 36): the machine reads their answers
 * from the server; the page only says which traveller its address names.
 */
export function useTravellerHandover(traveller: string | null): Handover {
  const machine = useMemo(() => travellerHandoverMachine.provide({ actors: makeTravellerHandoverActors(fetchTransport) }), []);
  const ref = useLegacyFlow(machine, { leadId: traveller });
  useEffect(() => ref.send({ type: 'OPEN', leadId: traveller }), [ref, traveller]);
  const state = useSelector(ref, (s) => (s.matches('ready') ? 'ready' : s.matches('failed') ? 'failed' : s.matches('none') ? 'none' : 'loading'));
  const leadId = useSelector(ref, (s) => s.context.leadId);
  const formData = useSelector(ref, (s) => s.context.formData);
  return useMemo((): Handover => (state === 'ready' ? { state, leadId: leadId as string, formData: formData ?? {} } : { state }), [state, leadId, formData]);
}
