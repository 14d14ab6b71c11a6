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
