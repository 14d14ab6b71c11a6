// Its own module: the entry pages' check for an earlier visit (client/entryPages.ts) reads these before any page
// code loads, and must not bring the country list with it.

/** The session storage keys of spec 1-core §9. */
export const STORAGE_KEYS = {
  country: 'apply-country',
  purpose: 'apply-purpose',
  multipleCitizenship: 'apply-multiple-citizenship',
  otherCountry: 'apply-other-country',
  visaType: 'apply-visa-type',
} as const;

/** The start flow's choice as this tab keeps it (spec 1-core §9): raw, as stored; anything may be missing. */
export interface KeptStartChoice {
  country: string | null;
  purpose: string | null;
  multipleCitizenship: boolean;
  /** The second citizenship: only while the applicant says there is one. */
  otherCountry: string | null;
  visaType: string | null;
}

type Kept = (area: 'session', key: string) => string | null;

/** The one reader of the start choice: /visa-wizard, /apply, the summary and the forms they lead to read it here. */
export function keptStartChoice(kept: Kept): KeptStartChoice {
  const multipleCitizenship = kept('session', STORAGE_KEYS.multipleCitizenship) === 'true';
  return {
    country: kept('session', STORAGE_KEYS.country),
    purpose: kept('session', STORAGE_KEYS.purpose),
    multipleCitizenship,
    otherCountry: multipleCitizenship ? kept('session', STORAGE_KEYS.otherCountry) : null,
    visaType: kept('session', STORAGE_KEYS.visaType),
  };
}

/** Whether this tab keeps any of the choice (an entry page is then drawn afresh rather than hydrated). */
export const keepsStartChoice = (kept: Kept) => {
  const choice = keptStartChoice(kept);
  return choice.country !== null || choice.purpose !== null || choice.multipleCitizenship;
};

/** The one writer: what to store for the parts of the choice a screen changed (null removes one). */
export function storedStartChoice(choice: Partial<KeptStartChoice>): { type: 'store'; area: 'session'; values: Record<string, string | null> } {
  const parts: Array<[keyof typeof STORAGE_KEYS, string | null | undefined]> = [
    ['country', choice.country],
    ['purpose', choice.purpose],
    ['multipleCitizenship', choice.multipleCitizenship === undefined ? undefined : String(choice.multipleCitizenship)],
    ['otherCountry', choice.multipleCitizenship === false ? null : choice.otherCountry],
    ['visaType', choice.visaType],
  ];
  return { type: 'store', area: 'session', values: Object.fromEntries(parts.flatMap(([part, value]) => (value === undefined ? [] : [[STORAGE_KEYS[part], value]]))) };
}

/** Where a question wizard keeps its progress in local storage, per catalog (`rumbo-wizard-ds160`). */
export const wizardStorageKey = (catalogId: string) => `rumbo-wizard-${catalogId}`;

/** Where the ten-section DS-160 form keeps itself in this browser. */
export const DS160_FORM_STORAGE_KEY = 'rumbo-ds160-form';
