import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ADD_TRAVELLER_PARAM } from '../../../machines/domain/travellerGroup';
import { useTravellerGroup, type TravellerGroupRef } from '../../app/group/useTravellerGroup';
import { GroupPanel } from './GroupPanel';

/** The group panel of one lead; hands its machine to the page, which marks the answers the group filled in. */
export function GroupSide({ leadId, onGroup }: { leadId: string | null; onGroup?: (group: TravellerGroupRef | null) => void }) {
  const [searchParams] = useSearchParams();
  const group = useTravellerGroup(leadId, searchParams.get(ADD_TRAVELLER_PARAM) === '1');
  useEffect(() => {
    onGroup?.(group);
    return () => onGroup?.(null);
  }, [group, onGroup]);
  return <GroupPanel group={group} />;
}

