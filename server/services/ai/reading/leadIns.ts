import type { Language } from '../builtin/text';
import type { Asked } from './types';
import { plain } from './words';

// Lead-ins before a free-text answer (issue 42): "staying at my cousins place, 1457 Elm St", "je loge chez mon
// cousin au 12 rue…", "trabajo de enfermera", "sou aluno da USP". One grammar per language and field kind, read
// as slots, not listed phrase by phrase:
//
//   filler* adverb? ( subject? aux? reflexive? verb(kind) adverb? | possessor? noun(kind) word{0,2} copula | it-is )
//   preposition(kind)? article?
//
// and, for an address only, a host before a street number ("at my aunts,", "con mi tía en", "chez des amis,",
// "meu tio mora na", "in an airbnb at"). The longest prefix the grammar reads is the lead-in and is taken off; what
// follows is the answer. A message that is all lead-in ("je loge chez", "I work as", "soy") holds no value.
// The four languages' slots are read together: people mix them ("I work en Bimbo"), and a lead-in of another
// language is still no part of the value. Every entry is folded (lower case, no accents, apostrophes as spaces).

export type LeadKind = 'address' | 'employer' | 'school' | 'occupation' | 'city';

interface Grammar {
  filler: string[];
  adverb: string[];
  subject: string[];
  /** A subject and its auxiliary typed as one word: "im", "ill", "were", "chuis". */
  contracted: string[];
  aux: string[];
  reflexive: string[];
  verb: Record<LeadKind, string[]>;
  preposition: Record<LeadKind, string[]>;
  article: string[];
  possessor: string[];
  noun: Record<LeadKind, string[]>;
  copula: string[];
  itIs: string[];
  /** Whose home, before a street number: kin and friends, homes, places one books. */
  kin: string[];
  home: string[];
  booked: string[];
  /** A host's own verb: "my cousin lives at", "mi tío vive en". */
  hostLives: string[];
  with: string[];
}

