import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ds160Catalog, estaCatalog } from '../../machines/domain/catalogs';
import { DS160_SECTIONS } from '../../machines/domain/ds160Sections';
import type { Ds160FieldBase } from '../../machines/domain/ds160Sections/fields';
import { latinName, organisationName } from '../../machines/domain/ds160Sections/rules';
import type { Catalog, Question } from '../../machines/domain/questions';
import {
  LIMITS,
  hasNameRule,
  hasOrganisationRule,
  validateAnswer,
  validateOrganisationName,
} from '../../machines/domain/validators';

// Issue 45: an employer, a school, an organisation or a U.S. contact that may be a hotel or a company is not a person.
// "3M España S.L." was refused by the person-name rule. Every field of the DS-160 (both forms) and the ESTA that names
// an organisation gets the organisation-name rule, one validator on the client and the server (validateAnswer); the
// people's names keep theirs.

const TODAY = '2026-06-15';

/** Ids that name an organisation, in either form's spelling (kebab-case catalogs, camelCase ten-section form). */
const ORGANISATION_ID = /employer(?!.*(address|phone|city|country|state))|school-?name|organi[sz]ation-?name|hotel|company|sponsor|airline|^us-contact(-name)?$/i;
/** Ids that name a person: the applicant, a relative, a supervisor, a companion, the person paying. */
const PERSON_ID = /(^|-)(first|last|middle)-?name$|^(father|mother|spouse|companion|trip-payer|previous-supervisor)-name$|SupervisorName$|(First|Last)Name$/i;

function catalogFields(catalog: Catalog): Question[] {
  return catalog.questions.filter((q) => q.type === 'text' || q.type === 'textarea');
}

function tenSectionFields(): Ds160FieldBase[] {
  return DS160_SECTIONS.flatMap((s) => s.fields.flatMap((f): Ds160FieldBase[] => [f, ...(f.row ?? [])]));
}

const ctx = (catalog: Catalog) => ({ rules: catalog.rules, answers: {}, today: TODAY });

// Company names as families write them in the four languages: a word or two (accents included), perhaps a number,
// joined by the marks company names use, and a legal form.
const WORDS = ['Telefónica', 'España', 'Grupo', 'Bimbo', 'Société', 'Générale', 'Crédit', 'Agricole', 'Citroën', 'São',
  'Paulo', 'Açúcar', 'Construção', 'Müller', 'Niño', 'Hermanos', 'Frères', 'Irmãos', 'Acme', 'Global', 'Services', "O'Brien",
  'O’Neill', 'Sons', 'Café', 'Tacuba', 'Banco', 'Brasil', 'Boulangerie', 'Hôtel', 'Universidad', 'Autónoma', 'École'];
const SUFFIXES = ['S.L.', 'S.A.', 'S.A. de C.V.', 'Ltda.', 'SARL', 'SAS', 'S/A', 'Inc.', 'LLC', 'Ltd', 'GmbH', 'Cía.', '& Co.', '(Europe)', ''];
const JOINERS = [' ', ' & ', ', ', '-', ' / ', ' y ', ' et ', ' e '];

const companyName = fc
  .tuple(
    fc.option(fc.integer({ min: 1, max: 999 }), { nil: undefined }),
    fc.array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...JOINERS)), { minLength: 1, maxLength: 4 }),
    fc.constantFrom(...SUFFIXES),
  )
  .map(([number, words, suffix]) => {
    const body = words.map(([word, joiner], i) => (i === 0 ? word : `${joiner}${word}`)).join('');
    return [number === undefined ? '' : `${number}M`, body, suffix].filter(Boolean).join(' ');
  })
  .filter((name) => [...name].length <= LIMITS.organisationNameMax);

const FIXED_COMPANIES = ['3M', '3M España S.L.', "O'Brien & Sons", 'Telefónica S.A.', 'Petróleos Mexicanos', 'Banco do Brasil S/A',
  'Société Générale SARL', 'Siemens GmbH', 'Natura Cosméticos Ltda.', 'AT&T (Europe) Inc.', 'Hôtel du Louvre', 'UNAM'];

// People's names as the passport's machine-readable line allows them: A–Z, a space, a hyphen or an apostrophe inside.
const personName = fc
  .array(fc.stringMatching(/^[A-Z][a-z]{1,10}$/), { minLength: 1, maxLength: 3 })
  .chain((parts) => fc.constantFrom(' ', '-', "'").map((joiner) => parts.join(joiner)))
  .filter((name) => name.length >= LIMITS.nameMin && name.length <= LIMITS.nameMax);

