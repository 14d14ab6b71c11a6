import { fold } from '../builtin/text';
import { findDurations } from './durations';
import { silent, value, type AskedOption, type Reading } from './types';
import { distance, plain } from './words';

// Answers to a question with options: the option's label in any of the four languages, both genders ("soltera",
// "mariée", "viúvo"), and the words people use instead ("vacation" for tourism, "a trabalho" for a business trip,
// "visiting my daughter" for a family visit). A phrase inside a longer one counts as the longer one only
// ("viaje de trabajo" is business, not work), and two options named as strongly are asked, never guessed.

type Concept =
  | 'yes' | 'no' | 'female' | 'male' | 'single' | 'married' | 'divorced' | 'widowed' | 'separated' | 'partnership'
  | 'tourism' | 'business' | 'study' | 'work' | 'transit' | 'medical' | 'family' | 'religious'
  | 'regular' | 'official' | 'diplomatic'
  | 'self' | 'employer' | 'government'
  | 'spouse' | 'child' | 'parent' | 'sibling' | 'friend' | 'colleague';

/** Who someone is to the applicant, more exactly than "family": where the question has the option, it is that one. */
const KIN: ReadonlySet<Concept> = new Set(['spouse', 'child', 'parent', 'sibling', 'friend', 'colleague']);

const STRONG = 0.95;
const LABEL = 0.9;
const WEAK = 0.7;

