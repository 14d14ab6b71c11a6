import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ds160Catalog, estaCatalog, preassessmentCatalog } from '../../machines/domain/catalogs';
import { PREASSESSMENT_QUESTION_COUNT } from '../../machines/domain/catalogs/preassessment';
import { visibleQuestions, type Catalog } from '../../machines/domain/questions';

// Which questions the applicant sees, catalog by catalog (spec 2-wizards §3.2, §3.3, §4.1; 1-core §2.3).

type Answers = Record<string, string>;

const visibleIds = (catalog: Catalog, answers: Answers) => visibleQuestions(catalog, answers).map((q) => q.id);

/** Every id of the catalog that depends on `parent`. */
const dependentsOf = (catalog: Catalog, parent: string) =>
  catalog.questions.filter((q) => q.dependsOn === parent).map((q) => q.id);

/** Every question some other question depends on. */
const parentsOf = (catalog: Catalog) => [...new Set(catalog.questions.flatMap((q) => (q.dependsOn ? [q.dependsOn] : [])))];

/** The same answer for every conditional's parent. */
const allParents = (catalog: Catalog, value: string): Answers =>
  Object.fromEntries(parentsOf(catalog).map((id) => [id, value]));

describe('DS-160 conditionals (spec 2-wizards §3.2, §4.1)', () => {
  const CONDITIONALS: { parent: string; dependents: string[] }[] = [
    { parent: 'other-names', dependents: ['specify-other-names'] },
    { parent: 'travel-companions', dependents: ['companion-name', 'companion-relation', 'companion-has-visa'] },
    {
      parent: 'previously-employed',
      dependents: [
        'previous-employer-name',
        'previous-job-title',
        'previous-employer-address',
        'previous-supervisor-name',
        'previous-job-duties',
        'previous-job-start-date',
        'previous-job-end-date',
      ],
    },
    { parent: 'travel-last-five-years', dependents: ['countries-visited'] },
    { parent: 'organization-membership', dependents: ['organization-name'] },
    { parent: 'specialized-skills', dependents: ['specialized-skills-details'] },
    {
      parent: 'military-service',
      dependents: [
        'military-country',
        'military-branch',
        'military-rank',
        'military-specialty',
        'military-service-from',
        'military-service-to',
      ],
    },
  ];

  it('has exactly these conditionals, each shown on Yes', () => {
    expect(parentsOf(ds160Catalog)).toEqual(CONDITIONALS.map((c) => c.parent));
    for (const { parent, dependents } of CONDITIONALS) {
      expect(dependentsOf(ds160Catalog, parent)).toEqual(dependents);
      for (const id of dependents) {
        expect(ds160Catalog.questions.find((q) => q.id === id)?.showWhen).toBe('Yes');
      }
    }
  });

  describe.each(CONDITIONALS)('$dependents.0… on $parent', ({ parent, dependents }) => {
    it.each([
      { answer: 'Yes', shown: true },
      { answer: 'No', shown: false },
      { answer: '', shown: false },
      { answer: 'yes', shown: false },
    ])('answer "$answer" → shown: $shown', ({ answer, shown }) => {
      const ids = visibleIds(ds160Catalog, answer === '' ? {} : { [parent]: answer });
      for (const id of dependents) expect(ids.includes(id)).toBe(shown);
      // The parent itself is always asked.
      expect(ids).toContain(parent);
    });

    it('shows the dependents right after their parent, in catalog order', () => {
      const ids = visibleIds(ds160Catalog, { [parent]: 'Yes' });
      const at = ids.indexOf(parent);
      expect(ids.slice(at + 1, at + 1 + dependents.length)).toEqual(dependents);
    });

    it('does not depend on any other conditional', () => {
      const onlyThis = { ...allParents(ds160Catalog, 'No'), [parent]: 'Yes' };
      const ids = visibleIds(ds160Catalog, onlyThis);
      expect(ids.length).toBe(79 + dependents.length);
      for (const id of dependents) expect(ids).toContain(id);
    });
  });

  it('shows specify-other-names only when other-names is Yes', () => {
    expect(visibleIds(ds160Catalog, { 'other-names': 'Yes' })).toContain('specify-other-names');
    expect(visibleIds(ds160Catalog, { 'other-names': 'No' })).not.toContain('specify-other-names');
  });

  it('shows 79 questions with every conditional answered No', () => {
    expect(visibleQuestions(ds160Catalog, allParents(ds160Catalog, 'No'))).toHaveLength(79);
  });

  it('shows 79 questions before any conditional is answered', () => {
    expect(visibleQuestions(ds160Catalog, {})).toHaveLength(79);
  });

  it('shows all 99 questions with every conditional answered Yes', () => {
    expect(ds160Catalog.questions).toHaveLength(99);
    expect(visibleQuestions(ds160Catalog, allParents(ds160Catalog, 'Yes'))).toHaveLength(99);
  });

  it('counts the 20 conditional questions as the difference between all Yes and all No', () => {
    const hidden = CONDITIONALS.flatMap((c) => c.dependents);
    expect(hidden).toHaveLength(20);
    const allNo = visibleIds(ds160Catalog, allParents(ds160Catalog, 'No'));
    const allYes = visibleIds(ds160Catalog, allParents(ds160Catalog, 'Yes'));
    expect(allYes.filter((id) => !allNo.includes(id))).toEqual(hidden);
  });
});

