import { useEffect, useRef } from 'react';
import { travellerGroupFlow, type TravellerGroupRef } from '../../../machines/travellerGroup.view';
import { useFlow } from '../../app/useFlow';
import { GroupPanel } from './GroupPanel';

/**
 * The group panel of one lead; hands its actor to the page, which marks the answers the group filled in. The birth
 * date the form has saved goes to the panel when it changes (the machine decides whether to read the group again).
 */
export function GroupSide({ leadId, savedBirthDate = '', onGroup }: { leadId: string | null; savedBirthDate?: string; onGroup?: (group: TravellerGroupRef | null) => void }) {
  const group = useFlow(travellerGroupFlow, { leadId });
  // Handing the actor up is visual wiring (the page reads which answers it filled in); it sends no event.
  useEffect(() => {
    onGroup?.(group);
    return () => onGroup?.(null);
  }, [group, onGroup]);
  // The panel read the group with what was saved when it opened: only a later change is news.
  const opened = useRef(savedBirthDate);
  useEffect(() => {
    if (savedBirthDate === opened.current) return;
    opened.current = savedBirthDate;
    group.send({ type: 'FORM.SAVED', birthDate: savedBirthDate });
  }, [group, savedBirthDate]);
  return <GroupPanel group={group} />;
}