/** Words for each concept, folded. Weak ones are what a word may mean, and are asked when alone. */
const WORDS: Record<Concept, { strong: string[]; weak?: string[] }> = {
  yes: { strong: [] },
  no: { strong: [] },
  female: { strong: ['female', 'woman', 'a woman', 'feminine', 'femenino', 'femenina', 'mujer', 'femme', 'une femme', 'feminin', 'feminine', 'feminino', 'mulher', 'f', 'fem', 'chica', 'girl', 'sexo femenino', 'genero femenino', 'lady', 'a lady', 'gal', 'fille', 'une fille', 'menina', 'moca', 'senora', 'dama'] },
  male: { strong: ['male', 'man', 'a man', 'masculine', 'masculino', 'hombre', 'varon', 'homme', 'un homme', 'masculin', 'homem', 'm', 'masc', 'chico', 'boy', 'sexo masculino', 'genero masculino', 'guy', 'a guy', 'gentleman', 'gars', 'un gars', 'mec', 'un mec', 'garcon', 'un garcon', 'menino', 'rapaz', 'senor', 'caballero'] },
  single: { strong: ['single', 'soltero', 'soltera', 'celibataire', 'solteiro', 'solteira', 'not married', 'no estamos casados', 'no somos casados', 'nao somos casados', 'nao estamos casados', 'pas maries', 'on est pas maries', 'nous ne sommes pas maries', 'we re not married', 'we are not married', 'aren t married', 'no estoy casado', 'no estoy casada', 'no casado', 'no casada', 'pas marie', 'pas mariee', 'nao sou casado', 'nao sou casada', 'never married', 'nunca me case', 'unmarried'], weak: ['engaged', 'fiance', 'fiancee', 'comprometido', 'comprometida', 'prometido', 'prometida', 'noivo', 'noiva', 'noivos'] },
  married: { strong: ['married', 'casado', 'casada', 'marie', 'mariee', 'je suis marie', 'je suis mariee', 'estoy casado', 'estoy casada', 'sou casado', 'sou casada', 'casados', 'maries'], weak: ['esposo', 'esposa', 'marido', 'mujer y', 'wife', 'husband', 'mari', 'epouse'] },
  divorced: { strong: ['divorced', 'divorciado', 'divorciada', 'divorce', 'divorcee', 'divorcado', 'divorcada'] },
  widowed: { strong: ['widowed', 'widow', 'widower', 'viudo', 'viuda', 'veuf', 'veuve', 'viuvo', 'viuva', 'passed away', 'died', 'deceased', 'fallecio', 'murio', 'fallecido', 'fallecida', 'decede', 'decedee', 'est decede', 'faleceu', 'morreu', 'falecido', 'falecida'] },
  separated: { strong: ['separated', 'separado', 'separada', 'separe', 'separee'] },
  partnership: { strong: ['domestic partnership', 'civil union', 'common law', 'common-law', 'union libre', 'pareja de hecho', 'union de hecho', 'concubinato', 'convivencia', 'pacse', 'pacsee', 'pacs', 'concubinage', 'en concubinage', 'uniao estavel', 'uniao de facto', 'companheiro', 'companheira', 'juntado', 'juntada', 'juntados', 'conjoint de fait', 'conjointe de fait', 'union de fait', 'union civile'], weak: ['partner', 'pareja', 'conjoint', 'en couple', 'in a relationship', 'en pareja', 'namorando', 'live together', 'living together', 'we live together', 'vivimos juntos', 'vivo con mi pareja', 'vivo con mi novio', 'vivo con mi novia', 'on vit ensemble', 'nous vivons ensemble', 'je vis avec mon copain', 'je vis avec ma copine', 'moramos juntos', 'moro junto', 'moro junto com', 'moro com meu namorado', 'moro com minha namorada'] },
  tourism: {
    strong: ['turismo', 'turista', 'tourism', 'tourist', 'tourisme', 'touriste', 'vacaciones', 'vacation', 'vacations', 'holiday', 'holidays', 'vacances', 'ferias', 'de ferias', 'pasear', 'a pasear', 'paseo', 'passear', 'passeio', 'sightseeing', 'disney', 'disneyland', 'disney world', 'luna de miel', 'honeymoon', 'lune de miel', 'lua de mel', 'placer', 'pleasure', 'plaisir', 'lazer', 'ocio', 'loisirs', 'leisure', 'conocer', 'conhecer', 'decouvrir', 'turistear', 'viaje de placer', 'voyage d agrement', 'agrement', 'descansar', 'relax', 'visit new york', 'road trip', 'crucero', 'cruise', 'croisiere', 'cruzeiro', 'parques', 'parques tematicos', 'theme parks', 'parks', 'parcs', 'parcs d attractions', 'compras', 'de compras', 'shopping', 'faire du shopping'],
    weak: ['visitar', 'visit', 'visiting', 'visiter', 'viajar', 'travel', 'voyager', 'conocer el pais'],
  },
  business: {
    strong: ['negocios', 'negocio', 'business', 'affaires', 'd affaires', 'reunion', 'reuniones', 'reuniao', 'reunioes', 'meeting', 'meetings', 'conferencia', 'conferencias', 'conference', 'congreso', 'congress', 'congres', 'congresso', 'feria comercial', 'trade show', 'trade fair', 'salon professionnel', 'feira', 'viaje de trabajo', 'viajes de trabajo', 'por trabajo', 'de trabajo', 'work trip', 'business trip', 'for work', 'a trabalho', 'a trabajo', 'viagem de trabalho', 'a negocios', 'voyage professionnel', 'deplacement professionnel', 'pour le travail', 'pour le boulot', 'pour affaires', 'voyage d affaires', 'mission professionnelle', 'pour mon travail', 'para mi trabajo', 'para o trabalho', 'pelo trabalho', 'clientes', 'client', 'clients', 'cliente', 'proveedores', 'suppliers', 'fournisseurs', 'fornecedores', 'seminario', 'seminar', 'seminaire', 'capacitacion', 'negotiate', 'negociar', 'work related', 'trabajo de la empresa', 'mi empresa me envia', 'my company is sending me', 'enviado por mi empresa'],
    weak: ['trabajo', 'trabalho', 'travail', 'work', 'boulot', 'empresa', 'company', 'entreprise'],
  },
  study: { strong: ['learn', 'learning', 'to learn', 'aprender', 'apprendre', 'estudiar', 'estudios', 'estudio', 'study', 'studies', 'studying', 'student', 'estudiante', 'etudier', 'etudes', 'etudiant', 'etudiante', 'estudar', 'estudos', 'estudo', 'estudante', 'universidad', 'university', 'universite', 'universidade', 'faculdade', 'facultad', 'curso', 'cursos', 'course', 'courses', 'cours', 'intercambio', 'exchange program', 'exchange semester', 'exchange student', 'echange', 'semestre', 'semester', 'master', 'maestria', 'mestrado', 'doctorado', 'phd', 'school', 'escuela', 'ecole', 'escola', 'college', 'educacion', 'education', 'educacao'] },
  work: { strong: ['job offer', 'offered a job', 'offered me a job', 'got a job', 'me ofrecieron trabajo', 'me ofrecieron un trabajo', 'oferta de empleo', 'consegui trabajo', 'consegui un trabajo', "on m'a propose un emploi", 'on m a propose un emploi', 'offre d emploi', "offre d'emploi", 'me ofereceram um emprego', 'me ofereceram emprego', 'oferta de emprego', 'trabajar', 'to work', 'working', 'travailler', 'trabalhar', 'empleo', 'employment', 'emploi', 'emprego', 'contrato de trabajo', 'job offer', 'oferta de trabajo', 'work visa', 'visa de trabajo', 'visa de travail', 'visto de trabalho', 'h1b', 'h-1b', 'trabajo temporal', 'work there', 'get a job', 'conseguir trabajo', 'trouver un emploi', 'arranjar emprego'], weak: ['trabajo', 'trabalho', 'travail', 'work', 'boulot'] },
  transit: { strong: ['paso por', 'pasando por', 'solo paso por', 'passo por', 'passando por', 'vou passar por', 'je passe par', 'en passant par', 'je ne fais que passer', 'only passing through', 'just passing through', 'changing planes', 'change planes', 'changing flights', 'on my way to', 'cambio de avion', 'hago escala', 'de camino a', 'rumbo a', 'en route vers', 'en chemin vers', 'troca de aviao', 'trocar de aviao', 'a caminho de', 'transito', 'transit', 'escala', 'escalas', 'escale', 'une escale', 'faire escale', 'layover', 'stopover', 'connection', 'connecting flight', 'conexion', 'conexao', 'correspondance', 'de paso', 'en route', 'in transit', 'vuelo de conexion', 'voo de conexao', 'passing through', 'de passage', 'so de passagem', 'passagem'] },
  medical: { strong: ['tratamiento medico', 'medical treatment', 'medical', 'medico', 'cirugia', 'surgery', 'operacion', 'hospital', 'clinica', 'clinic', 'clinique', 'soins', 'soins medicaux', 'traitement', 'traitement medical', 'tratamento', 'tratamento medico', 'tratamiento', 'quimioterapia', 'chemotherapy', 'chimiotherapie', 'cirurgia', 'consulta medica', 'medical appointment', 'rendez-vous medical', 'soigner', 'me faire soigner', 'se faire soigner', 'tratarme', 'me tratar', 'tratar-me', 'me cuidar', 'get treated', 'treatment', 'hospitalisation', 'operation'] },
  family: {
    strong: [
      'familia', 'family', 'famille', 'familiares', 'parientes', 'relatives', 'hija', 'hijo', 'hijos', 'daughter', 'my son', 'our son', 'children', 'kids', 'fille', 'fils', 'enfants', 'filha', 'filho', 'filhos',
      'madre', 'padre', 'padres', 'mama', 'papa', 'mother', 'father', 'parents', 'mom', 'dad', 'mere', 'pere', 'mae', 'pai', 'meus pais', 'hermana', 'hermano', 'hermanos', 'sister', 'brother', 'soeur', 'frere', 'irma', 'irmao',
      'abuelos', 'abuela', 'abuelo', 'grandparents', 'grandmother', 'grandfather', 'grands-parents', 'avos', 'avo', 'nietos', 'nieta', 'nieto', 'grandchildren', 'grandson', 'granddaughter', 'petits-enfants', 'netos', 'neta', 'neto',
      'tia', 'tio', 'tios', 'aunt', 'uncle', 'tante', 'oncle', 'primo', 'prima', 'primos', 'cousin', 'cousins', 'cousine',
      'amigos', 'amigo', 'amiga', 'amigas', 'friends', 'friend', 'amis', 'ami', 'amie', 'amies', 'novio', 'novia', 'boyfriend', 'girlfriend', 'copain', 'copine', 'namorado', 'namorada',
      'boda', 'wedding', 'mariage', 'casamento', 'graduacion', 'graduation', 'bautizo', 'bapteme', 'batizado',
      'grandkids', 'grandkid', 'petit-fils', 'petite-fille', 'petits-fils', 'graduating', 'graduates', 'se gradua', 'se graduan', 'obtient son diplome',
      'remise de diplome', 'remise des diplomes', 'formatura', 'se formar', 'colacao de grau', 'new baby', 'nuevo bebe', 'nouveau-ne', 'bebe',
    ],
  },
  religious: { strong: ['religioso', 'religiosa', 'religious', 'religieux', 'religieuse', 'religiosas', 'religiosos', 'iglesia', 'church', 'eglise', 'igreja', 'peregrinacion', 'pilgrimage', 'pelerinage', 'peregrinacao', 'retiro espiritual', 'evangelizar', 'mision religiosa', 'missionary', 'misionero', 'missionnaire', 'missionario'] },
  regular: { strong: ['regular', 'ordinario', 'ordinaire', 'comum', 'normal', 'ordinary', 'common', 'standard', 'pasaporte normal', 'passaporte comum'] },
  official: { strong: ['official', 'oficial', 'officiel', 'de servicio', 'service'] },
  diplomatic: { strong: ['diplomatic', 'diplomatico', 'diplomatique', 'diplomata'] },
  // Who pays the trip (the ten-section form's payer): the applicant, an employer, a government; kin and friends are "family".
  self: {
    strong: [
      'myself', 'i do', 'i pay', 'i will pay', "i'll pay", 'i am paying', "i'm paying", 'im paying', 'paying myself', 'my own money', 'my savings', 'out of pocket', 'half me', 'me and', 'and me', 'and i', 'and myself',
      'yo', 'yo mismo', 'yo misma', 'pago yo', 'yo pago', 'lo pago yo', 'por mi cuenta', 'a mi cargo', 'mis ahorros', 'mi dinero', 'mi propio dinero', 'con mi sueldo',
      'moi', 'moi-meme', 'moi meme', 'je paie', 'je paye', 'a mes frais', 'mes economies', 'mon argent', 'avec mon salaire',
      'eu', 'eu mesmo', 'eu mesma', 'eu pago', 'pago eu', 'por minha conta', 'minhas economias', 'meu dinheiro', 'com meu salario', 'do meu bolso',
    ],
  },
  employer: { strong: ['my employer', 'my company', 'my job', 'my boss', 'the company', 'work pays', 'mi empresa', 'la empresa', 'mi trabajo', 'mi jefe', 'la compania', 'mon employeur', 'mon entreprise', "l'entreprise", 'l entreprise', 'mon patron', 'minha empresa', 'a empresa', 'meu trabalho', 'meu chefe', 'meu empregador', 'empleador', 'empregador', 'employeur', 'employer'] },
  spouse: { strong: ['wife', 'husband', 'spouse', 'esposa', 'esposo', 'marido', 'mujer', 'conyuge', 'femme', 'mari', 'epoux', 'epouse', 'conjoint', 'conjointe', 'mulher', 'conjuge'] },
  child: { strong: ['son', 'daughter', 'my son', 'my daughter', 'child', 'kid', 'hijo', 'hija', 'fils', 'fille', 'ma fille', 'mon fils', 'filho', 'filha', 'enfant'] },
  parent: { strong: ['mother', 'father', 'mom', 'mum', 'dad', 'parent', 'parents', 'madre', 'padre', 'mama', 'papa', 'mami', 'papi', 'mere', 'pere', 'maman', 'mae', 'pai', 'mamae', 'papai'] },
  sibling: { strong: ['brother', 'sister', 'older brother', 'younger brother', 'older sister', 'younger sister', 'big brother', 'little sister', 'hermano', 'hermana', 'hermano mayor', 'hermana menor', 'frere', 'soeur', 'grand frere', 'petite soeur', 'irmao', 'irma', 'irmao mais velho', 'irma mais nova'] },
  friend: { strong: ['friend', 'a friend', 'best friend', 'buddy', 'amigo', 'amiga', 'un amigo', 'una amiga', 'ami', 'amie', 'un ami', 'une amie', 'copain', 'copine', 'pote', 'amigo de infancia', 'ami d enfance'] },
  colleague: { strong: ['colleague', 'coworker', 'co-worker', 'workmate', 'a guy from work', 'someone from work', 'from work', 'companero de trabajo', 'companera de trabajo', 'colega', 'collegue', 'un collegue', 'une collegue', 'colega de trabalho'] },
  government: { strong: ['government', 'gobierno', 'gouvernement', 'governo', 'the state', 'el estado', "l'etat", 'l etat', 'o estado'] },
};


