import { addTraveller, createGroup, groupOfLead, removeTraveller, setGuardian } from '../../../openapi/routes/groups';
import type { NewTraveller } from '../../../machines/domain/travellerGroup';
import type { GuardianBody, NewTravellerBody } from '../../../openapi/schemas/groups';
import { call } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

/** Issue 36, families and groups: the group of the application on the page, and its travellers. */
export function travellerGroupCalls(http: Transport) {
  return {
    // An application that travels alone has no group: the server answers null.
    loadGroup: ({ leadId }: { leadId: string }) => call(http, groupOfLead, { params: { leadId } }),
    createGroup: ({ leadId }: { leadId: string }) => call(http, createGroup, { params: { leadId } }),
    // The relationship is one of the list's once the machine has checked the draft; the server checks it again.
    addTraveller: ({ groupId, traveller }: { groupId: string; traveller: NewTraveller }) =>
      call(http, addTraveller, { params: { groupId }, body: traveller as NewTravellerBody }),
    removeTraveller: ({ groupId, leadId }: { groupId: string; leadId: string }) => call(http, removeTraveller, { params: { groupId, leadId } }),
    setGuardian: ({ groupId, leadId, guardian }: { groupId: string; leadId: string; guardian: GuardianBody }) =>
      call(http, setGuardian, { params: { groupId, leadId }, body: guardian }),
  };
}

export const makeTravellerGroupActors = (http: Transport) => actorsOf(travellerGroupCalls, http);