const GRAMMAR: Record<Language, Grammar> = {
  en: {
    filler: ['umm+', 'uhm*', 'uhh+', 'hmm+', 'err+m*', 'erm', 'well', 'so', 'ok', 'okay', 'k', 'yeah', 'yes', 'yep', 'sure', 'oh', 'ah+', 'hey', 'hi', 'hello', 'right', 'alright', 'like', 'basically', 'honestly', 'lol'],
    adverb: ['currently', 'actually', 'right now', 'now', 'at the moment', 'still', 'just', 'mostly', 'usually', 'probably', 'also'],
    // Typed without the apostrophe: "im", "ill", "ive", "were" (we're), "id".
    subject: ['i', 'we', 'me and my \\S+', 'my \\S+ and i'],
    contracted: ['im', 'ill', 'ive', 'id', 'were', 'well'],
    aux: ['am', 'm', 'are', 're', 'will', 'll', 'will be', 'll be', 'gonna', 'm gonna', 're gonna', 'going to', 'm going to', 'am going to', 're going to', 'plan to', 'plan on', 'm planning to', 'want to', 'wanna', 'should', 'would', 'd', 'have been', 've been', 'been'],
    reflexive: [],
    verb: {
      address: ['stay', 'staying', 'stayin', 'be staying', 'sleep', 'sleeping', 'crash', 'crashing', 'be', 'live', 'living', 'reside', 'residing', 'lodge', 'lodging', 'rent', 'renting', 'rented', 'booked', 'have booked', 've booked'],
      employer: ['work', 'works', 'working', 'workin', 'be working', 'employed', 'am employed', 'm employed', 'be employed', 'on staff'],
      school: ['study', 'studying', 'go', 'going', 'attend', 'attending', 'enrolled', 'am enrolled', 'm enrolled', 'a student', 'student', 'a pupil', 'in school', 'in college'],
      occupation: ['work as', 'working as', 'employed as', 'am employed as', 'm employed as', 'am', 'm', 'work in'],
      city: ['live', 'living', 'based', 'reside', 'residing', 'from', 'originally from', 'come from', 'was born', 'born', 'grew up'],
    },
    preposition: {
      address: ['at', 'in', 'on', 'to', 'by'],
      employer: ['at', 'for', 'with', 'in', 'by'],
      school: ['at', 'to', 'in', 'of'],
      occupation: ['a', 'an', 'as', 'as a', 'as an', 'like'],
      city: ['in', 'at', 'from', 'near'],
    },
    article: ['the', 'a', 'an'],
    possessor: ['my', 'our', 'the', 'his', 'her', 'their'],
    noun: {
      address: ['address', 'adress', 'addy', 'us address', 'street address', 'hotel address', 'hotel', 'place'],
      employer: ['company', 'employer', 'workplace', 'job', 'work', 'firm', 'company name', 'employer s name'],
      school: ['school', 'university', 'college', 'uni', 'school name', 'high school'],
      occupation: ['job', 'occupation', 'profession', 'work', 'job title', 'title', 'position', 'role', 'current job', 'current occupation'],
      city: ['city', 'town', 'hometown', 'home town'],
    },
    copula: ['is', 's', 'will be', 'would be', 'are'],
    itIs: ['it s', 'its', 'it is', 'it ll be', 'it will be', 'that s', 'thats', 'that is'],
    kin: ['cousin', 'aunt', 'auntie', 'uncle', 'brother', 'sister', 'sis', 'bro', 'mom', 'mum', 'mother', 'dad', 'father', 'parents', 'grandma', 'grandpa', 'grandmother', 'grandfather', 'grandparents', 'son', 'daughter', 'husband', 'wife', 'boyfriend', 'girlfriend', 'partner', 'fiance', 'fiancee', 'friend', 'friends', 'buddy', 'family', 'in laws', 'sister in law', 'brother in law', 'niece', 'nephew', 'godmother', 'godfather', 'relatives', 'host', 'host family'],
    home: ['place', 'house', 'home', 'apartment', 'apt', 'flat', 'condo', 'pad'],
    booked: ['airbnb', 'hotel', 'motel', 'hostel', 'rental', 'vrbo', 'apartment', 'condo', 'room'],
    hostLives: ['lives', 'live', 'stays', 'has a house', 'has a place', 'is'],
    with: ['with', 'w', 'by'],
  },
  es: {
    filler: ['pues', 'bueno', 'mmm+', 'eh+', 'este', 'o sea', 'la verdad', 'claro', 'si', 'ok', 'vale', 'ah+', 'hola', 'mira', 'oye', 'jaja'],
    adverb: ['actualmente', 'ahorita', 'ahora', 'ahora mismo', 'en este momento', 'todavia', 'de momento', 'por ahora', 'tambien', 'normalmente', 'seguramente', 'probablemente'],
    subject: ['yo', 'nosotros', 'nosotras', 'mi \\S+ y yo'],
    contracted: [],
    aux: ['voy a', 'vamos a', 'estoy', 'estamos', 'pienso', 'planeo', 'quiero', 'vamos', 'voy'],
    reflexive: ['me', 'nos'],
    verb: {
      address: ['quedo', 'quedar', 'quedarme', 'quedamos', 'quedarnos', 'quedando', 'quedandome', 'hospedo', 'hospedar', 'hospedarme', 'hospedamos', 'hospedarnos', 'hospedando', 'alojo', 'alojar', 'alojarme', 'alojamos', 'alojarnos', 'estar', 'estare', 'estaremos', 'vivo', 'vivimos', 'resido', 'llego', 'llegamos', 'llegar', 'rente', 'rentamos', 'reserve', 'reservamos'],
      employer: ['trabajo', 'trabajamos', 'trabajando', 'laboro', 'laboramos', 'laborando', 'chambeo', 'chambeando', 'curro', 'currando', 'laburo', 'laburando', 'empleado', 'empleada', 'soy empleado', 'soy empleada', 'estoy empleado', 'estoy empleada'],
      school: ['estudio', 'estudiamos', 'estudiando', 'voy', 'asisto', 'curso', 'cursando', 'inscrito', 'inscrita', 'estoy inscrito', 'estoy inscrita', 'soy estudiante', 'soy alumno', 'soy alumna', 'estudiante', 'alumno', 'alumna'],
      occupation: ['trabajo', 'trabajo de', 'trabajo como', 'dedico', 'dedico a', 'desempeno como', 'laboro', 'laboro como', 'estoy de', 'soy', 'ejerzo', 'ejerzo de', 'ejerzo como', 'gano la vida como', 'de profesion', 'de oficio'],
      city: ['vivo', 'vivimos', 'resido', 'radico', 'soy', 'soy de', 'vengo', 'vengo de', 'naci', 'naci en', 'soy originario de', 'soy originaria de', 'estoy radicado', 'estoy radicada'],
    },
    preposition: {
      address: ['en', 'a', 'al', 'por'],
      employer: ['en', 'para', 'con', 'de', 'del', 'a', 'al'],
      school: ['en', 'a', 'al', 'a la', 'de', 'del', 'de la'],
      occupation: ['de', 'como', 'a', 'un', 'una', 'a la'],
      city: ['en', 'de', 'del', 'cerca de'],
    },
    article: ['el', 'la', 'los', 'las', 'un', 'una'],
    possessor: ['mi', 'nuestra', 'nuestro', 'el', 'la', 'su'],
    noun: {
      address: ['direccion', 'domicilio', 'direccion del hotel', 'hotel', 'lugar'],
      employer: ['empresa', 'empleador', 'trabajo', 'compania', 'firma', 'patron', 'chamba', 'empresa donde trabajo'],
      school: ['escuela', 'universidad', 'colegio', 'facultad', 'uni', 'prepa', 'instituto', 'liceo'],
      occupation: ['trabajo', 'ocupacion', 'profesion', 'oficio', 'puesto', 'cargo', 'chamba', 'empleo'],
      city: ['ciudad', 'pueblo'],
    },
    copula: ['es', 'sera', 'son', 'seria'],
    itIs: ['es', 'es en', 'queda en', 'seria', 'sera'],
    kin: ['primo', 'prima', 'primos', 'primas', 'tio', 'tia', 'tios', 'tias', 'hermano', 'hermana', 'hermanos', 'hermanas', 'mama', 'papa', 'madre', 'padre', 'padres', 'papas', 'abuela', 'abuelo', 'abuelos', 'hijo', 'hija', 'hijos', 'esposo', 'esposa', 'marido', 'novio', 'novia', 'pareja', 'amigo', 'amiga', 'amigos', 'amigas', 'familia', 'familiares', 'cunado', 'cunada', 'suegros', 'suegra', 'suegro', 'sobrino', 'sobrina', 'padrino', 'madrina', 'compadre', 'comadre', 'cuate', 'cuates'],
    home: ['casa', 'depa', 'departamento', 'apartamento', 'piso', 'hogar'],
    booked: ['airbnb', 'hotel', 'motel', 'hostal', 'departamento', 'apartamento', 'cuarto', 'habitacion'],
    hostLives: ['vive', 'viven', 'tiene casa', 'tiene un departamento', 'esta'],
    with: ['con', 'donde', 'en lo de'],
  },
  fr: {
    filler: ['euh+', 'heu+', 'alors', 'bon', 'ben', 'bah', 'beh', 'donc', 'oui', 'ouais', 'ok', 'bref', 'enfin', 'bonjour', 'salut', 'ah+', 'mdr'],
    adverb: ['actuellement', 'en ce moment', 'maintenant', 'toujours', 'pour l instant', 'pour le moment', 'aussi', 'normalement', 'surement', 'probablement'],
    subject: ['je', 'j', 'on', 'nous', 'moi je', 'moi', 'mon \\S+ et moi', 'ma \\S+ et moi'],
    contracted: ['chuis', 'jsuis'],
    aux: ['vais', 'vas', 'allons', 'va', 'compte', 'pense', 'suis en train de', 'vais aller', 'veux', 'voudrais'],
    reflexive: ['me', 'm', 'nous'],
    verb: {
      address: ['loge', 'loger', 'logerai', 'logeons', 'logerons', 'dors', 'dormir', 'dormirai', 'dort', 'reste', 'rester', 'resterai', 'restons', 'serai', 'serons', 'sera', 'etre', 'habite', 'habiter', 'habiterai', 'habitons', 'vis', 'vit', 'vivre', 'suis heberge', 'suis hebergee', 'serai heberge', 'serai hebergee', 'sommes heberges', 'heberge', 'hebergee', 'descends', 'descendre', 'ai reserve', 'avons reserve', 'a reserve', 'ai loue', 'avons loue', 'a loue', 'ai pris', 'a pris', 'installe', 'installer'],
      employer: ['travaille', 'travaillons', 'travaillais', 'bosse', 'bossons', 'taffe', 'taf', 'suis employe', 'suis employee', 'employe', 'employee', 'suis salarie', 'suis salariee', 'salarie', 'salariee', 'suis embauche', 'suis embauchee', 'suis en poste', 'suis', 'suis chez'],
      school: ['etudie', 'etudions', 'vais', 'vas', 'va', 'suis inscrit', 'suis inscrite', 'inscrit', 'inscrite', 'suis etudiant', 'suis etudiante', 'etudiant', 'etudiante', 'suis eleve', 'eleve', 'fais mes etudes', 'fais ma licence', 'fais mon master', 'suis en cours', 'suis', 'suis en'],
      occupation: ['travaille comme', 'travaille en tant que', 'travaille en tant qu', 'bosse comme', 'bosse en tant que', 'suis', 'exerce comme', 'exerce en tant que', 'fais le metier de', 'suis employe comme', 'suis employee comme', 'travaille', 'bosse', 'de profession'],
      city: ['habite', 'vis', 'reside', 'suis de', 'viens de', 'suis originaire de', 'suis ne', 'suis nee', 'ne', 'nee', 'suis base', 'suis basee'],
    },
    preposition: {
      address: ['a', 'au', 'aux', 'a la', 'a l', 'dans', 'en', 'sur', 'chez'],
      employer: ['chez', 'pour', 'a', 'au', 'a la', 'a l', 'dans', 'en', 'de', 'du', 'avec'],
      school: ['a', 'au', 'a la', 'a l', 'dans', 'en', 'de', 'du', 'de la', 'de l'],
      occupation: ['un', 'une', 'comme', 'en tant que', 'en tant qu', 'de'],
      city: ['a', 'au', 'en', 'de', 'du', 'pres de'],
    },
    article: ['le', 'la', 'l', 'les', 'un', 'une', 'des'],
    possessor: ['mon', 'ma', 'notre', 'le', 'la', 'l', 'son', 'sa'],
    noun: {
      address: ['adresse', 'adresse de l hotel', 'hotel', 'logement'],
      employer: ['employeur', 'entreprise', 'boite', 'societe', 'travail', 'boulot', 'patron', 'taf', 'nom de l entreprise'],
      school: ['ecole', 'universite', 'fac', 'lycee', 'college', 'etablissement', 'institut'],
      occupation: ['metier', 'profession', 'travail', 'boulot', 'job', 'poste', 'emploi', 'taf'],
      city: ['ville', 'commune'],
    },
    copula: ['est', 'c est', 'ce sera', 'sera', 'ca sera', 'c'],
    itIs: ['c est', 'ce sera', 'ca sera', 'c est a', 'c est au', 'c est chez', 'c est dans', 'ca se trouve', 'se trouve'],
    kin: ['cousin', 'cousine', 'cousins', 'cousines', 'oncle', 'tante', 'frere', 'soeur', 'freres', 'soeurs', 'mere', 'pere', 'parents', 'maman', 'papa', 'grand mere', 'grand pere', 'grands parents', 'fils', 'fille', 'mari', 'femme', 'copain', 'copine', 'ami', 'amie', 'amis', 'amies', 'potes', 'pote', 'famille', 'beau frere', 'belle soeur', 'beaux parents', 'neveu', 'niece', 'parrain', 'marraine', 'correspondant', 'correspondante'],
    home: ['maison', 'appartement', 'appart', 'domicile'],
    booked: ['airbnb', 'hotel', 'motel', 'auberge', 'auberge de jeunesse', 'appartement', 'appart', 'location', 'chambre'],
    hostLives: ['habite', 'habitent', 'vit', 'vivent', 'reste', 'a une maison', 'a un appart', 'est'],
    with: ['avec', 'chez'],
  },
  pt: {
    filler: ['entao', 'bom', 'tipo', 'olha', 'sim', 'ok', 'ah+', 'hum+', 'eh+', 'oi', 'ola', 'bem', 'kkk+', 'rs'],
    adverb: ['atualmente', 'agora', 'no momento', 'hoje', 'ainda', 'por enquanto', 'tambem', 'hoje em dia', 'provavelmente'],
    subject: ['eu', 'nos', 'a gente', 'nois', 'eu e meu \\S+', 'eu e minha \\S+'],
    contracted: ['to', 'tou'],
    aux: ['vou', 'vamos', 'estou', 'to', 'tou', 'estamos', 'pretendo', 'penso em', 'quero', 'a gente vai', 'vai'],
    reflexive: ['me', 'nos'],
    verb: {
      address: ['fico', 'ficar', 'ficarei', 'ficaremos', 'ficando', 'hospedo', 'hospedar', 'hospedando', 'hospedado', 'hospedada', 'estar', 'estarei', 'moro', 'morar', 'morando', 'resido', 'aluguei', 'alugamos', 'reservei', 'reservamos', 'dormir', 'durmo'],
      employer: ['trabalho', 'trabalhamos', 'trabalhando', 'trampo', 'trampando', 'sou funcionario', 'sou funcionaria', 'funcionario', 'funcionaria', 'sou empregado', 'sou empregada', 'empregado', 'empregada', 'atuo', 'presto servico', 'sou colaborador', 'sou colaboradora'],
      school: ['estudo', 'estudamos', 'estudando', 'faco faculdade', 'faco', 'curso', 'cursando', 'vou', 'sou aluno', 'sou aluna', 'aluno', 'aluna', 'sou estudante', 'estudante', 'estou matriculado', 'estou matriculada', 'matriculado', 'matriculada', 'estou'],
      occupation: ['trabalho como', 'trabalho de', 'atuo como', 'sou', 'exerco', 'exerco a funcao de', 'trabalho', 'de profissao', 'trampo de', 'trampo como'],
      city: ['moro', 'moramos', 'resido', 'sou de', 'venho de', 'nasci', 'nasci em', 'sou natural de'],
    },
    preposition: {
      address: ['em', 'na', 'no', 'num', 'numa', 'a', 'ao', 'pela', 'pelo'],
      employer: ['na', 'no', 'em', 'para', 'pra', 'da', 'do', 'de', 'pela', 'pelo', 'com', 'numa', 'num'],
      school: ['na', 'no', 'em', 'da', 'do', 'de', 'numa', 'num'],
      occupation: ['de', 'como', 'um', 'uma'],
      city: ['em', 'de', 'da', 'do', 'na', 'no', 'perto de'],
    },
    article: ['o', 'a', 'os', 'as', 'um', 'uma'],
    possessor: ['meu', 'minha', 'nosso', 'nossa', 'o', 'a', 'seu', 'sua'],
    noun: {
      address: ['endereco', 'endereco do hotel', 'hotel', 'lugar'],
      employer: ['empresa', 'empregador', 'trabalho', 'firma', 'patrao', 'emprego', 'nome da empresa'],
      school: ['escola', 'faculdade', 'universidade', 'colegio', 'facul', 'instituto'],
      occupation: ['trabalho', 'profissao', 'ocupacao', 'cargo', 'emprego', 'funcao', 'oficio'],
      city: ['cidade'],
    },
    copula: ['e', 'sera', 'seria'],
    itIs: ['e', 'e na', 'e no', 'e em', 'fica na', 'fica no', 'fica em', 'sera'],
    kin: ['primo', 'prima', 'primos', 'primas', 'tio', 'tia', 'tios', 'tias', 'irmao', 'irma', 'irmaos', 'irmas', 'mae', 'pai', 'pais', 'avo', 'avos', 'filho', 'filha', 'filhos', 'marido', 'esposa', 'esposo', 'mulher', 'namorado', 'namorada', 'amigo', 'amiga', 'amigos', 'amigas', 'familia', 'parentes', 'cunhado', 'cunhada', 'sogro', 'sogra', 'sogros', 'sobrinho', 'sobrinha', 'padrinho', 'madrinha'],
    home: ['casa', 'apartamento', 'apto', 'ap'],
    booked: ['airbnb', 'hotel', 'motel', 'hostel', 'pousada', 'apartamento', 'quarto'],
    hostLives: ['mora', 'moram', 'tem casa', 'tem um apartamento', 'esta'],
    with: ['com', 'na casa de', 'na casa do', 'na casa da'],
  },
};

