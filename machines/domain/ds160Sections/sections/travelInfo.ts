import { DS160_OPTIONS, DS160_TEXT_LIMITS, PAYERS_WITH_DETAILS, answerText, builder, type Ds160Field } from '../fields';
import { ADDRESS, arrivalDate, departureDate, validateUsZipCode } from '../rules';

const travel = builder('travel-info');
export const travelInfoFields: readonly Ds160Field[] = [
  travel('tripPurpose', 'select', { required: true, options: DS160_OPTIONS.tripPurpose }),
  travel('otherPurpose', 'text', { required: true, visibleWhen: (v) => answerText(v.tripPurpose) === 'Other' }),
  travel('tripPlans', 'textarea', { required: true, hint: true }),
  travel('arrivalDate', 'date', { required: true, rule: arrivalDate }),
  travel('departureDate', 'date', { rule: departureDate }),
  travel('lengthOfStay', 'text', { required: true, hint: true, maxLength: 50 }),
  travel('usAddress', 'text', { required: true, hint: true, ...ADDRESS }),
  travel('usCity', 'text', { required: true }),
  travel('usState', 'select', { required: true, options: DS160_OPTIONS.usState }),
  travel('usZipCode', 'text', { required: true, hint: true, maxLength: DS160_TEXT_LIMITS.zip, rule: validateUsZipCode }),
  travel('whoIsPayingForTrip', 'select', { required: true, options: DS160_OPTIONS.payer }),
  travel('otherPayerDetails', 'textarea', {
    hint: true,
    visibleWhen: (v) => PAYERS_WITH_DETAILS.includes(answerText(v.whoIsPayingForTrip)),
  }),
];
