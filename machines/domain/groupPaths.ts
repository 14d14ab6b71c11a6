// Where each traveller's form is (issue 36). Kept apart from the group's rules so a page that only links to a
// form (the summary, the dashboard) does not load the group's messages with its code.

import { ROUTES } from './routes';

type TravellerForm = 'ESTA' | 'DS-160';

export const TRAVELLER_PARAM = 'traveller';

/** The page that fills a traveller's form, opened on that traveller. */
export function travellerPath(form: TravellerForm, leadId: string): string {
  return `${form === 'ESTA' ? '/apply/esta-wizard' : '/ds160-wizard'}?${TRAVELLER_PARAM}=${leadId}`;
}

/** Set on a form's page opened as 'Add a traveller': the group panel opens its add form (once there is a lead). */
export const ADD_TRAVELLER_PARAM = 'add-traveller';

/** A form's page opened to add travellers: the applicant's own lead when there is one, else a new application. */
export function addTravellerPath(form: TravellerForm, leadId: string | null): string {
  const page = leadId ? travellerPath(form, leadId) : form === 'ESTA' ? '/apply/esta-wizard?' : '/ds160-wizard?';
  return `${page}${leadId ? '&' : ''}${ADD_TRAVELLER_PARAM}=1`;
}

/**
 * Where a checkout or a confirmation sends the applicant for her family (issue 45 items 2 and 22): the form she filled,
 * opened on her application (its answers come back from the server), and the same page with the add-traveller form
 * open. Null for a service without a traveller's form.
 */
export function familyPaths(service: string, leadId: string | null): { form: string; addFamily: string } | null {
  if (!leadId || (service !== 'ESTA' && service !== 'DS-160')) return null;
  return { form: travellerPath(service, leadId), addFamily: addTravellerPath(service, leadId) };
}

/** Set on a minor's form's page opened from the checkout's 'Add the parent or guardian': the panel opens that form. */
export const GUARDIAN_PARAM = 'guardian';

/** A minor's form's page with their group panel's parent-or-guardian form open (issue 45 item 10). */
export const guardianPath = (form: TravellerForm, leadId: string) => `${travellerPath(form, leadId)}&${GUARDIAN_PARAM}=1`;

/** Where a group's checkout is: one order for every traveller. */
export const groupCheckoutPath = (groupId: string) => `/checkout?group=${groupId}`;

/** Where a group's payment is confirmed again, with its receipt: the page the group's checkout ends on. */
export const groupPaymentPath = (paymentId: string) => `${ROUTES.paymentConfirmation}?groupPayment=${paymentId}`;

/** A traveller of a group, as a checkout or a confirmation lists them. */
interface PanelTraveller {
  leadId: string | null;
  service: string;
  relationship?: string;
}

/**
 * Where "Back to your panel" goes (issue 45 item 20): the dashboard for someone signed in; for a guest, whom the
 * dashboard would send to /login, the group's panel on a traveller's form (the leader's first, where the group was
 * made). The dashboard when no traveller has a form to open.
 */
export function panelPath(signedIn: boolean, travellers: readonly PanelTraveller[]): string {
  if (signedIn) return ROUTES.dashboard;
  const withForm = travellers.filter((t): t is PanelTraveller & { leadId: string; service: TravellerForm } => Boolean(t.leadId) && (t.service === 'ESTA' || t.service === 'DS-160'));
  const traveller = withForm.find((t) => t.relationship === 'leader') ?? withForm[0];
  return traveller ? travellerPath(traveller.service, traveller.leadId) : ROUTES.dashboard;
}
