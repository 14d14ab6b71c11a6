import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { travellerPath } from '../../../machines/domain/travellerGroup';
import { travellerGroupMachine } from '../../../machines/travellerGroup.machine';
import { makeTravellerGroupActors } from '../../api/actors/travellerGroup';
import { fetchTransport } from '../../api/transport';
import { useLegacyFlow } from '../useLegacyFlow';

/**
 * The group panel's machine for the application on the page (issue 36), with the browser's side: the calls over
 * fetch, and a traveller opened in their own form's page. Keyed by the lead by its caller: a new lead, a new panel.
 */
export function useTravellerGroup(leadId: string | null, openAdd = false) {
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      travellerGroupMachine.provide({
        actors: makeTravellerGroupActors(fetchTransport),
        actions: { openTraveller: (_, { leadId: traveller, form }) => navigate(travellerPath(form, traveller)) },
      }),
    [navigate],
  );
  return useLegacyFlow(machine, { leadId, openAdd });
}

export type TravellerGroupRef = ReturnType<typeof useTravellerGroup>;
