import { DS160_FORM_MESSAGES as M, DS160_FORM_NAMESPACE as NS, builder, yes, type Ds160Field } from '../fields';

/** The 17 security questions in order, each with its detail box (16 have one; spec §3.5, §5.3). */
export const SECURITY_QUESTIONS: readonly (readonly [question: string, details: string | null])[] = [
  ['hasCommunicableDisease', 'diseaseDetails'],
  ['hasPhysicalMentalDisorder', 'disorderDetails'],
  ['isDrugAddict', null],
  ['hasBeenArrested', 'arrestDetails'],
  ['hasViolatedLaw', 'lawViolationDetails'],
  ['hasDrugViolations', 'drugViolationDetails'],
  ['hasEngagedTerrorism', 'terrorismDetails'],
  ['hasSupportedTerrorism', 'terrorismSupportDetails'],
  ['hasBeenTerroristMember', 'terroristMemberDetails'],
  ['hasViolatedImmigrationLaw', 'immigrationViolationDetails'],
  ['hasBeenDeported', 'deportationDetails'],
  ['hasBeenRemoved', 'removalDetails'],
  ['hasMilitaryService', 'militaryDetails'],
  ['hasServedInMilitia', 'militiaDetails'],
  ['hasWorkedForGovernment', 'governmentWorkDetails'],
  ['hasEngagedTrafficking', 'traffickingDetails'],
  ['hasAssistedTrafficking', 'assistedTraffickingDetails'],
];

const security = builder('security-background');
export const securityBackgroundFields: readonly Ds160Field[] = SECURITY_QUESTIONS.flatMap(([question, details]) => [
  security(question, 'yesno', {
    required: true,
    labelKey: `${NS}:fields.security.${question}.label`,
    requiredKey: M.securityRequired,
  }),
  ...(details
    ? [
        security(details, 'textarea', {
          required: true,
          labelKey: `${NS}:fields.security.details.label`,
          requiredKey: M.securityDetails,
          visibleWhen: yes(question),
        }),
      ]
    : []),
]);
