// A yes or a no told as a sentence (issue 42): "one got stolen in Rome", "me negaron la visa en 2019", "je suis
// toujours rentré à temps", "vou com meu marido". What the sentence tells depends on what was asked, so each
// yes/no question belongs to a topic, and each topic has the verbs and nouns (four languages, folded) that say the
// thing happened (a yes) or say it did not. A told word after a negator is the opposite ("never lost one", "nunca
// me negaron"), as a plain yes-word is. Topics come from the question's id, so a new question of the same kind reads
// the same way without a row of any table.

/** Words between a told verb and what completes it; never a negator ("stayed no longer than" tells no overstay). */
const FILL = '(?:(?!(?:no|not|never|nunca|jamais|jamas|pas|nao|nem|ni) )\\S+ )';

export type Topic = 'first' | 'companions' | 'lost' | 'refused' | 'overstay' | 'otherNames' | 'restricted' | 'arrest';

const TOPICS: Array<[RegExp, Topic]> = [
  [/first-travel|first-trip|first-visit/, 'first'],
  [/travel-companions|companions/, 'companions'],
  [/passport-lost|lost-passport/, 'lost'],
  [/visa-denial|refus|denied|visa-refused/, 'refused'],
  [/overstay/, 'overstay'],
  [/other-names|alias/, 'otherNames'],
  [/restricted-countries/, 'restricted'],
  [/criminal|arrest|conviction/, 'arrest'],
];

export const topicOf = (field: string | undefined): Topic | undefined => (field ? TOPICS.find(([pattern]) => pattern.test(field))?.[1] : undefined);

export interface Span {
  kind: 'yes' | 'no';
  start: number;
  end: number;
}

const POSSESSIVE = '(?:my|our|mi|mis|nuestro|nuestra|mon|ma|mes|notre|nos|meu|minha|meus|minhas|nosso|nossa|a|the|la|le|les|o|os|as|el|los|un|une|uma|um|some|unos|unas|des|uns|umas)';
export const PEOPLE =
  '(?:wife|husband|partner|kids?|children|son|daughter|family|friends?|mom|mother|dad|father|parents|brother|sister|boyfriend|girlfriend|colleagues?|group|esposo|esposa|marido|mujer|pareja|hijos?|hijas?|ninos|familia|amigos?|amigas?|novio|novia|mama|papa|padres|hermanos?|hermanas?|companeros?|grupo|femme|mari|conjoint|conjointe|enfants?|fils|fille|famille|amis?|amies?|copain|copine|parents|frere|soeur|collegues?|groupe|esposa|mulher|filhos?|filhas?|criancas|familia|amigos?|amigas?|namorado|namorada|mae|pai|pais|irmaos?|irmas?|colegas?)';

/** Other people along ("with my wife and 2 kids", "con mi esposo", "avec un groupe", "com meu marido"): a yes. */
const WITH_PEOPLE = new RegExp(`\\b(?:with|con|avec|com)(?: ${POSSESSIVE})?(?: \\S+)? ${PEOPLE}\\b|\\b(?:we are|we re|somos|nous sommes|on est|nous serons) (?:\\d+|two|three|four|five|dos|tres|cuatro|cinco|deux|trois|quatre|cinq|duas|quatro)\\b|\\b(?:en famille|in a group|en grupo|em grupo|en groupe)\\b`, 'g');
/** The applicant alone ("nomás yo", "just myself", "juste moi", "só eu mesmo"): a no. */
const ALONE = /\b(?:nomas yo|nada mas yo|solamente yo|solo yo|yo nomas|just myself|on my own|nobody else|no one else|por mi cuenta|nadie mas|juste moi|moi seul|moi seule|personne d autre|so eu|somente eu|apenas eu|eu sozinho|eu sozinha|ninguem mais)\b/g;