describe('which fields name an organisation', () => {
  it.each([ds160Catalog, estaCatalog])('every organisation question of the $id catalog has the organisation rule, and no other', (catalog) => {
    const organisations = catalogFields(catalog).filter((q) => ORGANISATION_ID.test(q.id));
    expect(organisations.length).toBeGreaterThan(0);
    for (const q of catalogFields(catalog)) {
      expect({ id: q.id, organisation: hasOrganisationRule(q) }).toEqual({ id: q.id, organisation: ORGANISATION_ID.test(q.id) });
      if (hasOrganisationRule(q)) expect(hasNameRule(q)).toBe(false);
    }
  });

  it('every organisation field of the ten-section form has the organisation rule, and no other', () => {
    const fields = tenSectionFields().filter((f) => f.kind === 'text' || f.kind === 'textarea');
    expect(fields.filter((f) => ORGANISATION_ID.test(f.id)).map((f) => f.id).sort()).toEqual(
      ['currentEmployer', 'organizationName', 'previousEmployer', 'schoolName'],
    );
    for (const f of fields) expect({ id: f.id, organisation: f.rule === organisationName }).toEqual({ id: f.id, organisation: ORGANISATION_ID.test(f.id) });
  });

  it("the people's names keep the person-name rule", () => {
    const people = [...catalogFields(ds160Catalog), ...catalogFields(estaCatalog)].filter((q) => PERSON_ID.test(q.id));
    expect(people.length).toBeGreaterThan(5);
    for (const q of people) expect({ id: q.id, name: hasNameRule(q) }).toEqual({ id: q.id, name: true });
    const tenSectionPeople = tenSectionFields().filter((f) => PERSON_ID.test(f.id));
    expect(tenSectionPeople.length).toBeGreaterThan(5);
    for (const f of tenSectionPeople) expect({ id: f.id, latin: f.rule === latinName }).toEqual({ id: f.id, latin: true });
  });
});

describe('organisation names', () => {
  const catalogOrganisations = [ds160Catalog, estaCatalog].flatMap((c) => catalogFields(c).filter(hasOrganisationRule).map((q) => [c, q] as const));
  const tenSectionOrganisations = tenSectionFields().filter((f) => f.rule === organisationName);

  it('no company name in four languages is refused, in any organisation field of either form', () => {
    fc.assert(
      fc.property(fc.oneof(companyName, fc.constantFrom(...FIXED_COMPANIES)), (name) => {
        for (const [catalog, q] of catalogOrganisations) expect(validateAnswer(q, name, ctx(catalog))).toBeNull();
        for (const f of tenSectionOrganisations) {
          expect(f.rule?.(name, { today: TODAY, values: {}, all: {} })).toBeNull();
          expect([...name].length).toBeLessThanOrEqual(f.maxLength ?? Infinity);
        }
      }),
    );
  });

  it("a person's name is an organisation's name too (a U.S. contact may be a person), and still meets the person-name rule", () => {
    const people = [ds160Catalog, estaCatalog].flatMap((c) => catalogFields(c).filter(hasNameRule).map((q) => [c, q] as const));
    fc.assert(
      fc.property(personName, (name) => {
        expect(validateOrganisationName(name)).toBeNull();
        for (const [catalog, q] of people) expect(validateAnswer(q, name, ctx(catalog))).toBeNull();
      }),
    );
  });

  it("a person's field still refuses what only a company writes", () => {
    const first = ds160Catalog.questions.find((q) => q.id === 'first-name')!;
    fc.assert(
      fc.property(fc.constantFrom(...FIXED_COMPANIES.filter((n) => /[\d&.,/()]/.test(n))), (name) => {
        expect(validateAnswer(first, name, ctx(ds160Catalog))?.key).toBe('validation.name.invalid');
        expect(latinName(name, { today: TODAY, values: {}, all: {} })?.key).toBe('validation.name.invalid');
      }),
    );
  });

  it('refuses what is not a name, whatever string it meets', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 120 }), (text) => {
        const error = validateOrganisationName(text);
        const name = text.trim().normalize('NFC');
        const length = [...name].length;
        if (length < LIMITS.organisationNameMin) expect(error?.key).toBe('validation.organisation.tooShort');
        else if (length > LIMITS.organisationNameMax) expect(error?.key).toBe('validation.organisation.tooLong');
        else if (!/^[\p{L}\p{M}\p{Nd}\p{Zs}&.,'’\-/()]+$/u.test(name) || !/[\p{L}\p{Nd}]/u.test(name)) {
          expect(error?.key).toBe('validation.organisation.invalid');
        } else expect(error).toBeNull();
      }),
    );
    for (const odd of ['__proto__', '', '   ', '&&', 'X', '<b>Acme</b>', 'ventas@acme.com', 'Acme; DROP TABLE']) {
      expect(validateOrganisationName(odd)).not.toBeNull();
    }
  });
});
