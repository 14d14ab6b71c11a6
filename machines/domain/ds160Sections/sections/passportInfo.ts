import { DS160_TEXT_LIMITS, builder, yes, type Ds160Field } from '../fields';
import { passportExpiryDate, passportIssueDate, passportNumber, pastYear } from '../rules';

const passport = builder('passport-info');
const lostPassport = yes('hasLostPassport');
export const passportInfoFields: readonly Ds160Field[] = [
  passport('passportNumber', 'text', { required: true, hint: true, maxLength: DS160_TEXT_LIMITS.passportNumber, rule: passportNumber }),
  passport('passportIssuingCountry', 'country', { required: true }),
  passport('passportIssuingCity', 'text', { required: true }),
  passport('issuingAuthority', 'text', { required: true, hint: true }),
  passport('passportIssueDate', 'date', { required: true, rule: passportIssueDate }),
  passport('passportExpiryDate', 'date', { required: true, rule: passportExpiryDate }),
  passport('hasLostPassport', 'yesno', { required: true }),
  passport('lostPassportYear', 'number', { required: true, maxLength: DS160_TEXT_LIMITS.year, rule: pastYear, visibleWhen: lostPassport }),
  passport('lostPassportNumber', 'text', { maxLength: DS160_TEXT_LIMITS.passportNumber, rule: passportNumber, visibleWhen: lostPassport }),
  passport('lostPassportCountry', 'country', { visibleWhen: lostPassport }),
  passport('lostPassportDetails', 'textarea', { required: true, visibleWhen: lostPassport }),
  passport('hasOtherPassports', 'yesno', { required: true }),
  passport('otherPassportsDetails', 'textarea', { required: true, visibleWhen: yes('hasOtherPassports') }),
];