const LANGUAGES = Object.keys(GRAMMAR) as Language[];
const union = (pick: (g: Grammar) => readonly string[]) => [...new Set(LANGUAGES.flatMap((l) => pick(GRAMMAR[l])))].sort((a, b) => b.length - a.length);
const alt = (pick: (g: Grammar) => readonly string[]) => `(?:${union(pick).join('|')})`;
/** A slot that may be missing: its words and the space after them. */
const opt = (pick: (g: Grammar) => readonly string[]) => (union(pick).length ? `(?:${alt(pick)} )?` : '');

const FILLERS = `(?:${alt((g) => g.filler)} )*`;
const ADVERB = opt((g) => g.adverb);
const ARTICLE = opt((g) => g.article);

function frames(kind: LeadKind): string {
  // "me voy a quedar", "voy a quedarme", "I'm at": a reflexive before or after the auxiliary, a verb or an auxiliary alone.
  const reflexive = opt((g) => g.reflexive);
  const verb = `${alt((g) => g.verb[kind])} `;
  const told = `(?:${opt((g) => g.subject)}${ADVERB}${reflexive}(?:${alt((g) => g.aux)} ${ADVERB}(?:${reflexive}${verb})?|${verb})|${alt((g) => g.contracted)} ${ADVERB}(?:${reflexive}${verb})?)${ADVERB}`;
  // "the address of the hotel is", "la dirección del hotel es": a noun, what it belongs to, a copula.
  const of = `(?:(?:of|de|del|du|da|do|d) ${ARTICLE}${opt((g) => g.possessor)}\\S+ )?`;
  const named = `${opt((g) => g.possessor)}${alt((g) => g.noun[kind])} ${of}${alt((g) => g.copula)} `;
  const itIs = `${alt((g) => g.itIs)} `;
  return `(?:${told}|${named}|${itIs})`;
}

