import {
  DS160_OPTIONS,
  answerText,
  builder,
  isYes,
  yes,
  type Ds160Condition,
  type Ds160Field,
  type Ds160FormValues,
} from '../fields';
import { NAME, birthDate, latinName, parentBirthDate, pastDate } from '../rules';

const family = builder('family-info');
/** The spouse block shows only when personal-info's marital status is Married (spec §3.5). */
export const isMarried = (all: Ds160FormValues): boolean => answerText(all['personal-info']?.maritalStatus) === 'Married';
const married: Ds160Condition = (_values, all) => isMarried(all);

function parent(who: 'father' | 'mother'): Ds160Field[] {
  return [
    family(`${who}FirstName`, 'text', { required: true, ...NAME, rule: latinName }),
    family(`${who}LastName`, 'text', { required: true, ...NAME, rule: latinName }),
    family(`${who}BirthDate`, 'date', { required: true, rule: parentBirthDate }),
    family(`${who}BirthCountry`, 'country', { required: true }),
    family(`${who}InUS`, 'yesno', { required: true }),
    family(`${who}USStatus`, 'select', { required: true, options: DS160_OPTIONS.relativeStatus, visibleWhen: yes(`${who}InUS`) }),
  ];
}

export const familyInfoFields: readonly Ds160Field[] = [
  ...parent('father'),
  ...parent('mother'),
  family('spouseFirstName', 'text', { required: true, ...NAME, rule: latinName, visibleWhen: married }),
  family('spouseLastName', 'text', { required: true, ...NAME, rule: latinName, visibleWhen: married }),
  family('spouseBirthDate', 'date', { required: true, rule: birthDate, visibleWhen: married }),
  family('spouseBirthCountry', 'country', { required: true, visibleWhen: married }),
  family('spouseNationality', 'country', { required: true, visibleWhen: married }),
  family('spouseInUS', 'yesno', { required: true, visibleWhen: married }),
  family('spouseUSStatus', 'select', {
    required: true,
    options: DS160_OPTIONS.relativeStatus,
    visibleWhen: (v, all) => isMarried(all) && isYes(v, 'spouseInUS'),
  }),
  family('marriageDate', 'date', { required: true, rule: pastDate, visibleWhen: married }),
  family('marriageCountry', 'country', { required: true, visibleWhen: married }),
  family('hasOtherFamilyInUS', 'yesno', { required: true, hint: true }),
  family('otherFamilyDetails', 'textarea', { required: true, visibleWhen: yes('hasOtherFamilyInUS') }),
];
