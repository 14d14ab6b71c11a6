import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 45 item 18: one register per language, held in every text the app shows, mails and prints: Spanish tú,
// French vous, Portuguese você (README, locales/). Each pattern below finds a form that belongs only to the other
// register; a text that speaks of someone else (a traveller's "su solicitud") is listed by key with why.

const ROOT = path.resolve(import.meta.dirname, '../../locales');
type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value, `${prefix}${key}.`)));

/** Every text of a language, as `namespace:key` → text. */
const texts = (lang: string) =>
  readdirSync(path.join(ROOT, lang))
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => flatten(JSON.parse(readFileSync(path.join(ROOT, lang, file), 'utf8')) as Tree).map(([key, text]) => [`${file.slice(0, -5)}:${key}`, text] as const));

/** Whole words, where a letter with an accent counts as a letter ("êtes" holds no "tes", "años" no "os"). */
const words = (list: string, flags = 'iu') => new RegExp(`(?<![\\p{L}\\p{M}])(${list})(?![\\p{L}\\p{M}])`, flags);
/** The same words where an instruction starts: a text's start, after a stop, or after "y"/"o". */
const instruction = (list: string) => new RegExp(`(^|[.:;!?¡¿…]\\s+|(?<![\\p{L}])[yo]\\s+)(${list})(?![\\p{L}\\p{M}])`, 'iu');

/** Spanish usted (and vosotros): the pronoun, its imperatives and questions, "su" on what is the reader's own. */
const USTED = [
  words('ustedes|usted|vosotros|vosotras|vuestro|vuestra|vuestros|vuestras|os'),
  // Imperatives of usted: "Compruebe su conexión", "y pulse Pagar" (a subjunctive inside a sentence is not one).
  instruction('compruebe|elija|indique|añada|pulse|revise|escriba|empiece|contacte|pague|guarde|introduzca|seleccione|ingrese|haga|verifique|espere|descargue|asegúrese|acepte|cambie|continúe|inicie|utilice|llame|abra|use|vuelva|lea|tenga'),
  // With a pronoun after them they are never anything else: "inténtelo", "indíquelo", "Escríbalos", "Déjelo".
  words('inténtelo|indíquelo|indíquela|déjelo|déjela|escríbalos|escríbalo|compruébelo|revíselo|guárdelo|descárguelo|elíjalo|añádalo|asegúrese|diríjase'),
  // Questions to usted: "¿Viaja con su familia?", "¿Alguna vez ha…?", "Si ha pagado".
  /¿(viaja|tiene|es(?! (este|esta|esto|el|la|un|una) )|está|ha|puede|sabe|quiere|necesita|vive|trabaja|viene|su)(?![\p{L}])/iu,
  words('(alguna vez|si|ya|que) ha (sido|estado|pagado|cometido|tenido|viajado|usado|solicitado|trabajado|vivido|visitado|dado|prestado|pertenecido)'),
  // The reader's own things: "su pasaporte", "su correo", "su tarjeta", "su conexión", "sus propias respuestas".
  words('sus? (propi[oa]s? )?(pasaporte|correo|tarjeta|conexión|familia|nombre|negocio|estadía|cuenta|pago|alfabeto|viaje|grupo|panel)'),
];

/** French tu: the pronoun and its forms. */
const TU_FR = [words('tu|toi|ton|ta|tes|tien|tienne'), words("te|t'(?!il|elle|on)")];

/** Portuguese tu and o senhor, beside você. */
const TU_PT = [words('tu|ti|contigo|teu|teus|tua|tuas'), words('o senhor|a senhora')];

/** Wording that takes a minor to be a boy or a girl: "responsable de él", "responsable de lui", "responsável por ele". */
const GENDERED = [
  words('responsable de (él|ella|lui|elle)'),
  words('responsável por (ele|ela)'),
  // "The group leader" with a man's article: whoever organises the group.
  words('del responsable del grupo|du responsable du groupe|do responsável do grupo'),
];

/** Texts in the other person on purpose: about a traveller or companion, not the reader. */
const THIRD_PERSON: Record<string, string[]> = {
  es: [
    // "{{name}}'s form PDF is ready when her/his application is complete."
    'group:confirmation.line.notReady',
    // The companion's details, in the interview.
    'interview:facts.undeclaredCompanion',
    // "{{name}}'s application and all its answers", the application's own answers.
    'group:removal.body',
    'privacy:confirm.bodyOne',
  ],
  fr: [],
  pt: [],
};

const slips = (lang: string, patterns: RegExp[]) =>
  texts(lang)
    .filter(([key, text]) => !THIRD_PERSON[lang]?.some((allowed) => key.startsWith(allowed)) && patterns.some((pattern) => pattern.test(text)))
    .map(([key, text]) => `${key}: ${text}`);

describe('one register per language', () => {
  it('Spanish says tú, never usted or vosotros', () => {
    expect(slips('es', USTED)).toEqual([]);
  });

  it('French says vous, never tu', () => {
    expect(slips('fr', TU_FR)).toEqual([]);
  });

  it('Portuguese says você, never tu nor o senhor', () => {
    expect(slips('pt', TU_PT)).toEqual([]);
  });

  it('a minor is not taken to be a boy or a girl', () => {
    for (const lang of ['es', 'fr', 'pt']) expect(slips(lang, GENDERED), lang).toEqual([]);
  });

  // The patterns themselves: each finds the slip it is written for and leaves the register's own wording alone.
  it.each([
    ['es', 'Compruebe su conexión e inténtelo de nuevo.', 'Comprueba tu conexión e inténtalo de nuevo.', USTED],
    ['es', '¿Viaja con su familia?', '¿Viajas con tu familia?', USTED],
    ['es', '¿Alguna vez ha cometido fraude?', '¿Alguna vez has cometido fraude?', USTED],
    ['es', 'Escríbalos como en su pasaporte.', 'Escríbelos como en tu pasaporte.', USTED],
    ['fr', 'Vérifie ta connexion et réessaie.', 'Vérifiez votre connexion et réessayez.', TU_FR],
    ['fr', 'Ton passeport', 'Votre passeport est-il valide ? Peut-être a-t-il expiré.', TU_FR],
    ['pt', 'Verifica a tua ligação.', 'Verifique a sua conexão.', TU_PT],
    ['pt', 'quem é responsável por ele', 'quem é o adulto responsável', GENDERED],
    ['es', 'quién es responsable de él', 'qué adulto se hace cargo', GENDERED],
  ] as const)('%s: a pattern finds "%s" and none "%s"', (_lang, slip, fine, patterns) => {
    expect(patterns.some((pattern) => pattern.test(slip))).toBe(true);
    expect(patterns.some((pattern) => pattern.test(fine))).toBe(false);
  });
});
