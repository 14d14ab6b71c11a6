import { describe, expect, it } from 'vitest';
import {
  BIRTH_DATE_PATH,
  FORM_SOURCES,
  formOfSource,
  guardianErrors,
  isRelationship,
  needsGuardian,
  newTravellerErrors,
  relationBetween,
  rulePurpose,
  type Role,
} from '../../machines/domain/travellerGroup';

// The group rules Stryker found judged only by the path suites (machines/domain is now judged by its unit tests
// alone): each stated here in its own words, one test per kind of rule.

const COUNTRIES = new Set(['Spain', 'Mexico', 'United States']);
const isCountry = (name: string) => COUNTRIES.has(name);
const GOOD = { firstName: 'Lucia', lastName: 'Garcia', relationship: 'child', nationality: 'Spain' };

describe('the add form refuses each field in its own words', () => {
  it.each([
    [{}, {}],
    [{ firstName: '   ' }, { firstName: { key: 'validation.required' } }],
    [{ lastName: '' }, { lastName: { key: 'validation.required' } }],
    [{ lastName: ' \t ' }, { lastName: { key: 'validation.required' } }],
    [{ firstName: 'Люся' }, { firstName: { key: 'validation.name.latin' } }],
    [{ lastName: 'Гарсия' }, { lastName: { key: 'validation.name.latin' } }],
    [{ relationship: 'cousin' }, { relationship: { key: 'validation.required' } }],
    [{ relationship: '' }, { relationship: { key: 'validation.required' } }],
    [{ nationality: '  ' }, { nationality: { key: 'validation.required' } }],
    [{ nationality: 'Atlantis' }, { nationality: { key: 'group:add.countryInvalid' } }],
    [{ nationality: 'United States' }, { nationality: { key: 'group:add.usCitizen' } }],
  ])('%j → %j', (change, errors) => {
    expect(newTravellerErrors({ ...GOOD, ...change }, isCountry)).toEqual(errors);
  });

  it('knows a relationship only by its exact name', () => {
    expect(['spouse', 'child', 'parent', 'sibling', 'otherRelative', 'friend', 'colleague', 'groupMember'].every(isRelationship)).toBe(true);
    expect([' child', 'Child', 'leader', '', null, 3].some(isRelationship)).toBe(false);
  });
});

describe('how two travellers are related, every pair', () => {
  // Rows: `self`, each described by their relationship to the leader; columns: `other`, in the same order.
  const ROLES: Role[] = ['leader', 'spouse', 'child', 'parent', 'sibling', 'otherRelative', 'friend', 'colleague', 'groupMember'];
  const TABLE: Record<Role, string[]> = {
    leader: ['otherRelative', 'spouse', 'child', 'parent', 'sibling', 'otherRelative', 'friend', 'colleague', 'groupMember'],
    spouse: ['spouse', 'otherRelative', 'child', 'otherRelative', 'otherRelative', 'otherRelative', 'friend', 'friend', 'groupMember'],
    child: ['parent', 'parent', 'sibling', 'otherRelative', 'otherRelative', 'otherRelative', 'friend', 'friend', 'groupMember'],
    parent: ['child', 'otherRelative', 'otherRelative', 'spouse', 'child', 'otherRelative', 'friend', 'friend', 'groupMember'],
    sibling: ['sibling', 'otherRelative', 'otherRelative', 'parent', 'sibling', 'otherRelative', 'friend', 'friend', 'groupMember'],
    otherRelative: ['otherRelative', 'otherRelative', 'otherRelative', 'otherRelative', 'otherRelative', 'otherRelative', 'friend', 'friend', 'groupMember'],
    friend: ['friend', 'friend', 'friend', 'friend', 'friend', 'friend', 'friend', 'friend', 'groupMember'],
    colleague: ['colleague', 'friend', 'friend', 'friend', 'friend', 'friend', 'friend', 'colleague', 'groupMember'],
    groupMember: ['groupMember', 'groupMember', 'groupMember', 'groupMember', 'groupMember', 'groupMember', 'groupMember', 'groupMember', 'groupMember'],
  };
  it('matches the table', () => {
    const got = Object.fromEntries(ROLES.map((self) => [self, ROLES.map((other) => relationBetween(self, other))]));
    expect(got).toEqual(TABLE);
  });
});

describe("a minor's parent or guardian", () => {
  it('is needed by a minor without one, and by nobody else', () => {
    const guardian = { leadId: null, name: 'Ana Garcia', role: 'parent' as const };
    expect(needsGuardian({ minor: true, guardian: null })).toBe(true);
    expect(needsGuardian({ minor: true, guardian })).toBe(false);
    expect(needsGuardian({ minor: false, guardian: null })).toBe(false);
    expect(needsGuardian({ minor: null, guardian: null })).toBe(false);
  });

  it.each([
    [{ leadId: 'lead-1', role: 'parent' }, {}],
    [{ name: 'Ana Garcia', role: 'legalGuardian' }, {}],
    [{ leadId: 'lead-1' }, { role: { key: 'validation.required' } }],
    [{ leadId: 'lead-1', role: 'uncle' }, { role: { key: 'validation.required' } }],
    [{ role: 'parent' }, { name: { key: 'validation.required' } }],
    [{ name: '   ', role: 'parent' }, { name: { key: 'validation.required' } }],
    [{ name: `Ana ${'Garcia '.repeat(20)}`, role: 'parent' }, { name: { key: 'validation.fullName.tooLong' } }],
  ])('%j → %j', (guardian, errors) => {
    expect(guardianErrors(guardian)).toEqual(errors);
  });
});

describe("a traveller's form, from where their lead came from", () => {
  it('reads each source, and nothing else', () => {
    expect(FORM_SOURCES).toEqual({ ESTA: 'esta-wizard', 'DS-160': 'ds160-wizard' });
    expect([formOfSource('esta-wizard'), formOfSource('ds160-wizard'), formOfSource('wizard'), formOfSource('')]).toEqual(['ESTA', 'DS-160', null, null]);
    expect(BIRTH_DATE_PATH).toEqual({ ESTA: 'birth-date', 'DS-160': 'personal-info.birthDate' });
  });

  it('reads a purpose however it is written', () => {
    expect([rulePurpose(' Business '), rulePurpose('TRANSIT'), rulePurpose('Tourism'), rulePurpose('Study')]).toEqual(['business', 'transit', 'tourism', 'study']);
  });
});
