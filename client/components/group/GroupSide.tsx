import { useEffect } from 'react';
import { travellerGroupFlow, type TravellerGroupRef } from '../../../machines/travellerGroup.view';
import { useFlow } from '../../app/useFlow';
import { GroupPanel } from './GroupPanel';

/**
 * The group panel of one lead; hands its actor to the page, which marks the answers the group filled in. A birth date
 * the form beside it saves reaches the panel's flow from the form's machine (machines/domain/groupHandOff.ts).
 */
export function GroupSide({ leadId, onGroup }: { leadId: string | null; onGroup?: (group: TravellerGroupRef | null) => void }) {
  const group = useFlow(travellerGroupFlow, { leadId });
  // Handing the actor up is visual wiring (the page reads which answers it filled in); it sends no event.
  useEffect(() => {
    onGroup?.(group);
    return () => onGroup?.(null);
  }, [group, onGroup]);
  return <GroupPanel group={group} />;
}
