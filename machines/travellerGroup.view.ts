import { ROUTES } from './domain/routes';
import { needsGuardian } from './domain/travellerGroup';
import type { GroupDto, TravellerDto } from '../openapi/schemas/groups';
import type { TravellerGroupContext } from './travellerGroup.machine';

// The panel's view of the group machine's context, beside the machine rather than in it: the panel renders these, the
// machine never reads them, so they are judged by the unit tests and the browser walk, not by the machine's paths.

/** Done means the traveller's form is complete (or paid), and a minor's parent or guardian given; anything else is in progress. */
export const isDone = (t: Pick<TravellerDto, 'completionStatus' | 'minor' | 'guardian'>) =>
  (t.completionStatus === 'completed' || t.completionStatus === 'paid') && !needsGuardian(t);

/** The panel's rows: each traveller, whether done, and which one is open. */
export function travellersOf(context: Pick<TravellerGroupContext, 'group' | 'leadId'>) {
  return (context.group?.travellers ?? []).map((t) => ({ ...t, done: isDone(t), needsGuardian: needsGuardian(t), open: t.leadId === context.leadId }));
}

/** Who may be the minor's parent or guardian among the travellers: anyone else of the group not known to be a minor. */
export const guardianChoices = (context: Pick<TravellerGroupContext, 'group' | 'guardianFor'>) =>
  (context.group?.travellers ?? []).filter((t) => t.leadId !== context.guardianFor && t.minor !== true);

/** The group's one checkout while any traveller has something to pay (issue 36); null otherwise. */
export const groupCheckoutLink = (group: GroupDto | null) =>
  group && group.travellers.some((t) => t.paymentStatus !== 'paid') ? `${ROUTES.checkout}?group=${group.id}` : null;
