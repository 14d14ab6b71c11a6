import { Type, type Static, type TSchema } from 'typebox';

// The applicant's facts as the premium interview reads them from pasted DS-160 data (issue 33). Every fact keeps
// `source`, the exact characters it was read from, so a question can quote it and a test can find it in the text;
// the typed parts (a kind, a date, a number of days) are what the rule book reasons with.

const fact = <P extends Record<string, TSchema>>(properties: P) =>
  Type.Object({ source: Type.String({ minLength: 1, description: 'The exact characters of the pasted text this fact was read from' }), ...properties });

export const SEXES = ['female', 'male'] as const;
export const MARITAL_KINDS = ['single', 'married', 'partner', 'divorced', 'separated', 'widowed'] as const;
export const PURPOSE_KINDS = ['tourism', 'business', 'study', 'course', 'work', 'medical', 'family', 'transit', 'other'] as const;
export const VISA_KINDS = ['B', 'F', 'J', 'M', 'H', 'C', 'other'] as const;
export const PAYER_KINDS = ['self', 'employer', 'family', 'other'] as const;
export const STANDING_KINDS = ['employee', 'self-employed', 'student', 'unemployed', 'retired', 'homemaker'] as const;
/** The DS-160's list of primary occupations. */
export const OCCUPATION_KINDS = [
  'agriculture', 'artist', 'business', 'communications', 'computer', 'culinary', 'education', 'engineering', 'government',
  'homemaker', 'legal', 'medical', 'military', 'naturalScience', 'notEmployed', 'physicalScience', 'religious', 'research',
  'retired', 'socialScience', 'student', 'other',
] as const;
export const RELATIONS = [
  'spouse', 'husband', 'wife', 'fiance', 'child', 'son', 'daughter', 'parent', 'father', 'mother', 'sibling', 'brother', 'sister',
  'uncle', 'aunt', 'cousin', 'cousinFemale', 'nephew', 'niece', 'grandfather', 'grandmother', 'relative',
] as const;
export const STATUSES = ['citizen', 'resident', 'nonimmigrant', 'student', 'worker', 'asylum', 'undocumented'] as const;
export const TIE_KINDS = ['children', 'property', 'business', 'studies', 'job'] as const;
/** What identifies the applicant on a document, each of which must read the same wherever it is written. */
export const IDENTITY_KINDS = ['name', 'birthDate', 'passportNumber'] as const;
/** The slots one statement can fill and another contradict: the identity's, and the applicant's own situation. */
/** `purpose` is what the applicant says they will do there in a sentence ('voy a trabajar en la obra de mi tío'): set against the visa asked for, not against another statement. */
/** `work` is how the applicant works: for themself ('soy autónomo') or for an employer ('mi jefe', 'en CDI'), which must agree. */
export const SLOT_KINDS = [...IDENTITY_KINDS, 'marital', 'children', 'tripLength', 'purpose', 'work'] as const;
/** Who the U.S. point of contact is to the applicant: a relative (with the relation), or someone else. */
export const CONTACT_KINDS = ['relative', 'friend', 'colleague', 'organization', 'hotel', 'school', 'employer', 'other'] as const;
/** A travel companion's relation to the applicant. */
export const COMPANION_RELATIONS = ['spouse', 'husband', 'wife', 'child', 'son', 'daughter', 'parent', 'father', 'mother', 'sibling', 'brother', 'sister', 'friend', 'colleague', 'relative', 'other'] as const;
/** What is known of a companion's own visa: refused before, none yet, or one in hand. */
export const COMPANION_STATUSES = ['refused', 'noVisa', 'hasVisa', 'overstayed', 'undocumented'] as const;

const kind = <const T extends string[]>(values: readonly [...T]) => Type.Enum(values);

export const RelativeSchema = fact({
  relation: kind(RELATIONS),
  status: Type.Optional(kind(STATUSES)),
  /** Named in an answer to the form's family question, rather than in passing. */
  declared: Type.Boolean(),
});

