import { DS160_OPTIONS, builder, yes, type Ds160Field } from '../fields';
import { NAME, anyScriptName, birthDate, latinName } from '../rules';

const personal = builder('personal-info');
export const personalInfoFields: readonly Ds160Field[] = [
  personal('firstName', 'text', { required: true, hint: true, ...NAME, rule: latinName }),
  personal('middleName', 'text', { ...NAME, rule: latinName }),
  personal('lastName', 'text', { required: true, hint: true, ...NAME, rule: latinName }),
  personal('fullNameNative', 'text', { hint: true, ...NAME, rule: anyScriptName }),
  personal('otherNames', 'text', { hint: true, maxLength: 200 }),
  personal('gender', 'select', { required: true, options: DS160_OPTIONS.gender }),
  personal('maritalStatus', 'select', { required: true, options: DS160_OPTIONS.maritalStatus }),
  personal('birthDate', 'date', { required: true, rule: birthDate }),
  personal('birthCity', 'text', { required: true }),
  personal('birthCountry', 'country', { required: true }),
  personal('nationality', 'country', { required: true, hint: true }),
  personal('otherNationalities', 'yesno'),
  personal('otherNationalitiesDetails', 'textarea', { visibleWhen: yes('otherNationalities') }),
  personal('nationalIdNumber', 'text', { hint: true, maxLength: 30 }),
  personal('socialSecurityNumber', 'text', { hint: true, maxLength: 11 }),
  personal('selectedPlan', 'select', { options: DS160_OPTIONS.plan, defaultValue: 'basic' }),
];