const TOLD: Partial<Record<Topic, { yes?: RegExp; no?: RegExp }>> = {
  lost: {
    yes: /\b(?:lost|stolen|stole|robbed|misplaced|perdi|perdio|perdido|perdida|se me perdio|robaron|robado|robada|extravie|extraviado|extraviada|perdu|perdue|vole|volee|volé|on me l a vole|roubaram|roubado|roubada|furtaram|furtado|extraviei|sumiu)\b/g,
  },
  refused: {
    yes: /\b(?:refused|denied|rejected|turned down|negaron|nego|negada|negado|rechazaron|rechazada|rechazado|refuse|refusee|refuserent|rejete|rejetee|negaram|negou|recusaram|recusado|recusada|indeferido|indeferida|cancelled|canceled|cancelaron|annule|annulee|cancelaram)\b/g,
  },
  overstay: {
    yes: new RegExp(String.raw`\b(?:overstayed|stayed ${FILL}{0,3}(?:longer than|more than|past (?:my|the)|beyond|too long)|me quede ${FILL}{0,3}(?:mas de lo|mas tiempo del|de mas)|je suis reste ${FILL}{0,3}(?:plus longtemps|plus que|trop longtemps|au dela)|fiquei ${FILL}{0,3}(?:mais do que|mais tempo do que|alem do))\b`, 'g'),
    no: /\b(?:always|siempre|toujours|sempre) (?:\S+ ){0,4}(?:on time|in time|a tiempo|a tempo|a temps|a l heure|(?:no|em) prazo|(?:no|em) dia (?:certo|combinado|marcado|previsto)|(?:na|em) data (?:certa|marcada|prevista|combinada)|el dia (?:correcto|indicado|previsto)|en la fecha (?:prevista|indicada|correcta)|le bon jour|a la date prevue|a la bonne date|on the right (?:day|date)|when i was supposed to|cuando debia|quand je devais|quando devia|dentro del plazo|dentro do prazo|before|antes|avant|en regle|the rules|las reglas|les regles|as regras)\b|\b(?:respected|respete|respecte|respeitei|followed) (?:\S+ ){0,2}(?:dates|fechas|dates|datas|rules|reglas|regles|regras|terms|plazos|prazos)\b/g,
  },
  otherNames: {
    yes: /\b(?:maiden name|married name|birth name|alias|de casada|de soltera|de solteira|nom de jeune fille|nom d epouse|nom de naissance|nom marital|used to be|antes era|antes me llamaba|avant c etait|je m appelais|antes eu era|eu me chamava)\b/g,
  },
  restricted: {
    yes: new RegExp(String.raw`\b(?:went|been|visited|travell?ed|worked|lived|fui|estuve|viaje|visite|trabaje|vivi|alle|allee|voyage|travaille|vecu|estive|viajei|visitei|trabalhei|morei) ${FILL}{0,4}(?:(?:no|na|em) )?(?:iraq|irak|iraque|syria|siria|syrie|iran|ira|sudan|soudan|sudao|libya|libia|libye|somalia|somalie|yemen|iemen)\b`, 'g'),
  },
  arrest: {
    yes: /\b(?:arrested|convicted|charged|jailed|detenido|detenida|arrestado|arrestada|condenado|condenada|arrete|arretee|condamne|condamnee|preso|presa|fui detido|fui detida|fui condenado|fui condenada)\b/g,
  },
};

/** A refusal by another country ("a UK visa", "la visa de Canadá") is not the U.S. one the question asks about. */
export const ELSEWHERE = /\b(?:uk|u k|britain|british|england|reino unido|royaume uni|inglaterra|angleterre|canada|canadian|canadiense|canadien|canadense|schengen|europe|european|europa|europeen|europeia|australia|australie|australian|japan|japon|japao|china|chine|mexico|mexique|new zealand|nueva zelanda|nouvelle zelande|nova zelandia|ireland|irlanda|irlande)\b/;

/** Someone else in the same clause ("my brother was refused"): a told word about them is not the applicant's answer. */
const SOMEONE_ELSE = new RegExp(`\\b(?:${POSSESSIVE} ${PEOPLE}|he|she|him|her|his|ella|il|elle|lui|ele|ela|dele|dela)\\b(?: \\S+){0,4} ?$`);
/** Whose it was, said after it: "negaram o visto da minha esposa", "la visa de mi hermano". */
const OF_SOMEONE_ELSE = new RegExp(`^(?: \\S+){0,2} (?:de|da|do|du|des|of|for) ${POSSESSIVE}? ?${PEOPLE}\\b`);
const ME = /\b(?:i|me|my|yo|mi|je|j|moi|m|eu|mim|meu|minha)\b/;

