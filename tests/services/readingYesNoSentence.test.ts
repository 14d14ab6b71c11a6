import { describe, expect, it } from 'vitest';
import type { Asked } from '../../server/services/ai/reading/types';
import { catalogQuestion, checkClass, everywhere, LANGUAGES, readIn as read, stored, type Phrases } from '../helpers/readingCases';

// Issue 42, round 6: a yes or a no told as a sentence, as people speak, in four languages. What a sentence tells
// depends on what was asked (yesNoTold.ts reads by the question's topic), so each class is generated from
// lead-ins × what happened × when × languages (the shared generator, tests/helpers/readingCases.ts), and each must
// give the answer it tells, or be asked; never the other.
const LEAD: Phrases = { en: ['', 'hmm ', 'well ', 'ok '], es: ['', 'pues ', 'mmm ', 'bueno '], fr: ['', 'euh ', 'alors ', 'bon '], pt: ['', 'então ', 'hmm ', 'bom '] };
const WHEN: Phrases = { en: ['', ' in 2019', ' years ago', ' back in 2017'], es: ['', ' en 2019', ' hace años', ' hace como 5 años'], fr: ['', ' en 2019', ' il y a des années'], pt: ['', ' em 2019', ' há uns anos'] };

/** One class: a question, what a sentence tells, and the answer it gives. */
interface Told {
  question: Asked;
  phrases: Phrases;
  answer: 'Yes' | 'No';
}

const CLASSES: Record<string, Told> = {
  'a passport lost or stolen': {
    question: catalogQuestion('ds160', 'passport-lost'),
    answer: 'Yes',
    phrases: {
      en: ['one got stolen', 'i lost one', 'my passport was stolen', 'it was stolen in Rome'],
      es: ['se me perdió uno', 'me robaron el pasaporte', 'perdí uno en un viaje', 'me lo robaron'],
      fr: ["on me l'a volé", "j'en ai perdu un", 'mon passeport a été volé'],
      pt: ['roubaram meu passaporte', 'perdi um numa viagem', 'meu passaporte foi roubado'],
    },
  },
  'a visa refused': {
    question: catalogQuestion('esta', 'visa-denial'),
    answer: 'Yes',
    phrases: {
      en: ['they denied my visa', 'i was refused', 'got rejected at the embassy', 'my visa was denied'],
      es: ['me negaron la visa', 'me la rechazaron', 'me la negaron una vez'],
      fr: ["on m'a refusé le visa", 'mon visa a été refusé', 'ils ont refusé ma demande'],
      pt: ['me negaram o visto', 'meu visto foi negado', 'tive o visto recusado'],
    },
  },
  'always left on time': {
    question: catalogQuestion('esta', 'overstay-violation'),
    answer: 'No',
    phrases: {
      en: ['always left on time', 'i always left before my visa expired', 'always followed the rules'],
      es: ['siempre salí a tiempo', 'siempre he salido antes de tiempo', 'siempre respeté las fechas'],
      fr: ['je suis toujours rentré à temps', 'toujours reparti avant la date', "j'ai toujours respecté les dates"],
      pt: ['sempre saí no prazo', 'sempre voltei antes do prazo', 'sempre respeitei as datas'],
    },
  },
  'others along': {
    question: catalogQuestion('ds160', 'travel-companions'),
    answer: 'Yes',
    phrases: {
      en: ['with my wife and 2 kids', 'going with my husband', 'with a group from church', 'with my parents'],
      es: ['voy con mi esposo', 'con mi esposa y los niños', 'con unos amigos', 'con mi familia'],
      fr: ['avec ma femme', 'je pars avec mon mari', 'avec un groupe de la paroisse', 'avec des amis'],
      pt: ['vou com meu marido', 'com minha esposa e os filhos', 'com uns amigos', 'com a família'],
    },
  },
  'alone': {
    question: catalogQuestion('ds160', 'travel-companions'),
    answer: 'No',
    phrases: { en: ['just myself', 'on my own', 'nobody else'], es: ['nomás yo', 'solamente yo', 'nadie más'], fr: ['juste moi', 'moi seul', "personne d'autre"], pt: ['só eu', 'somente eu', 'ninguém mais'] },
  },
  'another name': {
    question: catalogQuestion('ds160', 'other-names'),
    answer: 'Yes',
    phrases: {
      en: ['only my maiden name, Harper', 'my married name', 'it used to be Smith'],
      es: ['solo el de casada, antes era Gómez', 'mi apellido de soltera', 'antes me llamaba Ruiz'],
      fr: ['mon nom de jeune fille, Martin', "avant c'était Dubois", 'mon nom de naissance'],
      pt: ['uso o nome de casada, antes era Ferreira', 'meu nome de solteira', 'eu me chamava Souza'],
    },
  },
  'a stay in a listed country': {
    question: catalogQuestion('esta', 'travel-restricted-countries'),
    answer: 'Yes',
    phrases: { en: ['I went to Iran for work', 'worked in Iraq', 'visited Syria'], es: ['fui a Irán por trabajo', 'trabajé en Irak', 'estuve en Siria'], fr: ['je suis allé en Iran', "j'ai travaillé en Irak"], pt: ['trabalhei no Iraque', 'fui ao Irã a trabalho', 'estive na Síria'] },
  },
};

/** Each told thing said with a negator before it: the opposite, or asked. */
const NEGATED: Record<string, Phrases> = {
  'a passport lost or stolen': { en: ['never lost one', 'never had one stolen'], es: ['nunca se me perdió', 'nunca me lo robaron'], fr: ["on ne me l'a jamais volé", "je n'en ai jamais perdu"], pt: ['nunca perdi', 'nunca me roubaram'] },
  'a visa refused': { en: ['never been denied', 'i was never refused'], es: ['nunca me la han negado', 'nunca me negaron la visa'], fr: ["on ne m'a jamais refusé de visa", 'jamais refusé'], pt: ['nunca me negaram o visto', 'nunca foi negado'] },
};