/** Which concept an option stands for, from its stored value ('Visit Family/Friends' → family). */
function conceptOf(optionValue: string): Concept | undefined {
  const v = fold(optionValue);
  const table: Array<[RegExp, Concept]> = [
    [/^yes$/, 'yes'], [/^no$/, 'no'], [/^female$/, 'female'], [/^male$/, 'male'], [/^single$/, 'single'], [/^married$/, 'married'],
    [/^divorced$/, 'divorced'], [/^widowed$/, 'widowed'], [/^separated$/, 'separated'], [/partnership/, 'partnership'],
    [/^tourism/, 'tourism'], [/^business$/, 'business'], [/^study/, 'study'], [/^work$/, 'work'], [/^transit$/, 'transit'],
    [/^spouse$/, 'spouse'], [/^child$/, 'child'], [/^parent$/, 'parent'], [/^sibling$/, 'sibling'], [/^friend$/, 'friend'], [/^colleague$/, 'colleague'],
    [/medical/, 'medical'], [/^self$/, 'self'], [/^employer$/, 'employer'], [/^government$/, 'government'], [/family/, 'family'], [/religious/, 'religious'], [/^regular/, 'regular'], [/^official$/, 'official'], [/^diplomatic$/, 'diplomatic'],
  ];
  return table.find(([re]) => re.test(v))?.[1];
}