export const CompanionSchema = fact({
  relation: kind(COMPANION_RELATIONS),
  status: Type.Optional(kind(COMPANION_STATUSES)),
  /** Named in an answer to the form's companions question, rather than in passing. */
  declared: Type.Boolean(),
});

/**
 * One facts schema (issue 42): identity, the passport, employment, study, who pays, the trip, relatives and contacts
 * in the United States, earlier visits, refusals, overstays and companions. A declared answer (`usFamily`,
 * `previousVisits`, `refusals`, `overstaysDeclared`, `companionsDeclared`) is kept apart from what the text mentions
 * anywhere (`relatives`, `visits`, `refusalMentions`, `overstays`, `companions`), so a rule can set one against the other.
 */
export const ApplicantFactsSchema = Type.Object(
  {
    name: Type.Optional(fact({ parts: Type.Optional(Type.Array(Type.String(), { description: 'Given names, then surnames, each as written' })) })),
    sex: Type.Optional(fact({ kind: kind(SEXES) })),
    birthDate: Type.Optional(fact({ iso: Type.String({ format: 'date' }) })),
    nationality: Type.Optional(fact({ country: Type.String({ description: "The country's English name" }) })),
    marital: Type.Optional(fact({ kind: kind(MARITAL_KINDS) })),
    children: Type.Optional(fact({ count: Type.Integer({ minimum: 1 }) })),
    purpose: Type.Optional(fact({ kinds: Type.Array(kind(PURPOSE_KINDS), { minItems: 1 }) })),
    visaClass: Type.Optional(fact({ kind: kind(VISA_KINDS) })),
    arrival: Type.Optional(fact({ iso: Type.String({ format: 'date' }) })),
    departure: Type.Optional(fact({ iso: Type.String({ format: 'date' }) })),
    stay: Type.Optional(fact({ days: Type.Integer({ minimum: 1 }) })),
    course: Type.Optional(fact({ days: Type.Integer({ minimum: 1 }) })),
    passportIssue: Type.Optional(fact({ iso: Type.String({ format: 'date' }) })),
    passportExpiry: Type.Optional(fact({ iso: Type.String({ format: 'date' }) })),
    payer: Type.Optional(fact({ kind: kind(PAYER_KINDS) })),
    standing: Type.Optional(fact({ kind: kind(STANDING_KINDS) })),
    occupation: Type.Optional(fact({ kind: kind(OCCUPATION_KINDS) })),
    employer: Type.Optional(fact({})),
    role: Type.Optional(fact({})),
    jobSince: Type.Optional(fact({})),
    income: Type.Optional(fact({ monthly: Type.Number({ minimum: 0 }), currency: Type.Optional(Type.String()), salary: Type.Boolean({ description: 'Declared as pay from a job' }) })),
    budget: Type.Optional(fact({ amount: Type.Number({ minimum: 0 }), currency: Type.Optional(Type.String()) })),
    leave: Type.Optional(
      fact({
        days: Type.Integer({ minimum: 0, description: 'Calendar days of leave (working days counted as weeks); 0 when none is granted for the trip' }),
        onlyMonth: Type.Optional(Type.Integer({ minimum: 1, maximum: 12, description: "The one month leave is granted in ('férias só em dezembro'): none for a trip in another month" })),
      }),
    ),
    school: Type.Optional(fact({})),
    programme: Type.Optional(fact({})),
    /** The form's school answer says there is none ('N/A', 'NONE'): the words that say so. */
    noSchool: Type.Optional(fact({})),
    usAddress: Type.Optional(fact({})),
    contact: Type.Optional(fact({ kind: kind(CONTACT_KINDS), relation: Type.Optional(kind(RELATIONS)) })),
    usFamily: Type.Optional(fact({ has: Type.Boolean({ description: 'The declared answer: relatives in the United States or none' }) })),
    relatives: Type.Optional(Type.Array(RelativeSchema)),
    ties: Type.Optional(Type.Array(fact({ kind: kind(TIE_KINDS) }))),
    previousVisits: Type.Optional(fact({ has: Type.Boolean({ description: 'The declared answer: been to the United States before or never' }) })),
    visits: Type.Optional(Type.Array(fact({ year: Type.Optional(Type.Integer()), days: Type.Optional(Type.Integer({ minimum: 1 })) }))),
    overstays: Type.Optional(Type.Array(fact({ year: Type.Optional(Type.Integer()) }))),
    overstaysDeclared: Type.Optional(fact({ has: Type.Boolean({ description: 'The declared answer: stayed beyond the time allowed before, or never' }) })),
    companionsDeclared: Type.Optional(fact({ has: Type.Boolean({ description: 'The declared answer: others travel with the applicant, or no one' }) })),
    companions: Type.Optional(Type.Array(CompanionSchema)),
    refusals: Type.Optional(fact({ has: Type.Boolean({ description: 'The declared answer: refused a U.S. visa before or never' }) })),
    refusalMentions: Type.Optional(Type.Array(fact({ year: Type.Optional(Type.Integer()) }))),
    /** Every place the name, birth date or passport number is written, each read to a comparable value. */
    identities: Type.Optional(Type.Array(fact({ kind: kind(IDENTITY_KINDS), value: Type.String({ description: 'Folded name, ISO date or passport number' }) }))),
    /** Every statement of a slot wherever written (a label, a bullet, a sentence), read to a value compared per slot. */
    statements: Type.Optional(Type.Array(fact({ slot: kind(SLOT_KINDS), value: Type.String({ description: 'Normalised: folded name, ISO date, passport number, marital kind or spouse, count of children or some, days, work or study, self-employed or employee' }) }))),
    /** Every statement of who pays, labelled or in a sentence. */
    payers: Type.Optional(Type.Array(fact({ kind: kind(PAYER_KINDS), who: Type.Optional(Type.String({ description: 'The relative named as paying' })) }))),
    /** Every length given for an earlier visit, with its year when written beside it. */
    visitLengths: Type.Optional(Type.Array(fact({ days: Type.Integer({ minimum: 1 }), year: Type.Optional(Type.Integer()) }))),
    /** Words that say the applicant means to move or settle there, or is giving up what holds them at home. */
    moves: Type.Optional(Type.Array(fact({ givesUp: Type.Optional(Type.Boolean({ description: 'Giving up the home, the job or the business at home, rather than settling there' })) }))),
  },
  // Closed: a model's answer of another shape is refused and the built-in reading stands.
  { additionalProperties: false },
);

