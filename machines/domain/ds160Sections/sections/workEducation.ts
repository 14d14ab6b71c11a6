import { validateNumber } from '../../validators';
import {
  DS160_FORM_MESSAGES as M,
  DS160_OPTIONS,
  OCCUPATIONS_WITHOUT_EMPLOYER,
  answerText,
  builder,
  type Ds160Condition,
  type Ds160Field,
  type Ds160SectionValues,
} from '../fields';
import { ADDRESS, NAME, ORGANISATION, both, latinName, notBefore, pastDate } from '../rules';

const work = builder('work-education');
/** Whether the current occupation has an employer whose details are asked (spec §4.5). */
export const hasCurrentEmployer = (values: Ds160SectionValues): boolean =>
  !OCCUPATIONS_WITHOUT_EMPLOYER.includes(answerText(values.currentOccupation));
const employed: Ds160Condition = (v) => hasCurrentEmployer(v);
const previousEmployer: Ds160Condition = (v) => answerText(v.previousEmployer) !== '';
export const workEducationFields: readonly Ds160Field[] = [
  work('currentOccupation', 'select', { required: true, options: DS160_OPTIONS.occupation }),
  work('currentEmployer', 'text', { required: true, ...ORGANISATION, visibleWhen: employed }),
  work('currentJobTitle', 'text', { required: true, visibleWhen: employed }),
  work('currentEmployerAddress', 'text', { required: true, ...ADDRESS, visibleWhen: employed }),
  work('currentEmployerCity', 'text', { required: true, visibleWhen: employed }),
  work('currentEmployerCountry', 'country', { required: true, visibleWhen: employed }),
  work('currentEmployerPhone', 'phone', { visibleWhen: employed }),
  work('currentSupervisorName', 'text', { ...NAME, rule: latinName, visibleWhen: employed }),
  work('currentJobStartDate', 'date', { required: true, rule: pastDate, visibleWhen: employed }),
  work('currentSalary', 'number', { hint: true, rule: (value) => validateNumber(value), visibleWhen: employed }),
  work('salaryCurrency', 'select', { options: DS160_OPTIONS.salaryCurrency, defaultValue: 'USD', visibleWhen: employed }),
  work('currentJobDescription', 'textarea', { visibleWhen: employed }),
  work('previousEmployer', 'text', { hint: true, ...ORGANISATION }),
  work('previousJobTitle', 'text', { visibleWhen: previousEmployer }),
  work('previousEmployerAddress', 'text', { ...ADDRESS, visibleWhen: previousEmployer }),
  work('previousEmployerCity', 'text', { visibleWhen: previousEmployer }),
  work('previousEmployerCountry', 'country', { visibleWhen: previousEmployer }),
  work('previousSupervisorName', 'text', { ...NAME, rule: latinName, visibleWhen: previousEmployer }),
  work('previousJobStartDate', 'date', { rule: pastDate, visibleWhen: previousEmployer }),
  work('previousJobEndDate', 'date', {
    rule: both(pastDate, notBefore('previousJobStartDate', M.endBeforeStart)),
    visibleWhen: previousEmployer,
  }),
  work('highestEducationLevel', 'select', { required: true, options: DS160_OPTIONS.education }),
  work('schoolName', 'text', { required: true, ...ORGANISATION }),
  work('schoolAddress', 'text', { ...ADDRESS }),
  work('schoolCity', 'text', { required: true }),
  work('schoolCountry', 'country', { required: true }),
  work('courseOfStudy', 'text'),
  work('schoolStartDate', 'date'),
  work('schoolEndDate', 'date', { rule: notBefore('schoolStartDate', M.endBeforeStart) }),
];
