// What the chats collect (spec 3-ai §2.7, §4.6): five sections and twenty fields. The intelligent chat's progress
// is filled fields / 20; the final analysis and the lead read the same names.

export const CHAT_SECTIONS = {
  personal: ['firstName', 'lastName', 'dateOfBirth', 'nationality', 'maritalStatus'],
  contact: ['email', 'phone', 'address', 'city'],
  passport: ['passportNumber', 'passportCountry', 'passportIssueDate', 'passportExpiry'],
  travel: ['purpose', 'arrivalDate', 'departureDate', 'usAddress'],
  employment: ['occupation', 'employer', 'monthlyIncome'],
} as const;

export type ChatSection = keyof typeof CHAT_SECTIONS;
export type ChatField = (typeof CHAT_SECTIONS)[ChatSection][number];

export const CHAT_SECTION_ORDER = Object.keys(CHAT_SECTIONS) as ChatSection[];
export const CHAT_FIELDS: readonly ChatField[] = CHAT_SECTION_ORDER.flatMap((s) => [...CHAT_SECTIONS[s]]);

/** Spec 3-ai §9: the denominator is 20 fields, and the chat is complete at 90%. */
export const PROGRESS_DENOMINATOR = 20;
export const COMPLETE_AT = 90;

export function chatProgress(data: Readonly<Record<string, string | undefined>>): number {
  const filled = CHAT_FIELDS.filter((f) => (data[f] ?? '').trim() !== '').length;
  return Math.min(100, Math.round((filled / PROGRESS_DENOMINATOR) * 100));
}

export function isChatSection(value: string): value is ChatSection {
  return (CHAT_SECTION_ORDER as string[]).includes(value);
}

/** Which fields a filing needs, by form: an ESTA asks less than a visa. */
export const REQUIRED_FIELDS: Readonly<Record<'DS-160' | 'ESTA', readonly ChatField[]>> = {
  'DS-160': ['firstName', 'lastName', 'dateOfBirth', 'nationality', 'email', 'phone', 'address', 'passportNumber', 'passportExpiry', 'purpose', 'arrivalDate', 'occupation'],
  ESTA: ['firstName', 'lastName', 'dateOfBirth', 'nationality', 'email', 'passportNumber', 'passportExpiry', 'arrivalDate'],
};

/** Spec 3-ai §3: the form progress names each section's record so. */
export const SECTION_KEY = {
  personal: 'personalInfo',
  contact: 'contactInfo',
  passport: 'passportInfo',
  travel: 'travelInfo',
  employment: 'employmentInfo',
} as const satisfies Record<ChatSection, string>;

export type SectionRecords = { [K in (typeof SECTION_KEY)[ChatSection]]: Record<string, string> };

/** The five sections' fields as one record, each section read only for its own field names. */
export function sectionData(progress: SectionRecords): Partial<Record<ChatField, string>> {
  const data: Partial<Record<ChatField, string>> = {};
  for (const section of CHAT_SECTION_ORDER) {
    const values = progress[SECTION_KEY[section]];
    for (const field of CHAT_SECTIONS[section]) {
      const value = values[field];
      if (typeof value === 'string' && value.trim()) data[field] = value.trim();
    }
  }
  return data;
}