export type ApplicantFacts = Static<typeof ApplicantFactsSchema>;
export type FactKey = keyof ApplicantFacts;
export type Relative = Static<typeof RelativeSchema>;
export type Companion = Static<typeof CompanionSchema>;
export type ContactKind = (typeof CONTACT_KINDS)[number];
export type CompanionRelation = (typeof COMPANION_RELATIONS)[number];
export type MaritalKind = (typeof MARITAL_KINDS)[number];
export type PurposeKind = (typeof PURPOSE_KINDS)[number];
export type VisaKind = (typeof VISA_KINDS)[number];
export type PayerKind = (typeof PAYER_KINDS)[number];
export type StandingKind = (typeof STANDING_KINDS)[number];
export type OccupationKind = (typeof OCCUPATION_KINDS)[number];
export type RelationKind = (typeof RELATIONS)[number];
export type StatusKind = (typeof STATUSES)[number];
export type TieKind = (typeof TIE_KINDS)[number];
export type IdentityKind = (typeof IDENTITY_KINDS)[number];
export type SlotKind = (typeof SLOT_KINDS)[number];
/** A fact that stands alone (not one of a list). */
export type SingleKey = { [K in FactKey]: NonNullable<ApplicantFacts[K]> extends unknown[] ? never : K }[FactKey];
/** A fact of a list: a relative, a visit, a refusal mentioned. */
export type ListKey = Exclude<FactKey, SingleKey>;