// Issue 45 item 21: the official ESTA asks other citizenship's country and how it was acquired, the other passport's
// country and number, the employer only of who has one, and a U.S. point of contact only of who is not in transit.
describe('ESTA conditionals (spec 2-wizards §3.3, issue 45 item 21)', () => {
  const CONDITIONALS: { parent: string; when: readonly string[]; dependents: string[] }[] = [
    { parent: 'previous-passport', when: ['Yes'], dependents: ['previous-passport-country', 'previous-passport-number'] },
    { parent: 'other-citizenship', when: ['Yes'], dependents: ['other-citizenship-country', 'other-citizenship-how'] },
    { parent: 'has-employer', when: ['Yes'], dependents: ['current-occupation', 'employer', 'employer-address', 'employer-phone'] },
    { parent: 'purpose', when: ['tourism', 'business'], dependents: ['us-contact', 'us-contact-address', 'us-contact-phone'] },
  ];

  it('declares exactly these conditions', () => {
    expect(parentsOf(estaCatalog).sort()).toEqual(CONDITIONALS.map((c) => c.parent).sort());
    for (const { parent, dependents } of CONDITIONALS) expect(dependentsOf(estaCatalog, parent), parent).toEqual(dependents);
  });

  it('shows each dependent exactly when its parent holds one of its answers, whatever the other answers are', () => {
    const parentAnswer = fc.oneof(fc.constantFrom('Yes', 'No', 'tourism', 'business', 'transit', ''), fc.string());
    const answers = fc.record(Object.fromEntries(CONDITIONALS.map((c) => [c.parent, parentAnswer])) as Record<string, fc.Arbitrary<string>>);
    fc.assert(
      fc.property(answers, (given) => {
        const shown = new Set(visibleIds(estaCatalog, given));
        for (const { parent, when, dependents } of CONDITIONALS) {
          for (const id of dependents) expect(shown.has(id), `${id} after ${parent}=${JSON.stringify(given[parent])}`).toBe(when.includes(given[parent] ?? ''));
        }
        // Nothing else ever hides.
        const conditional = new Set(CONDITIONALS.flatMap((c) => c.dependents));
        for (const q of estaCatalog.questions) if (!conditional.has(q.id)) expect(shown.has(q.id), q.id).toBe(true);
      }),
    );
  });

  it('asks a family member with no employer, in transit, with one citizenship, 39 questions; one who has them all, 50', () => {
    const none = { 'previous-passport': 'No', 'other-citizenship': 'No', 'has-employer': 'No', purpose: 'transit' };
    const all = { 'previous-passport': 'Yes', 'other-citizenship': 'Yes', 'has-employer': 'Yes', purpose: 'tourism' };
    expect(visibleQuestions(estaCatalog, none)).toHaveLength(39);
    expect(visibleQuestions(estaCatalog, all)).toHaveLength(estaCatalog.questions.length);
    expect(estaCatalog.questions).toHaveLength(50);
  });
});

describe('pre-assessment has no conditionals (spec 1-core §2.3)', () => {
  it('declares no dependsOn', () => {
    expect(preassessmentCatalog.questions.filter((q) => q.dependsOn !== undefined)).toEqual([]);
  });

  const everyFirstOption = Object.fromEntries(
    preassessmentCatalog.questions.filter((q) => q.options?.length).map((q) => [q.id, q.options![0]!.value]),
  );
  const everyLastOption = Object.fromEntries(
    preassessmentCatalog.questions.filter((q) => q.options?.length).map((q) => [q.id, q.options!.at(-1)!.value]),
  );

  it.each([
    { label: 'no answers', answers: {} as Answers },
    { label: 'every choice on its first option', answers: everyFirstOption },
    { label: 'every choice on its last option', answers: everyLastOption },
  ])('always shows 35 questions ($label)', ({ answers }) => {
    expect(PREASSESSMENT_QUESTION_COUNT).toBe(35);
    expect(visibleQuestions(preassessmentCatalog, answers)).toHaveLength(35);
  });
});
