// A lead's saved DS-160 answers written out as the labelled lines the fact reader knows (issue 15: 'Use my saved
// application'), so saved and pasted data go through one reader and yield the same facts.

const LABELS: ReadonlyArray<[string, string]> = [
  ['firstName', 'Given Names'],
  ['lastName', 'Surnames'],
  ['nationality', 'Nationality'],
  ['maritalStatus', 'Marital Status'],
  ['tripPurpose', 'Purpose of Trip'],
  ['arrivalDate', 'Intended Date of Arrival'],
  ['departureDate', 'Date of Departure'],
  ['lengthOfStay', 'Intended Length of Stay'],
  ['whoIsPayingForTrip', 'Person Paying for Your Trip'],
  ['otherPayerDetails', 'Who is paying'],
  ['currentOccupation', 'Primary Occupation'],
  ['currentEmployer', 'Present Employer'],
  ['currentJobTitle', 'Job Title'],
  ['currentJobStartDate', 'Start Date'],
  ['currentSalary', 'Monthly Income'],
  ['hasOtherFamilyInUS', 'Relatives in the U.S.?'],
  ['otherFamilyDetails', 'Relatives details'],
  ['hasVisitedUS', 'Have you ever been in the U.S.?'],
  ['hasVisaDenied', 'Have you ever been refused a U.S. Visa?'],
];

/** Sections nest their fields ({ 'travel-info': { tripPurpose } }); the first value of a field wins. */
function flatten(value: unknown, into: Record<string, string> = {}): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return into;
  for (const [key, inner] of Object.entries(value)) {
    if (typeof inner === 'string' || typeof inner === 'number') {
      if (!Object.hasOwn(into, key) && String(inner).trim()) into[key] = String(inner).trim();
    } else flatten(inner, into);
  }
  return into;
}

export function savedFormText(formData: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(formData);
  } catch {
    return '';
  }
  const answers = flatten(parsed);
  return LABELS.filter(([field]) => Object.hasOwn(answers, field))
    .map(([field, label]) => `${label}${label.endsWith('?') ? '' : ':'} ${answers[field]}`)
    .join('\n');
}
