import type { SnapshotFrom } from 'xstate';
import type { GroupDto, TravellerDto } from '../openapi/schemas/groups';
import { ROUTES } from './domain/routes';
import { ADD_TRAVELLER_PARAM, GUARDIAN_PARAM, needsGuardian } from './domain/travellerGroup';
import { defineFlow } from './flow';
import { travellerGroupMachine, type TravellerGroupContext } from './travellerGroup.machine';

export { COUNTRIES } from './domain/countries';
export { GUARDIAN_ROLES, RELATIONSHIPS } from './domain/travellerGroup';
export type { FlowActor } from './flow';

/**
 * The group panel of the application on the page (issue 36), keyed by its lead by the page: a new lead, a new panel.
 * `?add-traveller=1` (the dashboard's and the summary's 'Add a traveller') opens it ready to add one;
 * `?guardian=1` (the checkout's 'Add the parent or guardian') with the open minor's parent-or-guardian form.
 */
export const travellerGroupFlow = defineFlow({
  name: 'travellerGroup',
  machine: travellerGroupMachine,
  input: ({ search }, { leadId }: { leadId: string | null }) => ({ leadId, openAdd: search.get(ADD_TRAVELLER_PARAM) === '1', openGuardian: search.get(GUARDIAN_PARAM) === '1' }),
});

export type TravellerGroupRef = import('./flow').FlowActor<typeof travellerGroupFlow>;

/**
 * The answers the group filled in for this traveller and that they have not changed (issue 36), by path, as one
 * string (an unchanged list draws nothing again); empty without a group panel.
 */
export const prefilledOf = (leadId: string | null) => (s: SnapshotFrom<typeof travellerGroupMachine> | undefined) =>
  s?.context.group?.travellers.find((t) => t.leadId === leadId)?.prefilled.join('\n') ?? '';

/**
 * Whose form is open when it is not the leader's own (issue 45 item 9): that traveller's name, for the page's heading
 * and the questions that would say "your"; '' for the leader, or before the group is read.
 */
export const otherTravellerOf = (leadId: string | null) => (s: SnapshotFrom<typeof travellerGroupMachine> | undefined) => {
  const traveller = s?.context.group?.travellers.find((t) => t.leadId === leadId);
  return traveller && traveller.relationship !== 'leader' ? traveller.name : '';
};

/**
 * A form whose service the group says is paid (issue 45, the leader's own paid DS-160): it opens read-only under a
 * notice, as a paid traveller's opened from the panel does; the traveller's name for the notice ('' without one), or
 * null while the group does not list this form as paid (or is not read yet). The server refuses the writes anyway
 * (409 application_paid); this is what the page shows instead of fields that would be refused.
 */
export const paidInGroupOf = (leadId: string | null) => (s: SnapshotFrom<typeof travellerGroupMachine> | undefined) => {
  const traveller = leadId === null ? undefined : s?.context.group?.travellers.find((t) => t.leadId === leadId);
  return traveller?.paymentStatus === 'paid' ? traveller.name.trim() : null;
};

/** Whether the page offers its group panel: once the application has a lead, or when asked to add a traveller. */
export const offersGroup = (search: URLSearchParams) => search.has(ADD_TRAVELLER_PARAM);

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