/** The whole lead-in of a kind: fillers, a frame (or none), a preposition, an article. */
const LEAD: Record<LeadKind, RegExp> = Object.fromEntries(
  (['address', 'employer', 'school', 'occupation', 'city'] as const).map((kind) => [
    kind,
    // An article is a lead-in's only after its frame or preposition: "an Airbnb in New York" keeps its "an".
    new RegExp(`^${FILLERS}${ADVERB}(?:${frames(kind)}${opt((g) => g.preposition[kind])}${ARTICLE}|${alt((g) => g.preposition[kind])} ${ARTICLE})?$`),
  ]),
) as Record<LeadKind, RegExp>;

/** The field's name alone ("company", "occupation:", "mi dirección"): a label, no value. */
const LABEL: Record<LeadKind, RegExp> = Object.fromEntries(
  (['address', 'employer', 'school', 'occupation', 'city'] as const).map((kind) => [kind, new RegExp(`^${FILLERS}${opt((g) => g.possessor)}${alt((g) => g.noun[kind])} $`)]),
) as Record<LeadKind, RegExp>;

/** Whose home or what was booked, before a street number: "staying w my cousin,", "en casa de mi tía,", "in an airbnb at". */
function hostGrammar({ booked }: { booked: boolean }): RegExp {
  const stay = `${FILLERS}${ADVERB}(?:${frames('address')})?`;
  const prep = opt((g) => [...g.preposition.address, ...g.with]);
  const whose = `${opt((g) => g.possessor)}(?:\\S+ )?${alt((g) => g.kin)}(?:s|es| s)?`;
  const home = `(?:${alt((g) => g.home)} (?:of |de |da |do |d )?)?`;
  const homeAfter = `(?:${alt((g) => g.home)} )?`;
  const guest = `${prep}${ARTICLE}${home}${whose} ${homeAfter}`;
  const place = booked ? `|${prep}${ARTICLE}${alt((g) => g.booked)} ` : '';
  const lives = `${opt((g) => g.possessor)}(?:\\S+ )?${alt((g) => g.kin)}(?:s|es)? ${alt((g) => g.hostLives)} `;
  const after = `${opt((g) => g.preposition.address)}${ARTICLE}`;
  return new RegExp(`^(?:${stay}(?:${guest}${place})|${FILLERS}${lives})${after}$`);
}
const HOST = hostGrammar({ booked: true });
/** Whose home alone: with no street number after it, no address yet ("an Airbnb in New York" is a place one booked). */
const GUEST = hostGrammar({ booked: false });

