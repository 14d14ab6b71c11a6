import { plain } from './words';

// Free text said in a sentence (issue 42, round 6): the words before the value are a frame, a subject and a verb
// with its preposition ("we're staying with friends at", "je bosse chez", "soy de", "trabalho como") or a noun and
// a copula ("la dirección del hotel es", "mon employeur c'est", "o nome dele é"), in each language. Frames are read
// by their grammar, not listed phrase by phrase: a subject (or none), a verb of the field's kind, a preposition and
// an article. What the frames leave is the answer; an answer still told in the first or third person is not one.

const FILLER = String.raw`(?:umm+|uhm+|uh+|hmm+|well|so|ok(?:ay)?|yeah|pues|bueno|mmm+|eh+|este|la verdad|euh+|alors|bon|ben|bah|entao|bom|tipo|ah+)`;

const SUBJECT = String.raw`(?:i|i m|i am|im|we|we re|we are|were|we ll|i ll|yo|nosotros|je|j|on|nous|eu|nos|a gente)`;
/** Verbs of where one stays, lives or comes from, works, is, speaks: their forms in the four languages (folded). */
const VERB = {
  stay: String.raw`(?:staying|stay|will stay|ll stay|be staying|re staying|m staying|sleeping|me quedo|me voy a quedar|nos quedamos|nos vamos a quedar|voy a estar|vamos a estar|estare|estaremos|me hospedo|nos hospedamos|sera|serai|serons|loge|logerai|logerons|dors|vais loger|allons loger|reste|resterai|fico|vou ficar|vamos ficar|ficarei|ficaremos|me hospedo|vou me hospedar)`,
  live: String.raw`(?:live|living|m living|reside|vivo|vivimos|resido|habite|habitons|vis|vivons|moro|moramos)`,
  from: String.raw`(?:m from|am from|come from|m originally from|am originally from|originally from|soy de|somos de|vengo de|soy originario de|soy originaria de|viens de|suis de|suis originaire de|venho de|sou de|sou natural de)`,
  work: String.raw`(?:work|m working|am working|work as|work for|work at|m with|am with|trabajo|trabajo como|trabajo de|trabajo en|trabajo para|laburo|chambeo|travaille|travaille comme|travaille chez|travaille pour|bosse|bosse chez|bosse pour|bosse comme|suis chez|suis en tant que|trabalho|trabalho como|trabalho de|trabalho na|trabalho no|trabalho em|trabalho para|sou funcionario de|sou funcionaria de)`,
  be: String.raw`(?:m a|m an|am a|am an|m|am|soy|soy un|soy una|suis|suis un|suis une|sou|sou um|sou uma|e)`,
  speak: String.raw`(?:speak|can speak|hablo|hablamos|parle|parlons|falo|falamos)`,
};
const PREPOSITION = String.raw`(?:with \S+(?: \S+)? at|with \S+(?: \S+)? in|at|in|on|to|for|as|as an|as a|with|en|con|para|como|de|del|a|al|au|aux|chez|dans|pour|comme|en tant que|em|no|na|num|numa|do|da|para|como|com)`;
const ARTICLE = String.raw`(?:the|an|a|el|la|los|las|un|una|le|les|l|une|des|o|os|as|um|uma)`;

/** A noun that names what is asked, then a copula: "la dirección del hotel es", "his name is", "mon employeur c'est". */
const NOUN = String.raw`(?:address|adress|name|full name|city|town|job|occupation|profession|employer|company|workplace|hotel|direccion|domicilio|nombre|ciudad|trabajo|ocupacion|profesion|empleador|empresa|hotel|adresse|nom|ville|travail|metier|profession|employeur|entreprise|boite|hotel|endereco|nome|cidade|trabalho|profissao|ocupacao|empregador|empresa|hotel)`;
const COPULA = String.raw`(?:is|s|es|est|c est|ce sera|e|sera|ser)`;
const NOUN_IS = new RegExp(String.raw`^(?:${FILLER} )*(?:\S+ )?${NOUN}(?: \S+){0,4}? ${COPULA} (?:${ARTICLE} )?`);

/** "his name is", "se llama", "il s'appelle", "o nome dele é", "a company called", "una empresa que se llama". */
const NAMED = /^(?:.*? )?(?:(?:his|her|their|its) name is|name s|he s called|she s called|it s called|called|named|(?:que )?se llama|(?:que )?se llaman|llamad[oa]|(?:qui )?s appelle|il s appelle|elle s appelle|appelee?|nommee?|(?:que )?se chama|chama se|chamad[oa]|o nome dele e|o nome dela e|el nombre es|son nom est|son nom c est) /;

/** A relative said before a name: "my uncle, John Smith", "mi tío Pedro García", "ma cousine Marie Dupont". */
const KIN_PREFIX = /^(?:my|mi|mis|mon|ma|mes|meu|minha|our|nuestro|nuestra|notre|nosso|nossa) (?:\S+ ){0,1}(?:uncle|aunt|cousin|brother|sister|father|mother|dad|mom|friend|husband|wife|son|daughter|boss|tio|tia|primo|prima|hermano|hermana|padre|madre|papa|mama|amigo|amiga|esposo|esposa|marido|hijo|hija|jefe|jefa|oncle|tante|cousin|cousine|frere|soeur|pere|mere|ami|amie|mari|femme|fils|fille|patron|patronne|irmao|irma|pai|mae|filho|filha|chefe) /;

