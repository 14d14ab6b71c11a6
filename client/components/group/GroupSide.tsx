import { useEffect } from 'react';
import { useTravellerGroup, type TravellerGroupRef } from '../../app/group/useTravellerGroup';
import { GroupPanel } from './GroupPanel';

/** The group panel of one lead; hands its machine to the page, which marks the answers the group filled in. */
export function GroupSide({ leadId, onGroup }: { leadId: string | null; onGroup?: (group: TravellerGroupRef | null) => void }) {
  const group = useTravellerGroup(leadId);
  useEffect(() => {
    onGroup?.(group);
    return () => onGroup?.(null);
  }, [group, onGroup]);
  return <GroupPanel group={group} />;
}

