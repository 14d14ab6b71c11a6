import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { CATALOGS, ds160Catalog, estaCatalog, getCatalog, preassessmentCatalog } from '../../machines/domain/catalogs';
import { COUNTRIES } from '../../machines/domain/countryList';
import { PHONE_RULES, phoneRuleFor } from '../../machines/domain/phoneRules';
import { visibleQuestions, type Catalog } from '../../machines/domain/questions';
import { toIsoDate, validateAnswer } from '../../machines/domain/validators';
import { completeAnswers } from '../helpers/answers';

const LOCALES = ['en', 'es', 'fr', 'pt'] as const;

type Tree = { readonly [key: string]: string | Tree };

const translations: Record<(typeof LOCALES)[number], Tree> = Object.fromEntries(
  LOCALES.map((lang) => [
    lang,
    JSON.parse(readFileSync(new URL(`../../locales/${lang}/catalog.json`, import.meta.url), 'utf8')) as Tree,
  ]),
) as Record<(typeof LOCALES)[number], Tree>;

/** 'catalog:ds160.q.first-name' → the string at ds160 → q → first-name, or undefined. */
function resolve(tree: Tree, key: string): string | undefined {
  if (!key.startsWith('catalog:')) return undefined;
  let node: string | Tree | undefined = tree;
  for (const part of key.slice('catalog:'.length).split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' && node.trim() !== '' ? node : undefined;
}

function keysOf(catalog: Catalog): string[] {
  const keys = catalog.sections.map((s) => s.titleKey);
  for (const q of catalog.questions) {
    keys.push(q.labelKey);
    if (q.hintKey) keys.push(q.hintKey);
    for (const o of q.options ?? []) keys.push(o.labelKey);
  }
  return keys;
}

const ALL = [ds160Catalog, estaCatalog, preassessmentCatalog];

describe('DS-160 catalog (spec 2-wizards §3.2)', () => {
  it('has the nine sections in order, review last and empty', () => {
    expect(ds160Catalog.sections.map((s) => s.id)).toEqual([
      'applicant',
      'passport',
      'contact',
      'trip',
      'uscontact',
      'family',
      'employment',
      'security',
      'review',
    ]);
    expect(ds160Catalog.questions.filter((q) => q.section === 'review')).toHaveLength(0);
  });

  it('keeps the spec ids in order, section by section', () => {
    const ids = (section: string) => ds160Catalog.questions.filter((q) => q.section === section).map((q) => q.id);
    expect(ids('applicant')).toEqual([
      'email-address', 'first-name', 'last-name', 'native-name', 'other-names', 'specify-other-names', 'telecode',
      'gender', 'marital-status', 'birth-date', 'birth-city', 'birth-state', 'birth-country', 'nationality',
    ]);
    expect(ids('passport')).toEqual([
      'passport-type', 'passport-number', 'passport-book-number', 'passport-country', 'passport-issue-date',
      'passport-expiry-date', 'passport-lost',
    ]);
    expect(ids('contact')).toEqual([
      'home-address-1', 'home-address-2', 'home-city', 'home-state', 'home-postal-code', 'home-country', 'phone-number',
    ]);
    expect(ids('trip')).toEqual([
      'purpose-of-trip', 'intended-arrival-date', 'intended-length', 'us-address', 'trip-payer-name',
      'trip-payer-phone', 'trip-payer-email', 'trip-payer-address', 'travel-companions', 'companion-name',
      'companion-relation', 'companion-has-visa',
    ]);
    expect(ids('uscontact')).toEqual(['us-contact-name', 'us-contact-address', 'us-contact-phone', 'us-contact-relationship']);
    expect(ids('family')).toEqual(['father-name', 'father-birth-date', 'mother-name', 'mother-birth-date', 'spouse-name']);
    expect(ids('employment').slice(0, 7)).toEqual([
      'current-occupation', 'employer-name', 'employer-address', 'employer-phone', 'monthly-salary', 'job-duties',
      'previously-employed',
    ]);
    expect(ids('employment')).toContain('interview-language');
  });

  it('lists every id the spec names (99; the spec headline says "about 120")', () => {
    expect(ds160Catalog.questions).toHaveLength(99);
    expect(ds160Catalog.questions.length).toBeGreaterThanOrEqual(95);
    expect(ds160Catalog.questions.length).toBeLessThanOrEqual(130);
  });

  it('has 21 required security yes/no questions, options No then Yes', () => {
    const security = ds160Catalog.questions.filter((q) => q.section === 'security');
    expect(security).toHaveLength(21);
    for (const q of security) {
      expect(q.required).toBe(true);
      expect(q.type).toBe('radio');
      expect(q.options?.map((o) => o.value)).toEqual(['No', 'Yes']);
    }
  });

  it('offers 34 occupations from Accountant to Other', () => {
    const occupation = ds160Catalog.questions.find((q) => q.id === 'current-occupation');
    const values = occupation?.options?.map((o) => o.value) ?? [];
    expect(values).toHaveLength(34);
    expect(values[0]).toBe('Accountant');
    expect(values[33]).toBe('Other');
  });

  it('uses the spec option values', () => {
    const values = (id: string) => ds160Catalog.questions.find((q) => q.id === id)?.options?.map((o) => o.value);
    expect(values('gender')).toEqual(['Female', 'Male']);
    expect(values('passport-type')?.[0]).toBe('Regular/Tourist');
    expect(values('intended-length')?.[0]).toBe('Less than 30 days');
    expect(values('interview-language')).toEqual(['English', 'Hindi', 'Marathi', 'Gujarati', 'Spanish', 'French', 'Other']);
  });

  it('shows the conditional questions only after a Yes', () => {
    const base = visibleQuestions(ds160Catalog, {}).map((q) => q.id);
    expect(base).not.toContain('specify-other-names');
    expect(base).not.toContain('military-rank');
    const withYes = visibleQuestions(ds160Catalog, { 'other-names': 'Yes', 'military-service': 'Yes' }).map((q) => q.id);
    expect(withYes).toContain('specify-other-names');
    expect(withYes).toContain('military-rank');
  });
});

describe('ESTA catalog (spec 2-wizards §3.3, with the official application\'s fields, issue 45 item 21)', () => {
  it('has 5 sections in the official order and every id, the official ones where the site asks them', () => {
    expect(estaCatalog.sections.map((s) => s.id)).toEqual(['basic', 'passport', 'contact', 'travel', 'eligibility']);
    expect(estaCatalog.questions.map((q) => q.id)).toEqual([
      'email', 'first-name', 'last-name', 'other-names', 'birth-date', 'birth-city', 'birth-country', 'gender',
      'passport-type', 'passport-number', 'passport-country', 'national-id-number', 'passport-issue-date', 'passport-expiry',
      'previous-passport', 'previous-passport-country', 'previous-passport-number',
      'other-citizenship', 'other-citizenship-country', 'other-citizenship-how',
      'father-family-name', 'father-first-name', 'mother-family-name', 'mother-first-name',
      'home-address', 'phone', 'social-media',
      'has-employer', 'current-occupation', 'employer', 'employer-address', 'employer-phone',
      'first-travel', 'purpose', 'us-contact', 'us-contact-address', 'us-contact-phone',
      'emergency-contact', 'emergency-email', 'emergency-phone',
      'communicable-disease', 'criminal-conviction', 'drug-violation', 'terrorism-activities', 'fraud-misrepresentation',
      'seeking-employment', 'visa-denial', 'overstay-violation', 'travel-restricted-countries', 'child-custody',
    ]);
  });

  it('asks the eligibility questions as required No/Yes radios, the official nine first and in the site\'s order', () => {
    const eligibility = estaCatalog.questions.filter((q) => q.section === 'eligibility');
    expect(eligibility).toHaveLength(10);
    for (const q of eligibility) {
      expect(q.required).toBe(true);
      expect(q.options?.map((o) => o.value)).toEqual(['No', 'Yes']);
    }
    expect(eligibility.map((q) => q.id).indexOf('seeking-employment')).toBe(5);
  });

  it('stores the purposes the visa rule understands', () => {
    const purpose = estaCatalog.questions.find((q) => q.id === 'purpose');
    expect(purpose?.options?.map((o) => o.value)).toEqual(['tourism', 'business', 'transit']);
  });

  it('asks how another citizenship was acquired with the official choices', () => {
    const how = estaCatalog.questions.find((q) => q.id === 'other-citizenship-how');
    expect(how?.options?.map((o) => o.value)).toEqual(['By birth', 'Through parents', 'Naturalized', 'Other']);
  });

  it('quotes the restricted countries question as the official form asks it: Cuba since 2021, the others since 2011', () => {
    expect(resolve(translations.en, 'catalog:esta.q.travel-restricted-countries')).toBe(
      'Have you traveled to, or been present in, Iran, Iraq, Libya, North Korea, Somalia, Sudan, Syria or Yemen on or after March 1, 2011, or in Cuba on or after January 12, 2021?',
    );
    // Every language names the nine countries and both dates (a translation that drops one misleads a family).
    const NAMES = {
      en: ['Cuba', 'North Korea', 'Iran', 'Iraq', 'Libya', 'Somalia', 'Sudan', 'Syria', 'Yemen', '2011', '2021'],
      es: ['Cuba', 'Corea del Norte', 'Irán', 'Irak', 'Libia', 'Somalia', 'Sudán', 'Siria', 'Yemen', '2011', '2021'],
      fr: ['Cuba', 'Corée du Nord', 'Iran', 'Irak', 'Libye', 'Somalie', 'Soudan', 'Syrie', 'Yémen', '2011', '2021'],
      pt: ['Cuba', 'Coreia do Norte', 'Irã', 'Iraque', 'Líbia', 'Somália', 'Sudão', 'Síria', 'Iêmen', '2011', '2021'],
    } as const;
    for (const [language, names] of Object.entries(NAMES)) {
      const text = resolve(translations[language as keyof typeof NAMES], 'catalog:esta.q.travel-restricted-countries');
      for (const name of names) expect(text, `${language}: ${name}`).toContain(name);
    }
  });
});

describe('pre-assessment catalog (/wizard)', () => {
  it('has exactly 35 questions, all always visible, form type first', () => {
    expect(preassessmentCatalog.questions).toHaveLength(35);
    expect(visibleQuestions(preassessmentCatalog, {})).toHaveLength(35);
    expect(preassessmentCatalog.questions[0]?.id).toBe('form-type');
    expect(preassessmentCatalog.questions[0]?.options?.map((o) => o.value)).toEqual(['DS-160', 'ESTA']);
    expect(preassessmentCatalog.rules).toBe('basic');
  });

  it('uses every section it declares', () => {
    for (const s of preassessmentCatalog.sections) {
      expect(preassessmentCatalog.questions.some((q) => q.section === s.id)).toBe(true);
    }
  });
});

describe('all catalogs', () => {
  it('are keyed by id', () => {
    expect(Object.keys(CATALOGS).sort()).toEqual(['ds160', 'esta', 'preassessment']);
    for (const catalog of ALL) expect(getCatalog(catalog.id)).toBe(catalog);
    expect(getCatalog('nope')).toBeUndefined();
  });

  it.each(ALL.map((c) => [c.id, c] as const))('%s: ids are unique and sections declared', (_id, catalog) => {
    const ids = catalog.questions.map((q) => q.id);
    expect(new Set(ids).size).toBe(ids.length);
    const sections = new Set(catalog.sections.map((s) => s.id));
    for (const q of catalog.questions) expect(sections.has(q.section), q.id).toBe(true);
  });

  it.each(ALL.map((c) => [c.id, c] as const))('%s: every dependsOn points to an earlier question', (_id, catalog) => {
    catalog.questions.forEach((q, index) => {
      if (!q.dependsOn) return;
      const parent = catalog.questions.findIndex((p) => p.id === q.dependsOn);
      expect(parent, `${q.id} depends on ${q.dependsOn}`).toBeGreaterThanOrEqual(0);
      expect(parent, `${q.id} depends on ${q.dependsOn}`).toBeLessThan(index);
    });
  });

  it.each(ALL.map((c) => [c.id, c] as const))('%s: choice questions have options, others none', (_id, catalog) => {
    for (const q of catalog.questions) {
      if (q.type === 'radio' || q.type === 'select') expect(q.options?.length ?? 0, q.id).toBeGreaterThan(1);
      else expect(q.options, q.id).toBeUndefined();
    }
  });

  it.each(LOCALES)('every key resolves in locales/%s/catalog.json', (lang) => {
    const missing = ALL.flatMap(keysOf).filter((key) => resolve(translations[lang], key) === undefined);
    expect(missing).toEqual([]);
  });
});

describe('phone rules (spec 2-wizards §3.9)', () => {
  it('cover at least 110 countries, each once', () => {
    expect(PHONE_RULES.length).toBeGreaterThanOrEqual(110);
    expect(new Set(PHONE_RULES.map((r) => r.code)).size).toBe(PHONE_RULES.length);
  });

  it('match the spec examples', () => {
    expect(phoneRuleFor('United States')).toMatchObject({ prefix: '+1', min: 10, max: 10 });
    expect(phoneRuleFor('Canada')).toMatchObject({ prefix: '+1', min: 10, max: 10 });
    expect(phoneRuleFor('United Kingdom')).toMatchObject({ prefix: '+44', min: 10, max: 11 });
    expect(phoneRuleFor('Germany')).toMatchObject({ prefix: '+49', min: 11, max: 12 });
    expect(phoneRuleFor('India')).toMatchObject({ prefix: '+91', min: 10, max: 10 });
  });

  it('find a rule by name or code, ignoring case', () => {
    expect(phoneRuleFor('germany')?.code).toBe('DE');
    expect(phoneRuleFor('gb')?.country).toBe('United Kingdom');
    expect(phoneRuleFor('Atlantis')).toBeUndefined();
    expect(phoneRuleFor('')).toBeUndefined();
  });

  it('name countries exactly as the shared list, with its codes', () => {
    for (const r of PHONE_RULES) {
      const country = COUNTRIES.find((c) => c.name === r.country);
      expect(country, r.country).toBeDefined();
      expect(country?.code, r.country).toBe(r.code);
      expect(r.prefix).toMatch(/^\+\d{1,3}$/);
      expect(r.min).toBeGreaterThan(0);
      expect(r.max).toBeGreaterThanOrEqual(r.min);
      expect(r.format.startsWith(`${r.prefix} `)).toBe(true);
    }
  });
});

describe('date rules the catalogs declare', () => {
  it.each([
    ['ds160', 'birth-date', 'birthDate'],
    ['ds160', 'passport-expiry-date', 'passportExpiryDate'],
    ['ds160', 'intended-arrival-date', 'arrivalDate'],
    ['esta', 'birth-date', 'birthDate'],
    ['esta', 'passport-expiry', 'passportExpiryDate'],
    ['preassessment', 'birth-date', 'birthDate'],
    ['preassessment', 'intended-arrival-date', 'arrivalDate'],
  ] as const)('%s: %s uses %s', (catalogId, id, expected) => {
    expect(getCatalog(catalogId).questions.find((q) => q.id === id)?.validation).toBe(expected);
  });

  it('DS-160 asks the passport expiry before the arrival date it is checked against', () => {
    const ids = ds160Catalog.questions.map((q) => q.id);
    expect(ids.indexOf('passport-expiry-date')).toBeLessThan(ids.indexOf('intended-arrival-date'));
  });
});

describe('the test helper answers (tests/helpers/answers.ts)', () => {
  it.each(ALL.map((c) => [c.id, c] as const))('%s: every answer passes the catalog rules today', (_id, catalog) => {
    const today = toIsoDate(new Date());
    const answers = completeAnswers(catalog);
    const failing = catalog.questions
      .map((q) => [q.id, validateAnswer(q, answers[q.id] ?? '', { rules: catalog.rules, answers, today })?.key] as const)
      .filter(([, key]) => key !== undefined);
    expect(failing).toEqual([]);
  });
});