const POSSESSOR = String.raw`(?:my|mi|mis|ma|mon|mes|meu|minha|meus|minhas|our|notre|nos|nuestra|nuestro|nossa|nosso)`;

/** Whose home: "my sister's", "ma sœur", "mi tía", "friends". */
const HOST = String.raw`(?:my|mi|mis|ma|mon|mes|meu|minha|meus|minhas|our|notre|nos|nuestra|nuestro|nossa|nosso|a friend|friends|des amis|amigos|unos amigos|uns amigos)\b`;

const LEAD = [
  new RegExp(String.raw`^(?:${FILLER} )+`),
  // "Chez ma sœur" (at my sister's home): "chez" names the place itself, so it stays.
  new RegExp(String.raw`^(?:${SUBJECT} )?(?:${VERB.stay}|${VERB.live}|${VERB.work}|${VERB.speak}) (?:(?!chez ${HOST})${PREPOSITION} )?(?:${ARTICLE} (?=\S))?`),
  new RegExp(String.raw`^(?:${SUBJECT} )?(?:${VERB.from}) `),
  new RegExp(String.raw`^(?:${SUBJECT} )(?:${VERB.be}) (?:${ARTICLE} )?`),
  // A place said with its preposition alone: "at the Hilton", "en el hotel Hilton", "au 12 rue…", "chez Renault".
  new RegExp(String.raw`^(?:at|in|en|au|aux|dans|em) (?:${ARTICLE} )?`),
];

/** A subject first, or someone and a verb: still a sentence ("we don't know yet", "mon oncle va m'héberger"); "my sister's" is a place. */
const STILL_TOLD = new RegExp(
  String.raw`^(?:${SUBJECT}|he|she|they|il|elle|ils|elles|ele|ela|eles|ella|ellos)\b|^${POSSESSOR} \S+ (?:is|will|ll|s going|picks|has|doesn t|don t|va|vai|vais|vas|vamos|est|sera|tiene|tem|nos|me|m|us|te|lo|la)\b`,
);

/** How many words of the typed text make up the first `count` words of its folded form. */
function dropWords(text: string, count: number): string {
  const words = text.trim().split(/\s+/);
  let taken = 0;
  let folded = 0;
  while (taken < words.length && folded < count) {
    folded += plain(words[taken]!).replace(/'/g, ' ').split(' ').filter(Boolean).length;
    taken++;
  }
  return words.slice(taken).join(' ').replace(/^[\s,;:.-]+/, '');
}

const wordCount = (folded: string) => folded.split(' ').filter(Boolean).length;

export interface Framed {
  /** The answer with its frame taken off, as typed. */
  answer: string;
  /** A frame was taken off. */
  framed: boolean;
  /** What is left still reads as a sentence about someone (a subject or a possessive first): not an answer. */
  told: boolean;
}

/** The answer without the words that frame it; `names` also takes off a relative said before a name. */
export function unframe(text: string, { names = false, fillers = true }: { names?: boolean; fillers?: boolean } = {}): Framed {
  // "um, 22 Oak Ave", "uh 22…": a filler in English; "um Airbnb" is Portuguese for "an Airbnb", so only before a comma or a number.
  let out = text.trim().replace(/^(?:um+|uh+)\s*(?:[,.…]+\s*|(?=\d))/i, '').replace(/^[^\p{L}\p{N}]*(?:\p{L}+(?: \p{L}+){0,2})\s*:\s*/u, (label) => (/\d/.test(label) ? label : ''));
  let framed = out !== text.trim();
  for (let changed = true; changed; ) {
    changed = false;
    const folded = plain(out).replace(/'/g, ' ');
    for (const pattern of [NAMED, NOUN_IS, ...(fillers ? LEAD : LEAD.slice(1)), ...(names ? [KIN_PREFIX] : [])]) {
      const m = pattern.exec(`${folded} `);
      if (!m || m[0].trim() === '') continue;
      const count = wordCount(m[0]);
      if (count >= wordCount(folded)) continue;
      out = dropWords(out, count);
      framed = changed = true;
      break;
    }
  }
  return { answer: out.trim(), framed, told: stillTold(out) };
}

export const stillTold = (answer: string): boolean => STILL_TOLD.test(plain(answer).replace(/'/g, ' '));

/** Whose home without where it is ("my sister's in Houston", "chez ma sœur", "en casa de mi tía"): no street address yet. */
const HOST_ONLY = new RegExp(String.raw`^(?:(?:at|chez|en|na|em|a|in|at the|the) )?(?:(?:casa|la casa|a casa|maison|la maison|house|home|place|apartment|apartamento|departamento|appartement) (?:de|da|do|of|d) )?(?:${POSSESSOR}|friends|a friend|des amis|amigos|unos amigos|uns amigos)\b`);
export const hostOnly = (answer: string): boolean => !/\d/.test(answer) && HOST_ONLY.test(plain(answer).replace(/'/g, ' '));
