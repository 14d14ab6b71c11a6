import { DS160_FORM_MESSAGES as M, builder, isTicked, type Ds160Condition, type Ds160Field } from '../fields';
import { ADDRESS } from '../rules';

/** Home field → the mailing field 'same as home' copies it into. */
export const MAILING_COPY: Readonly<Record<string, string>> = {
  homeAddress: 'mailingAddress',
  homeCity: 'mailingCity',
  homeState: 'mailingState',
  homeCountry: 'mailingCountry',
  homePostalCode: 'mailingPostalCode',
};

const contact = builder('address-phone');
const separateMailing: Ds160Condition = (v) => !isTicked(v.sameAsHome);
export const addressPhoneFields: readonly Ds160Field[] = [
  contact('homeAddress', 'text', { required: true, hint: true, ...ADDRESS }),
  contact('homeCity', 'text', { required: true }),
  contact('homeState', 'text'),
  contact('homePostalCode', 'text', { maxLength: 20 }),
  contact('homeCountry', 'country', { required: true }),
  contact('sameAsHome', 'checkbox', { defaultValue: false }),
  contact('mailingAddress', 'text', { ...ADDRESS, visibleWhen: separateMailing }),
  contact('mailingCity', 'text', { visibleWhen: separateMailing }),
  contact('mailingState', 'text', { visibleWhen: separateMailing }),
  contact('mailingPostalCode', 'text', { maxLength: 20, visibleWhen: separateMailing }),
  contact('mailingCountry', 'country', { visibleWhen: separateMailing }),
  contact('primaryPhone', 'phone', { required: true, hint: true }),
  contact('secondaryPhone', 'phone'),
  contact('workPhone', 'phone'),
  // The spec names this message 'ds160.validation.email.required'.
  contact('emailAddress', 'email', { required: true, hint: true, requiredKey: M.emailRequired }),
];