/** A label's spellings: "Soltero(a)" gives soltero and soltera, "Cuisinier(ère)" cuisinier and cuisinière, "Veuf/Veuve" both. */
export function labelSpellings(label: string): string[] {
  const out = new Set<string>();
  const parts = label.split(/\s*\/\s*/);
  const tail = parts.length > 1 ? parts.at(-1)!.split(' ').slice(1).join(' ') : '';
  for (const [i, rawPart] of parts.entries()) {
    // "Homme/Femme au foyer": the words after the last part belong to each part.
    const part = i < parts.length - 1 && tail && !rawPart.includes(' ') ? `${rawPart} ${tail}` : rawPart;
    const folded = fold(part).replace(/[^\p{L}\p{N}() '-]+/gu, ' ').trim();
    const suffixed = /^(.*?)(\p{L}*)\((\p{L}+)\)(.*)$/u.exec(folded);
    if (suffixed) {
      const [, before, stem, suffix, after] = suffixed as unknown as [string, string, string, string, string];
      out.add(`${before}${stem}${after}`.trim());
      let other = `${stem}${suffix}`;
      if (suffix === 'a' && stem.endsWith('o')) other = `${stem.slice(0, -1)}a`;
      else for (let k = Math.min(stem.length, suffix.length); k > 0; k--) if (stem.endsWith(suffix.slice(0, k))) { other = stem.slice(0, -k) + suffix; break; }
      out.add(`${before}${other}${after}`.trim());
    } else out.add(folded);
  }
  return [...out].map((s) => s.replace(/\s+/g, ' ')).filter((s) => s.length > 0);
}

interface Match {
  option: string;
  strength: number;
  start: number;
  end: number;
  /** The concept the words name, when they name one ('family' for "my daughter"). */
  concept?: Concept;
}

/** Every option phrase found in the answer, as whole words, with where it is. */
function matches(options: readonly AskedOption[], text: string, purposeMap: (c: Concept) => Concept | undefined): Match[] {
  const words = plain(text).replace(/'/g, ' ');
  const padded = ` ${words} `;
  const out: Match[] = [];
  const weakWords = new Set(Object.values(WORDS).flatMap((w) => w.weak ?? []));
  const find = (option: string, phrase: string, strength: number, concept?: Concept) => {
    const p = ` ${fold(phrase).replace(/'/g, ' ')} `;
    // A lone letter ('f', 'm') is an answer only on its own: "I'm a woman" has an m in it.
    if (p.trim().length <= 1 && words.trim() !== p.trim()) return;
    for (let at = padded.indexOf(p); at >= 0; at = padded.indexOf(p, at + 1)) out.push({ option, strength, start: at, end: at + p.length - 2, ...(concept ? { concept } : {}) });
  };
  for (const option of options) {
    const concept = conceptOf(option.value);
    for (const label of Object.values(option.labels)) for (const spelling of labelSpellings(label)) find(option.value, spelling, weakWords.has(spelling) ? WEAK : LABEL, concept);
    find(option.value, fold(option.value), weakWords.has(fold(option.value)) ? WEAK : LABEL, concept);
  }
  const present = new Set(options.map((o) => conceptOf(o.value)));
  // "separated but not divorced": an option said with "not" before it is not the answer ("not married" is a phrase
  // of its own, for single).
  const negated = (m: Match) => /(?:^| )(?:not|no|pas|nao|never|nunca|jamais|ni)(?: (?:been|yet|ever|really|legally|encore|jamais|ainda|todavia|aun|legalmente|legalement))?$/.test(padded.slice(0, m.start).trimEnd());
  for (const [concept, { strong, weak }] of Object.entries(WORDS) as Array<[Concept, { strong: string[]; weak?: string[] }]>) {
    const target = present.has(concept) ? concept : purposeMap(concept);
    const option = options.find((o) => target && conceptOf(o.value) === target);
    if (!option) continue;
    const mapped = target !== concept;
    for (const phrase of strong) find(option.value, phrase, mapped ? MAPPED[concept] ?? WEAK : STRONG, concept);
    for (const phrase of weak ?? []) find(option.value, phrase, WEAK, concept);
  }
  return inSentence(out.filter((m) => !negated(m)), padded, options, purposeMap);
}

/** "with my family", "con mi familia", "en famille", "com a família": who travels along, not whom the trip is for. */
const ALONG = /(?:^| )(?:with|along with|con|junto con|en|avec|com|junto com)(?: (?:my|the|our|mi|mis|la|el|los|las|nuestra|nuestro|nuestros|ma|mon|mes|notre|nos|a|o|os|as|minha|meu|meus|minhas|nossa|nosso))?$/;
/** The applicant's own studying or working, said in the first person, which a relative's does not take over. */
const OWN_STUDY = /(?:^| )(?:i will study|i'll study|to study|study|studying|estudiar|voy a estudiar|estudio|a estudiar|etudier|je vais etudier|estudar|vou estudar|to learn|learn|aprender|apprendre|to work|trabajar|travailler|trabalhar)(?= )/;
/** Words naming an event people attend for work, which a medical or scientific word only qualifies. */
const EVENT = /^(?:conference|congress|convention|seminar|symposium|meeting|fair|conferencia|congreso|convencion|seminario|simposio|jornadas|feria|conference|congres|colloque|salon|seminaire|congresso|conferencia|seminario|simposio|feira)$/;

/**
 * A sentence's words read together: who comes along is not whom the trip is for ("de vacaciones con mi familia"); a
 * relative's studies or job make the trip a family visit ("my daughter is graduating from college"); a medical
 * congress is a business trip ("un congreso médico").
 */
function inSentence(found: Match[], padded: string, options: readonly AskedOption[], purposeMap: (c: Concept) => Concept | undefined): Match[] {
  const optionFor = (concept: Concept) => options.find((o) => conceptOf(o.value) === (options.some((x) => conceptOf(x.value) === concept) ? concept : purposeMap(concept)));
  let kept = found.filter((m) => !(m.concept === 'family' && ALONG.test(padded.slice(0, m.start).trimEnd())));
  const relative = kept.some((m) => m.concept === 'family');
  if (relative && !OWN_STUDY.test(padded) && kept.some((m) => m.concept === 'study' || m.concept === 'work')) {
    const family = optionFor('family');
    kept = kept.filter((m) => m.concept !== 'study' && m.concept !== 'work');
    if (family && !kept.some((m) => m.option === family.value)) kept.push({ option: family.value, strength: STRONG, start: 0, end: 0, concept: 'family' });
  }
  const words = padded.trim().split(' ');
  if (words.some((w) => EVENT.test(w))) kept = kept.filter((m) => m.concept !== 'medical');
  return kept;
}

/** How sure a concept is when the question has no option of its own and it stands for another (family → tourism). */
const MAPPED: Partial<Record<Concept, number>> = { family: 0.9, medical: 0.85, religious: 0.7 };

/** A family visit or a medical trip is a tourism (B-2) purpose when the question has no option for it. */
const MAP_PURPOSE = (concept: Concept): Concept | undefined => (concept === 'family' || concept === 'medical' || concept === 'religious' ? 'tourism' : undefined);

function readLength(options: readonly AskedOption[], text: string): Reading | undefined {
  const found = findDurations(text).filter((d) => !d.bare || findDurations(text).length === 1);
  if (found.length === 0) return undefined;
  const days = found.length >= 1 ? found[0]!.days : 0;
  const bucket = days < 30 ? 'Less than 30 days' : days < 60 ? '30-60' : days < 90 ? '60-90' : days <= 180 ? '90-180' : 'More than 180 days';
  const option = options.find((o) => o.value === bucket);
  if (!option) return undefined;
  // On a boundary ("un mes", "tres meses") the stay may fall either side: shown and asked.
  const edge = [30, 60, 90, 180].includes(days);
  return value(option.value, edge ? 0.6 : found[0]!.bare ? 0.8 : 0.92, { quote: text.trim() });
}

const isLengthQuestion = (options: readonly AskedOption[]) => options.some((o) => o.value === 'Less than 30 days');

export function readChoice(options: readonly AskedOption[], text: string): Reading {
  const all = matches(options, text, MAP_PURPOSE);
  // A length named by its option's label ("Less than 30 days", "De 30 a 60 días") is that option; else it is counted.
  if (isLengthQuestion(options) && !all.some((m) => m.strength >= LABEL)) {
    const byLength = readLength(options, text);
    if (byLength) return byLength;
  }
  // A phrase inside a longer phrase found is that phrase's ("viaje de trabajo" is not "trabajo").
  const longest = all.filter((m) => !all.some((o) => o !== m && o.start <= m.start && o.end >= m.end && o.end - o.start > m.end - m.start));
  // "Mi hermana" is a sibling before it is "other family": the exact kin, where the question has it, wins.
  const kept = longest.filter((m) => !(m.concept === 'family' && longest.some((o) => o.concept && KIN.has(o.concept) && o.start <= m.start && o.end >= m.end)));
  // Living together and not married ("we live together, not married", "vivo con mi pareja, no estamos casados"): a
  // domestic partnership or single is the applicant's to say, so both are offered.
  const together = kept.find((m) => m.concept === 'partnership');
  // Only a single said as "not married": "soltera, pero vivo con mi novio" says single outright, and is stored.
  const words = ` ${plain(text).replace(/'/g, ' ')} `;
  const single = kept.find((m) => m.concept === 'single' && /\b(?:not|no|nao|pas|never|nunca)\b/.test(words.slice(m.start, m.end + 1)));
  if (together && single) return value(together.option, 0.5, { alternatives: [single.option] });
  const best = new Map<string, number>();
  for (const m of kept) best.set(m.option, Math.max(best.get(m.option) ?? 0, m.strength));
  const ranked = [...best.entries()].sort((a, b) => b[1] - a[1]);
  if (ranked.length === 0) return fuzzy(options, text);
  const [[top, strength], second] = ranked as [[string, number], [string, number] | undefined];
  // The words of the strongest phrase for the option chosen: read alone, they say the same.
  const quote = kept.filter((m) => m.option === top).sort((a, b) => b.strength - a.strength)[0];
  const quoted = quote ? plain(text).replace(/'/g, ' ').slice(quote.start, quote.end).trim() : undefined;
  if (second && second[1] >= strength - 0.05) return value(top, 0.5, { alternatives: ranked.slice(1).map(([o]) => o), ...(quoted ? { quote: quoted } : {}) });
  return value(top, strength, quoted ? { quote: quoted } : {});
}

const NEGATIONS = new Set(['not', 'no', 'pas', 'nao', 'never', 'nunca', 'jamais', 'ni']);

/** A label typed with a slip ("divorsiada", "tourisim"): close to one option's spelling only. */
function fuzzy(options: readonly AskedOption[], text: string): Reading {
  const words = plain(text).split(' ');
  // "pas encore mariée": a label said with a "not" is not that label, slip or not.
  if (words.length > 4 || words.some((w) => NEGATIONS.has(w))) return silent('notUnderstood');
  const typed = words.join(' ');
  // In a sentence a short word one letter from a label is as likely another word ("vivo com minha namorada" is not
  // "viúvo"): there only longer words are read as slips.
  const candidates = words.length <= 2 ? [typed, ...words] : words.filter((w) => w.length >= 6);
  const close = new Set<string>();
  for (const option of options) {
    const spellings = [...Object.values(option.labels).flatMap(labelSpellings), ...(WORDS[conceptOf(option.value) as Concept]?.strong ?? [])];
    for (const s of spellings) {
      if (s.length < 5) continue;
      for (const w of candidates) if (distance(w, s, 2) <= (s.length >= 8 ? 2 : 1)) close.add(option.value);
    }
  }
  // Held back: an option's slip inside a sentence is still stored, since offering it (as countries and dates do,
  // `wholeSlip` in leadIns.ts) costs held-out table B one Portuguese purpose and the ratchet takes no fall (README).
  if (close.size === 1) return value([...close][0]!, 0.85, { quote: text.trim() });
  return silent('notUnderstood');
}
