import { DS160_FORM_MESSAGES as M, DS160_OPTIONS, builder, list, rowBuilder, yes, type Ds160Field } from '../fields';
import { notBefore, pastDate } from '../rules';

const visitRow = rowBuilder('usVisits');
const previous = builder('previous-travel');
const hasVisa = yes('hasUSVisa');
export const previousTravelFields: readonly Ds160Field[] = [
  previous('hasVisitedUS', 'yesno', { required: true }),
  list('previous-travel', 'usVisits', [
    visitRow('arrivalDate', 'date', { required: true, rule: pastDate }),
    visitRow('departureDate', 'date', { rule: notBefore('arrivalDate', M.departureBeforeArrival) }),
    visitRow('lengthOfStay', 'text', { required: true, maxLength: 50 }),
    visitRow('purpose', 'select', { required: true, options: DS160_OPTIONS.tripPurpose }),
  ], yes('hasVisitedUS')),
  previous('hasUSVisa', 'yesno', { required: true }),
  previous('lastUSVisaNumber', 'text', { hint: true, maxLength: 20, visibleWhen: hasVisa }),
  previous('lastUSVisaIssueDate', 'date', { rule: pastDate, visibleWhen: hasVisa }),
  previous('lastUSVisaExpiryDate', 'date', { rule: notBefore('lastUSVisaIssueDate', M.visaExpiryBeforeIssue), visibleWhen: hasVisa }),
  previous('hasVisaDenied', 'yesno', { required: true }),
  previous('visaDenialDetails', 'textarea', { required: true, visibleWhen: yes('hasVisaDenied') }),
  previous('hasVisaCancelled', 'yesno', { required: true }),
  previous('visaCancelledDetails', 'textarea', { required: true, visibleWhen: yes('hasVisaCancelled') }),
  previous('hasBeenRefused', 'yesno', { required: true }),
  previous('refusalDetails', 'textarea', { required: true, visibleWhen: yes('hasBeenRefused') }),
  previous('hasBeenDeported', 'yesno', { required: true }),
  previous('deportationDetails', 'textarea', { required: true, visibleWhen: yes('hasBeenDeported') }),
];