/** Which lead-in grammar a free-text question takes; none for descriptions and names. */
export function leadKindOf(asked: Asked): LeadKind | undefined {
  if (asked.prose) return undefined;
  const field = asked.field.toLowerCase();
  if (asked.kind === 'address' || /address/.test(field)) return 'address';
  if (asked.kind === 'city' || /city/.test(field)) return 'city';
  if (/school|university|college|institution/.test(field)) return 'school';
  if (/employer|organization|company|workplace/.test(field)) return 'employer';
  if (/occupation|job-title|jobtitle|profession/.test(field)) return 'occupation';
  return undefined;
}

const ARTICLES = new Set(union((g) => g.article));
const ONLY_FILLERS = new RegExp(`^${FILLERS}$`);
/** A sound, not a word: "umm", "euh", "hmm" are fillers wherever they stand. */
const HESITATION = /^(?:u+m+|u+h+m*|h+m+|e+r+m*|e+h+|h?e+u+h+|m{2,}|a+h+|h+u+m+)$/;

export interface LeadIn {
  /** The answer with its lead-in taken off, as typed; the text itself when there was none. */
  rest: string;
  /** A lead-in was taken off. */
  led: boolean;
  /** The message is all lead-in ("je loge chez", "I work as", "soy"): it holds no value. */
  alone: boolean;
  /** An address that names whose home or what was booked ("con mi tía en", "in an airbnb"): a street number must follow. */
  host: boolean;
}