function matches(said: string, pattern: RegExp, kind: 'yes' | 'no'): Span[] {
  const padded = ` ${said} `;
  return [...padded.matchAll(new RegExp(pattern.source, 'g'))].map((m) => ({ kind, start: m.index - 1, end: m.index - 1 + m[0].length }));
}

/** The told spans of an answer (folded text) for the question's topic; those about someone else are left out. */
export function toldSpans(said: string, topic: Topic | undefined): Span[] {
  if (!topic) return [];
  const padded = ` ${said} `;
  if (topic === 'companions') return [...matches(said, WITH_PEOPLE, 'yes'), ...matches(said, ALONE, 'no')];
  const told = TOLD[topic];
  if (!told) return [];
  const spans = [...(told.yes ? matches(said, told.yes, 'yes') : []), ...(told.no ? matches(said, told.no, 'no') : [])];
  return spans.filter((s) => {
    if (OF_SOMEONE_ELSE.test(padded.slice(s.end + 1))) return false;
    const clause = padded.slice(0, s.start + 1).split(/[,;.]| but | pero | mais | mas /).pop() ?? '';
    return !(SOMEONE_ELSE.test(clause.trimEnd()) && !ME.test(clause.replace(SOMEONE_ELSE, '')));
  });
}

/**
 * "Is this your first trip?": having been before is a no, never having been is a yes. The counts ("twice", "ya fui
 * 3 veces") and "never" say the opposite of what they say to "have you ever…", so this topic reads them itself.
 */
const BEEN_BEFORE = /\b(?:once|twice|\d+ times|several times|many times|a few times|una vez|dos veces|\d+ veces|varias veces|muchas veces|une fois|deux fois|\d+ fois|plusieurs fois|uma vez|duas vezes|\d+ vezes|varias vezes|muitas vezes|already|been before|ya fui|ya he ido|ya estuve|ya he estado|deja|j y suis deja|ja fui|ja estive|been there|been to|went there|fui en|estuve en)\b/;
const NEVER_BEEN = /\b(?:first time|first trip|primera vez|premiere fois|primeira vez|never been|never gone|never went|nunca he ido|nunca fui|nunca he estado|nunca estuve|jamais alle|jamais allee|jamais ete|nunca estive|nunca fui|nunca viajei|never)\b|\bnunca\b|\bjamais\b|\bjamas\b/;
const BARE_YES = /^(?:yes|yeah|yep|yup|si|oui|ouais|sim|claro|sure|of course|correct|exacto|exactement|isso|c est ca)\b/;
const BARE_NO = /^(?:no|nope|nah|non|nao)\b/;

/** The answer to "is this your first trip?" told in words, or undefined when the words say both or neither. */
/** "Not my first time", "no es la primera vez", "ce n'est pas ma première fois", "não é a primeira vez": a no. */
const NOT_FIRST = /\b(?:not|isn t|is not|wasn t|no es|no sera|nao e|nao sera|pas|n est pas|ce n est pas)(?: \S+){0,3} (?:first|primera|premiere|primeira|1st|1ra|1ere|1a)\b/;

export function firstTrip(said: string): { answer: 'Yes' | 'No'; told: boolean } | undefined {
  if (NOT_FIRST.test(said)) return NEVER_BEEN.test(said.replace(NOT_FIRST, ' ')) && !/\bfirst time\b/.test(said) ? undefined : { answer: 'No', told: true };
  const neverBeen = NEVER_BEEN.test(said);
  const beenBefore = BEEN_BEFORE.test(said.replace(NEVER_BEEN, ' '));
  const bareYes = BARE_YES.test(said);
  const bareNo = BARE_NO.test(said) && !/^no (?:he ido|fui|estuve)\b/.test(said);
  const yes = neverBeen || bareYes;
  const no = beenBefore || bareNo;
  if (yes === no) return undefined;
  return { answer: yes ? 'Yes' : 'No', told: yes ? !bareYes : !bareNo };
}