describe('a yes or a no told as a sentence (issue 42, round 6)', () => {
  for (const [name, { question, phrases, answer }] of Object.entries(CLASSES)) {
    // Who comes along and other names are told without a date.
    const when = question.field === 'travel-companions' || question.field === 'other-names' ? everywhere(['']) : WHEN;
    it(`${name}: stored as ${answer}, never as the other`, () => checkClass({ question, parts: [LEAD, phrases, when], outcome: { store: answer } }, 120), 30_000);
  }

  for (const [name, phrases] of Object.entries(NEGATED)) {
    it(`${name}, said with a negator: never stored as Yes`, () => checkClass({ question: CLASSES[name]!.question, parts: [LEAD, phrases], outcome: { not: 'Yes' } }, 80), 30_000);
  }

  it('a told thing that happened to someone else is not the applicant\'s yes', () => {
    const other: Phrases = { en: ['my brother was refused', 'my wife got denied'], es: ['a mi hermano se la negaron', 'a mi esposa le negaron la visa'], fr: ['ma femme a été refusée', 'mon frère a été refusé'], pt: ['meu irmão teve o visto negado', 'negaram o visto da minha esposa'] };
    for (const language of LANGUAGES) for (const text of other[language]) expect(stored(read(CLASSES['a visa refused']!.question, text, language)), text).not.toBe('Yes');
  });

  it('a refusal by another country is asked, not stored', () => {
    const elsewhere: Phrases = { en: ['i was refused a uk visa once'], es: ['me negaron la visa de Canadá'], fr: ['on m a refusé un visa pour le Canada'], pt: ['me negaram o visto do Reino Unido'] };
    for (const language of LANGUAGES) for (const text of elsewhere[language]) expect(stored(read(CLASSES['a visa refused']!.question, text, language)), text).toBeUndefined();
  });

  it('"not always on time" says neither: asked', () => {
    const q = CLASSES['always left on time']!.question;
    for (const [language, text] of [['en', 'not always on time'], ['es', 'no siempre salí a tiempo'], ['fr', 'pas toujours à temps'], ['pt', 'nem sempre saí no prazo']] as const) expect(stored(read(q, text, language)), text).toBeUndefined();
    expect(stored(read(q, 'no, siempre salí a tiempo', 'es'))).toBe('No');
  });
});

describe('is this your first trip? (counts and "never" say the opposite of "have you ever")', () => {
  const first = catalogQuestion('esta', 'first-travel');
  const BEEN: Phrases = { en: ['twice', 'been there 3 times', 'not my first time', 'once before', 'this isn\'t my first trip'], es: ['ya fui 3 veces', 'dos veces', 'no es la primera vez', 'ya he ido'], fr: ["j'y suis déjà allé", 'deux fois', "ce n'est pas ma première fois"], pt: ['já fui duas vezes', 'não é a primeira vez', 'já estive lá'] };
  const NEVER: Phrases = { en: ['never been', 'first time', 'never'], es: ['nunca he ido', 'primera vez', 'nunca'], fr: ['jamais allé', 'première fois', 'jamais'], pt: ['nunca fui', 'primeira vez', 'nunca estive'] };

  it('having been before is a no, never having been a yes', () => {
    checkClass({ question: first, parts: [LEAD, BEEN], outcome: { store: 'No' } }, 75);
    checkClass({ question: first, parts: [LEAD, NEVER], outcome: { store: 'Yes' } }, 75);
  }, 30_000);

  it('"no, never" and "no, first time" say both: asked', () => {
    for (const [language, text] of [['en', 'no, never'], ['es', 'no, primera vez'], ['fr', 'non, première fois'], ['pt', 'sim, já fui uma vez']] as const) expect(stored(read(first, text, language)), text).toBeUndefined();
  });
});

describe('no words that are not a no', () => {
  const q = catalogQuestion('esta', 'criminal-conviction');
  it('a negated yes-word is a no: "nem tenho filhos", "ni tengo"', () => {
    expect(stored(read(catalogQuestion('esta', 'child-custody'), 'nem tenho filhos', 'pt'))).toBe('No');
  });
  it('not knowing or not remembering, even after a negator, is never stored', () => {
    for (const [language, text] of [['pt', 'nem sei'], ['pt', 'nem me lembro'], ['es', 'ni me acuerdo'], ['es', 'no me acuerdo'], ['fr', 'je me souviens pas'], ['en', "i don't remember"]] as const) expect(stored(read(q, text, language)), text).toBeUndefined();
  });
  it('a yes with its reason stays a yes; a no asked back is asked', () => {
    for (const [language, text] of [['es', 'sí, porque no tenía trabajo'], ['en', 'yes, because i had no job then'], ['fr', "oui, parce que je n'avais pas de travail"], ['pt', 'sim, porque eu não tinha emprego']] as const)
      expect(stored(read(catalogQuestion('esta', 'visa-denial'), text, language)), text).toBe('Yes');
    for (const [language, text] of [['en', 'no, why do you ask'], ['es', 'no, por qué preguntas'], ['fr', 'non, pourquoi cette question'], ['pt', 'não, por que pergunta']] as const) expect(stored(read(q, text, language)), text).toBeUndefined();
  });
  it('every DS-160 security question is an eligibility one: an unsure no is asked', () => {
    const mental = catalogQuestion('ds160', 'security-mental-disorder');
    expect(mental.eligibility).toBe(true);
    expect(stored(read(mental, 'no, except a fine', 'en'))).toBeUndefined();
  });
});
