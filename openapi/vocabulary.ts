// The words the API contract and the rules share: purposes of travel, how a traveller is related to a group's
// leader, a minor's guardian's role, and how many travellers a group takes. They live in the contract, the bottom
// room: machines/ and server/ import them from here, and the contract imports no runtime value from machines/
// (tests/domain/rooms.test.ts).

/** Why the applicant travels: what the visa rule reads (machines/domain/visaRules.ts). */
export const PURPOSES = ['tourism', 'business', 'transit', 'study'] as const;

/** How a traveller is related to the group leader (the leader is 'leader'). */
export const RELATIONSHIPS = ['spouse', 'child', 'parent', 'sibling', 'otherRelative', 'friend', 'colleague', 'groupMember'] as const;

/** A minor's parent or guardian's role. */
export const GUARDIAN_ROLES = ['parent', 'legalGuardian', 'relative', 'other'] as const;

/**
 * How many travellers a group takes. The official ESTA site takes group applications of up to 50 travellers with
 * one payer, so Rumbo takes as many. A DS-160 is a long personal form (79 to 99 answers) that ends in each
 * applicant's own consular interview: 12 covers a family or a small group filling their forms together; larger
 * groups (a school, a choir) are organised by their institution with the consulate, one applicant at a time.
 */
export const GROUP_LIMITS = { travellers: 50, ds160: 12 } as const;

/** The nonimmigrant visa classes whose application fee the government fees' schedule knows (issue 44). */
export const VISA_CLASSES = ['B', 'C', 'D', 'E', 'F', 'H', 'I', 'J', 'K', 'L', 'M', 'O', 'P', 'Q', 'R'] as const;

/** Whom an applicant's government fees are for: an ESTA, or a visa of one class. */
export const FEE_APPLICANTS = ['ESTA', ...VISA_CLASSES] as const;

/** What a government fee is charged for: the ESTA, one visa class, or every visa class ('VISA'). */
export const FEE_SUBJECTS = [...FEE_APPLICANTS, 'VISA'] as const;

/** The kinds of government fee: the ESTA's, a visa's application (MRV) fee, the visa integrity fee of Public Law 119-21. */
export const FEE_CODES = ['esta', 'application', 'integrity'] as const;

/** When the applicant pays a government fee, in the order an application meets them. */
export const FEE_MOMENTS = ['withApplication', 'beforeInterview', 'atIssuance'] as const;

/** The largest amount an admin may give a fee, in cents: well above any fee, low enough to catch a slip. */
export const MAX_FEE_CENTS = 1_000_000;