/** The typed words of a text with the folded words they make, in order ("I'm" makes "i m"). */
function wordsWithFolds(text: string): Array<{ typed: string; folded: string[] }> {
  return text
    .trim()
    .split(/\s+/)
    .flatMap((typed) => typed.split(ELIDED))
    .filter(Boolean)
    .map((typed) => ({ typed, folded: plain(typed).replace(/'/g, ' ').split(' ').filter(Boolean) }));
}

/** French and Portuguese elision: "l'Université", "d'Oliveira" are two words, the first of which may end a lead-in. */
const ELIDED = /(?<=^(?:[ldjcmnst]|qu)['’])(?=[\p{L}\p{N}])/iu;

/** The lead-in before a free-text answer of this kind, taken off; the longest one the grammar reads. */
export function leadIn(kind: LeadKind, text: string): LeadIn {
  const words = wordsWithFolds(text);
  const folded = words.flatMap((w) => w.folded);
  if (folded.length === 0) return { rest: text.trim(), led: false, alone: false, host: false };
  const all = `${folded.join(' ')} `;
  if (LEAD[kind].test(all) || LABEL[kind].test(all)) return { rest: '', led: true, alone: true, host: false };
  // Only whole typed words are taken off, longest first; a lead-in ends before the value's first word.
  let foldedSoFar: string[] = [];
  const ends: Array<{ words: number; folded: string[] }> = [];
  for (let i = 0; i < words.length - 1 && i < 16; i++) {
    foldedSoFar = [...foldedSoFar, ...words[i]!.folded];
    ends.push({ words: i + 1, folded: foldedSoFar });
  }
  const host = kind === 'address' && ends.some((end) => GUEST.test(`${end.folded.join(' ')} `));
  for (const end of ends.reverse()) {
    const head = `${end.folded.join(' ')} `;
    const next = words[end.words]!.typed;
    const last = words[end.words - 1]!.typed;
    // "I work at The Home Depot": an article typed with a capital after the first word is the name's own.
    if (end.words > 1 && ARTICLES.has(plain(last)) && /^\p{Lu}/u.test(last)) continue;
    // "Bom Jesus da Lapa", "Alors Café": a word used as a filler is one only before a comma or more of the lead-in.
    if (ONLY_FILLERS.test(head) && !/[,.…!:;-]$/.test(last) && !HESITATION.test(plain(last))) continue;
    const hosted = kind === 'address' && /^\d/.test(next) && HOST.test(head);
    if (!hosted && !LEAD[kind].test(head)) continue;
    const rest = words
      .slice(end.words)
      .map((w) => w.typed)
      .join(' ')
      .replace(/^[\s,;:.-]+/, '');
    if (!/[\p{L}\p{N}]/u.test(rest)) return { rest: '', led: true, alone: true, host };
    return { rest, led: true, alone: false, host };
  }
  return { rest: text.trim(), led: false, alone: false, host };
}

const bareWords = (text: string) => plain(text).replace(/['-]/g, ' ').replace(/\s+/g, ' ').trim();

/** A laugh or a sound typed beside an answer ("jaja", "hahaha", "kkkk", "rsrs", "mdr", "lol", "xD"): no word of it. */
const LAUGH = /^(?:(?:j+a+)+j*|(?:h+a+)+h*|(?:j+e+)+j*|(?:h+e+)+h*|(?:h+i+)+h*|k{3,}|(?:rs)+|mdr+|ptdr+|lol+|lmao+|xd+)$/;

/** The words that frame an answer in the four languages and hold no value: fillers, pronouns, auxiliaries, articles, possessives, prepositions, "it's". */
const FRAME = new Set(
  LANGUAGES.flatMap((l) => {
    const g = GRAMMAR[l];
    return [...g.filler, ...g.adverb, ...g.subject, ...g.contracted, ...g.aux, ...g.reflexive, ...g.article, ...g.possessor, ...g.copula, ...g.itIs, ...Object.values(g.preposition).flat(), ...Object.values(g.verb).flat(), ...g.with];
  })
    .filter((entry) => /^[a-z' ]+$/.test(entry))
    .flatMap((entry) => entry.replace(/'/g, ' ').split(' '))
    .filter(Boolean),
);
const framing = (word: string) => FRAME.has(word) || LAUGH.test(word) || HESITATION.test(word);

/**
 * Whether a word read as a slip is the whole answer (issue 42): in one clause of the message, every other word only
 * frames it ("im phillipino", "naci en Guatemla", "né à Abidjan, Côte d'Ivoir", "solterita jaja"). Only then is the
 * slip stored; a word of a sentence one letter from a value is as likely another word ("vivo com minha namorada" is
 * not "viúvo", "llego el 5 junto con mi hermana" is not June), so there it is offered and asked, never stored.
 */
export function wholeSlip(slipped: string, answer: string, same: (word: string) => boolean = () => false): boolean {
  const wanted = bareWords(slipped).split(' ');
  return answer.split(/[,;.!?¡¿\n()]+/).some((clause) => {
    // A name typed with its capital after the first word ("en Boston", "à Dakar") says where or who, not which value.
    const proper = new Set(clause.trim().split(/\s+/).slice(1).filter((w) => /^\p{Lu}\p{Ll}/u.test(w)).map(bareWords));
    const words = bareWords(clause).split(' ').filter(Boolean);
    const at = words.findIndex((_, i) => wanted.every((w, j) => words[i + j] === w));
    if (at < 0) return false;
    const others = [...words.slice(0, at), ...words.slice(at + wanted.length)];
    return others.every((w) => framing(w) || same(w) || proper.has(w)) || (['city', 'occupation'] as const).some((kind) => bareWords(leadIn(kind, clause).rest) === wanted.join(' '));
  });
}
