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
